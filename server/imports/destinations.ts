// The tables a user may import into (GetDestinations): every table of the applied packs that has
// a field they may fill, that they may create records in, and whose saves do nothing beyond what
// the import does itself (a table with a server behaviour, such as users, is kept out).
import type { ImportDestination } from '../../definitions/language/index.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { importableFields } from './columns.ts';

/** Behaviours that run beside a save call only (the record behaviours hold on an import's writes too). */
const SAVE_ONLY_BEHAVIOURS = new Set(['site-dictionary', 'user-account']);

export function isDestination(model: TableModel, principal: Principal): boolean {
  return (
    !model.table.readOnly &&
    ![model.table.behaviour ?? []].flat().some((n) => SAVE_ONLY_BEHAVIOURS.has(n)) &&
    principal.can(model.table.right, 'create') &&
    importableFields(model, principal).length > 0
  );
}

export function destinations(snapshot: Snapshot, principal: Principal, filter?: string | null): ImportDestination[] {
  const wanted = filter?.trim().toLowerCase();
  const out: ImportDestination[] = [];
  for (const table of snapshot.effective.tables.values()) {
    const model = snapshot.table(table.name);
    if (!model || !isDestination(model, principal)) continue;
    const label = table.label ?? table.name;
    if (wanted && !label.toLowerCase().includes(wanted) && !table.name.toLowerCase().includes(wanted)) continue;
    out.push({ ID: table.name, Descr: label });
  }
  return out.sort((a, b) => a.Descr.localeCompare(b.Descr, 'nl'));
}
