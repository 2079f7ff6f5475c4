// The tables a user may import into (GetDestinations): every table of the applied packs that has
// a field they may fill and that they may create records in; tables whose rows are definitions or
// accounts (the dictionaries, users) are kept out.
import type { ImportDestination, Translate } from '../../definitions/language/index.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { importableFields } from './columns.ts';

/** Behaviours of tables whose rows are definitions or accounts: written one record at a time, in forms. */
const FORM_ONLY_BEHAVIOURS = new Set(['site-dictionary', 'user-account']);

export function isDestination(model: TableModel, principal: Principal): boolean {
  return (
    !model.table.readOnly &&
    ![model.table.behaviour ?? []].flat().some((n) => FORM_ONLY_BEHAVIOURS.has(n)) &&
    principal.can(model.table.right, 'create') &&
    importableFields(model, principal).length > 0
  );
}

/**
 * The destinations by label in the user's language (`t`, `language`), sorted as that language
 * sorts; the filter finds a table by its label there, its Dutch label or its name.
 */
export function destinations(
  snapshot: Snapshot,
  principal: Principal,
  filter?: string | null,
  t: Translate = (text) => text,
  language = 'nl',
): ImportDestination[] {
  const wanted = filter?.trim().toLowerCase();
  const out: ImportDestination[] = [];
  for (const table of snapshot.effective.tables.values()) {
    const model = snapshot.table(table.name);
    if (!model || !isDestination(model, principal)) continue;
    const dutch = table.label ?? table.name;
    const label = t(dutch);
    if (wanted && ![label, dutch, table.name].some((text) => text.toLowerCase().includes(wanted))) continue;
    out.push({ ID: table.name, Descr: label });
  }
  return out.sort((a, b) => a.Descr.localeCompare(b.Descr, language));
}
