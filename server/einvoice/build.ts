// The EN 16931 model of one record whose table has an `einvoice` mapping: its terms and its lines'
// terms read through the access layer as the principal sees them (row limits, hidden fields), paths
// through list fields followed as that principal too, then computed by the standard's rules.
import {
  evaluateRule,
  type EInvoiceDef,
  type EInvoiceRowSource,
  type EInvoiceSource,
  type EffectiveField,
} from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { readStored, readStoredWhere } from '../data/records.ts';
import { relatedValues, rowAtPath, type TableOf } from '../data/related.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { computeModel } from './compute.ts';
import type { EInvoiceModel, Terms } from './model.ts';

/** A value as the model keeps it: text, dates as YYYY-MM-DD, nothing as null. */
function termValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return String(value);
}

/** A field of the first row under the record (or the row its path reaches) for which `where` holds. */
async function rowValue(
  db: Queryable,
  model: TableModel,
  record: Record<string, unknown>,
  source: EInvoiceRowSource,
  tableOf: TableOf,
  principal: Principal,
): Promise<string | null> {
  const under = source.via
    ? await rowAtPath(db, model, record, source.via, tableOf, principal)
    : { model, id: Number(record.AutoID) };
  const rows = tableOf(source.row);
  if (!under || !rows) return null;
  const [row] = await readStoredWhere(db, rows, principal, [
    [parentField(rows, under.model), under.id],
    [rows.byName.get(source.where.toLowerCase())!, true],
  ]);
  if (!row) return null;
  return (await termsOf(db, rows, row, { value: source.field }, tableOf, principal)).value ?? null;
}

/** The terms of one row by its mapping: fields of the row, paths through its list fields, fixed values. */
async function termsOf(
  db: Queryable,
  model: TableModel,
  record: Record<string, unknown>,
  map: Partial<Record<string, EInvoiceSource>>,
  tableOf: TableOf,
  principal: Principal,
): Promise<Terms> {
  const entries = Object.entries(map).filter((e): e is [string, EInvoiceSource] => e[1] !== undefined);
  const paths = entries.flatMap(([, s]) => (typeof s === 'string' && s.includes('.') ? [{ var: s }] : []));
  const related = paths.length ? await relatedValues(db, model, record, paths, tableOf, principal) : undefined;
  const terms: Terms = {};
  for (const [term, source] of entries) {
    if (typeof source !== 'string')
      terms[term] = 'row' in source ? await rowValue(db, model, record, source, tableOf, principal) : source.value;
    else if (source.includes('.')) terms[term] = termValue(related?.get(source));
    else {
      const field = model.byName.get(source.toLowerCase());
      terms[term] = termValue(record[field?.name ?? source]);
    }
  }
  return terms;
}

/** The list field of `from` naming rows of `to`: the one named, or its only one. */
export function parentField(from: TableModel, to: TableModel, name?: string): EffectiveField {
  const joins = from.listJoins.filter(
    (j) =>
      j.ref.name.toLowerCase() === to.table.name.toLowerCase() &&
      (!name || j.field.name.toLowerCase() === name.toLowerCase()),
  );
  // The definitions check made sure there is exactly one.
  return joins[0].field;
}

/** The model of the record `id` of `model` (its table has an einvoice mapping). */
export async function buildModel(
  db: Queryable,
  model: TableModel,
  mapping: EInvoiceDef,
  id: number,
  tableOf: TableOf,
  principal: Principal,
): Promise<EInvoiceModel> {
  const record = await readStored(db, model, principal, id);
  const linesModel = tableOf(mapping.lines.table)!;
  const parent = parentField(linesModel, model, mapping.lines.parent);
  const when = mapping.lines.when;
  const rows = (await readStoredWhere(db, linesModel, principal, [[parent, id]])).filter(
    (row) => when === undefined || evaluateRule(when, row),
  );
  const terms = await termsOf(db, model, record, mapping.terms, tableOf, principal);
  const lines: Terms[] = [];
  for (const row of rows) lines.push(await termsOf(db, linesModel, row, mapping.lines.terms, tableOf, principal));
  return computeModel({ terms, lines });
}

/** The values of a row of the documents table that `set` names (fields or paths of the record). */
export async function documentValues(
  db: Queryable,
  model: TableModel,
  record: Record<string, unknown>,
  set: Record<string, string>,
  tableOf: TableOf,
  principal: Principal,
): Promise<Record<string, unknown>> {
  const paths = Object.values(set).filter((s) => s.includes('.'));
  const related = paths.length
    ? await relatedValues(
        db,
        model,
        record,
        paths.map((p) => ({ var: p })),
        tableOf,
        principal,
      )
    : undefined;
  return Object.fromEntries(
    Object.entries(set).map(([to, from]) => [
      to,
      from.includes('.')
        ? (related?.get(from) ?? null)
        : (record[model.byName.get(from.toLowerCase())?.name ?? from] ?? null),
    ]),
  );
}
