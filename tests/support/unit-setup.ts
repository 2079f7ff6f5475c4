// Component tests wait for what a user would see. On a machine under load an update may take
// longer than testing-library's one-second default, and timing must never decide a test: its
// waits (waitFor, findBy…) give up only after ten seconds; a passing test waits no longer.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
