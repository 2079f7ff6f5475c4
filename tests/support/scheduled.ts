// Runs the scheduled-actions task once on a test server's engine, as the nightly schedule does,
// and answers what it says for the task's log.
import type { Engine } from '../../server/engine.ts';
import { scheduledActions } from '../../server/jobs/scheduled-actions.ts';

export const runScheduledActions = (engine: Engine): Promise<string> =>
  scheduledActions.run(
    { pool: engine.pool, snapshot: () => engine.registry.snapshot, files: engine.files, log: () => {} },
    {},
    { last: true },
  );
