// The row limits under a record (a security group) that name nothing valid, for its screen: the
// rows of its grid tabs whose table has the row-limit behaviour, read as a grid of that table
// reads them, judged by the same check as the explain call's InvalidRowLimits and said in the
// user's language.
import type { Language, MessageId, RowLimitProblemsAnswer } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { hiddenFields, withoutHidden } from '../data/access.ts';
import { readRecord, readStoredWhere } from '../data/records.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { Principal } from '../security/principal.ts';
import { rowLimitFault, type RowLimitFault } from '../security/principal-of.ts';
import { messageIn } from '../texts.ts';
import { limitOfRecord } from './row-limit.ts';

const BEHAVIOUR = 'row-limit';

/** What each fault says, by the name it holds (a field's also by its table, a value's by its field). */
const SAID = {
  table: 'rowlimit.table',
  field: 'rowlimit.field',
  userfield: 'rowlimit.userfield',
  path: 'rowlimit.path',
  tree: 'rowlimit.tree',
  value: 'rowlimit.value',
  kind: 'rowlimit.kind',
} as const satisfies Record<RowLimitFault['kind'], MessageId>;

function say(language: Language, fault: RowLimitFault, table: string): string {
  const second = fault.kind === 'field' ? table : fault.kind === 'value' ? fault.field : undefined;
  return messageIn(language, SAID[fault.kind], fault.name, ...(second === undefined ? [] : [second]));
}

export async function rowLimitProblems(
  db: Queryable,
  snapshot: Snapshot,
  model: TableModel,
  principal: Principal,
  recordId: number,
  language: Language,
): Promise<RowLimitProblemsAnswer> {
  await readRecord(db, model, principal, recordId);
  const tableOf = (name: string) => snapshot.effective.tables.get(name.toLowerCase());
  const problems: RowLimitProblemsAnswer['Problems'] = [];
  for (const tab of model.screens.flatMap((s) => s.tabs ?? [])) {
    if (tab.kind !== 'grid' || (tab.right && !principal.can(tab.right, 'read'))) continue;
    const child = snapshot.table(tab.table);
    const parentField = child?.byName.get(tab.parentField.toLowerCase());
    if (!child || !parentField || ![child.table.behaviour].flat().includes(BEHAVIOUR)) continue;
    // Only limits the user may read, as the tab's grid shows them.
    if (!principal.can(child.table.right, 'read')) continue;
    const hidden = hiddenFields(child, principal);
    for (const stored of await readStoredWhere(db, child, principal, [[parentField, recordId]])) {
      const record = withoutHidden(stored, hidden);
      const limit = limitOfRecord(record, '');
      const fault = rowLimitFault(limit, tableOf);
      if (!fault) continue;
      problems.push({
        Tab: tab.name,
        AutoID: Number(record.AutoID),
        Table: limit.tablename,
        Field: limit.fieldname,
        Kind: limit.kind,
        Problem: say(language, fault, tableOf(limit.tablename)?.name ?? limit.tablename),
      });
    }
  }
  return { Problems: problems };
}
