// Derive: the values a save would derive for the record as the form holds it, before it is saved
// (a line's description, price and VAT code from the product just chosen). Only `defaultFrom`
// and `compute` fields, only those the user may see, read through the access layer as the save
// reads them; nothing is written. A value that cannot be computed yet is left out: the save says why.
import { isEmptyValue } from '../../definitions/language/record-schema.ts';
import type { EffectiveField } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { AppError } from '../errors.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { hiddenFields, underivedFields } from './access.ts';
import { computeValues } from './computed.ts';
import {
  authorize,
  blankRecord,
  listValuesExist,
  parseAutoId,
  readStored,
  recordInput,
  refuseMisfits,
} from './records.ts';
import { relatedValues, type TableOf } from './related.ts';

/** The derived fields' values for the record as given: `{Values: {Field: value}}`. */
export async function deriveValues(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  body: Record<string, unknown>,
  tableOf: TableOf,
): Promise<{ Values: Record<string, unknown> }> {
  authorize(model, principal, 'read');
  const id = body.AutoID === undefined || body.AutoID === null || body.AutoID === 0 ? 0 : parseAutoId(body.AutoID);
  // An existing record only within the user's row limits (not found otherwise, as GetItem).
  const current = id ? await readStored(db, model, principal, id) : null;
  const hidden = new Set(hiddenFields(model, principal).map((f) => f.name));
  // The form's record as a save reads it: unknown keys and values that fit no field are refused (400).
  const given = recordInput(model, body);
  refuseMisfits(model, given);
  // Only the record's own fields the user may see are taken from the form.
  const input: Record<string, unknown> = {};
  const lists = new Map<EffectiveField | 'archive', unknown>();
  for (const field of model.table.fields) {
    if (!Object.hasOwn(given, field.name) || hidden.has(field.name)) continue;
    const value = given[field.name];
    // A reference is a row's AutoID; anything else names no row.
    if (field.type === 'list' && value !== null && !Number.isSafeInteger(value)) continue;
    input[field.name] = value;
    if (field.type === 'list') lists.set(field, value);
  }
  // A row chosen anew must be one the user may see, as the save demands: nothing is derived from another.
  await listValuesExist(db, model, principal, lists, current);
  const merged: Record<string, unknown> = { ...(current ?? blankRecord(model)), ...input };
  const out: Record<string, unknown> = {};
  const underived = underivedFields(model.table, principal);
  const derivable = (f: EffectiveField) => !hidden.has(f.name) && !underived.has(f.name.toLowerCase());

  // defaultFrom: as the save takes it (on create, or when the reference changes; an editable
  // field only while it is empty), from the referenced row as the user may see it.
  const referenceOf = (f: EffectiveField) => model.byName.get((f.defaultFrom ?? '').split('.')[0].toLowerCase());
  const wanted = model.table.fields.filter((f) => {
    const reference = referenceOf(f);
    if (!f.defaultFrom || !reference || !derivable(f)) return false;
    const changes = current === null || merged[reference.name] !== current[reference.name];
    return changes && (f.enabled === false || isEmptyValue(merged[f.name] ?? null));
  });
  if (wanted.length) {
    const related = await relatedValues(
      db,
      model,
      merged,
      wanted.map((f) => ({ var: f.defaultFrom })),
      tableOf,
      principal,
    );
    for (const f of wanted) {
      const reference = referenceOf(f);
      const value =
        reference && !isEmptyValue(merged[reference.name] ?? null) ? (related?.get(f.defaultFrom ?? '') ?? null) : null;
      if (value === null && f.enabled !== false) continue;
      merged[f.name] = value;
      out[f.name] = value;
    }
  }

  // compute: over the record as the save would leave it; one that cannot be computed yet is left out.
  const computed = model.computed.filter(derivable);
  if (computed.length) {
    try {
      for (const [f, value] of await computeValues(db, model, merged, tableOf, principal, computed))
        out[f.name] = value;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  return { Values: out };
}
