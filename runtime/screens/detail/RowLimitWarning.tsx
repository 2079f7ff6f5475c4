// Above a record whose grid tabs hold row limits (a security group): each limit that names
// nothing valid (an unknown table or field, a value kind without a value …), as the explain call
// judges it, so an administrator sees what to repair without asking for it.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { api, type RowLimitProblemsAnswer } from '../../api/index.ts';

export interface RowLimitWarningProps {
  table: string;
  autoid: number;
  /** Bumped after a save or a child row's change: asked again. */
  version: number;
}

export function RowLimitWarning({ table, autoid, version }: RowLimitWarningProps) {
  const { t } = useLingui();
  const [problems, setProblems] = useState<RowLimitProblemsAnswer['Problems']>([]);
  useEffect(() => {
    let live = true;
    api.rowLimitProblems(table, autoid).then(
      (answer) => {
        if (live) setProblems(answer.Problems);
      },
      (error) => console.error('GetRowLimitProblems failed', error),
    );
    return () => {
      live = false;
    };
  }, [table, autoid, version]);
  if (problems.length === 0) return null;
  return (
    <div className="app-row-limit-warning" role="alert">
      <strong>{t`Rijbeperkingen die niets geldigs noemen`}</strong>
      <ul>
        {problems.map((p) => (
          <li key={p.AutoID}>
            <span className="app-row-limit-name">
              {p.Table}.{p.Field} ({p.Kind})
            </span>
            : {p.Problem}
          </li>
        ))}
      </ul>
    </div>
  );
}
