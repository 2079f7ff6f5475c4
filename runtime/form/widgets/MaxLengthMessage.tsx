import { useLingui } from '@lingui/react/macro';
import type { MaxLengthProblem } from '../rules/index.ts';

/** The spec's message (key validation.max_length) while a text is over its maximum length. */
export function MaxLengthMessage({ problem }: { problem: MaxLengthProblem | null }) {
  const { t } = useLingui();
  if (!problem) return null;
  const { max, length } = problem;
  return (
    <div className="form-field-error" role="alert">
      {t({
        id: 'validation.max_length',
        message: `field must be less than or equal to ${max} characters, you entered ${length}`,
      })}
    </div>
  );
}
