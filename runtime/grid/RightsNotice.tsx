// What the user's rights keep from a grid, said instead of left to guess (an empty grid puzzles a
// newcomer): the rows of states they may not see and the list columns whose text stays empty,
// each with the right they lack, named as the rights screen names it.
import { useLingui } from '@lingui/react/macro';
import type { MissingRight } from '../api/index.ts';
import type { GridColumn } from './types.ts';

interface RightsNoticeProps {
  /** Rights whose lack keeps rows from the user (Meta.Unseen). */
  unseen: readonly MissingRight[];
  /** The columns as the server described them; a list column the user cannot read carries Restricted. */
  columns: readonly GridColumn[];
}

export function RightsNotice({ unseen, columns }: RightsNoticeProps) {
  const { t } = useLingui();
  const restricted = columns.filter((c) => c.Restricted);
  if (!unseen.length && !restricted.length) return null;
  return (
    <details className="grid-rights">
      <summary>{t`Niet alles is zichtbaar met uw rechten`}</summary>
      {unseen.length > 0 && (
        <p>
          {t`Rijen die u zonder deze rechten niet ziet:`} {unseen.map((u) => u.Name).join(', ')}
        </p>
      )}
      {restricted.length > 0 && (
        <ul>
          {restricted.map((c) => {
            const column = c.Title ?? c.FieldName;
            const right = c.Restricted?.Name ?? '';
            return <li key={c.FieldName}>{t`De kolom ${column} blijft leeg zonder het recht ${right}.`}</li>;
          })}
        </ul>
      )}
      <p>{t`Hebt u deze gegevens nodig? Vraag uw beheerder om het recht.`}</p>
    </details>
  );
}
