// Suggested values (`compute` with `overridable`): a computed value the user may replace, such as
// a person's display name from the name parts. A write takes it while the field is empty or still
// holds what the stored record's values gave (the user left it as suggested); a value the user gave
// is kept. Filled into the write's input before the checks, so a required field is judged filled.
import type { EffectiveField } from '../../definitions/language/index.ts';
import { isEmptyValue } from '../../definitions/language/record-schema.ts';
import type { Queryable } from '../db/pool.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { underivedFields } from './access.ts';
import { computeValues } from './computed.ts';
import { blankRecord } from './records.ts';
import type { TableOf } from './related.ts';

const overridable = (f: EffectiveField) => f.compute?.overridable === true;

/** The computed fields every write computes whatever was sent: those no user overrides. */
export const storedComputed = (model: TableModel): EffectiveField[] => model.computed.filter((f) => !overridable(f));

const same = (a: unknown, b: unknown) =>
  (isEmptyValue(a ?? null) && isEmptyValue(b ?? null)) || String(a ?? '') === String(b ?? '');

/** Fills the suggested fields of a write's input (`record`) that the user left as suggested. */
export async function suggestValues(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  record: Record<string, unknown>,
  current: Record<string, unknown> | null,
  tableOf: TableOf,
): Promise<void> {
  const underived = underivedFields(model.table, principal);
  const fields = model.computed.filter((f) => overridable(f) && !underived.has(f.name.toLowerCase()));
  if (!fields.length) return;
  const merged = { ...(current ?? blankRecord(model)), ...record };
  // computeValues writes each value into the record it is given: copies, so the input stays as sent.
  const now = await computeValues(db, model, { ...merged }, tableOf, principal, fields);
  const before = current ? await computeValues(db, model, { ...current }, tableOf, principal, fields) : undefined;
  for (const f of fields) {
    const given = merged[f.name];
    if (isEmptyValue(given ?? null) || (before && same(given, before.get(f)))) record[f.name] = now.get(f) ?? null;
  }
}
