// A list field's `listFilter` (docs/business-records.md): the rows it may take are limited by the
// record being edited (a contact person of the chosen relation, an order line of the receipt's
// purchase order). The lookup offers only those rows and a save refuses another. Values read
// through a path are read as the user may see them: a row or field they may not see limits
// nothing, so the offer never tells what it holds.
import type { EffectiveField } from '../../definitions/language/index.ts';
import { isEmptyValue } from '../../definitions/language/record-schema.ts';
import { labelled } from '../../definitions/language/message-args.ts';
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import type { FieldMessage } from '../errors.ts';
import type { ListJoin, TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { isHidden } from './access.ts';
import { Params } from './filters.ts';
import { referencedModel, relatedValues, type TableOf } from './related.ts';
import { seen } from './table-sql.ts';

/** One parameter of the list a listFilter binds: the list's field it compares and the record's value. */
export interface FilterValue {
  param: string;
  /** The field of the list's table the parameter compares. */
  listField: string;
  /** The record's field the value comes from (the first step of a path). */
  source: EffectiveField | undefined;
  /** The field the value is read from: the record's own, or the last step of a path. */
  from: EffectiveField | undefined;
  value: unknown;
}

/**
 * The field holding the table name of the record a row belongs to, when `field` is the row's kind
 * (`belongsTo.kinds`): its picker offers only the kinds that apply to that table.
 */
export function kindsTableField(model: TableModel, field: EffectiveField): EffectiveField | undefined {
  const b = model.table.belongsTo;
  if (b?.kinds?.field.toLowerCase() !== field.name.toLowerCase()) return undefined;
  return model.byName.get(b.table.toLowerCase());
}

/** The fields of the record a field's listFilter reads (the first step of each path), and a kind's table field. */
export const filterSources = (model: TableModel, field: EffectiveField): EffectiveField[] => [
  ...Object.values(field.listFilter ?? {}).flatMap((s) => {
    const f = model.byName.get(s.split('.')[0].toLowerCase());
    return f ? [f] : [];
  }),
  ...(kindsTableField(model, field) ? [kindsTableField(model, field)!] : []),
];

/** The kind's flag that says it applies to the record's table (`belongsTo.kinds`), as a parameter bound to true. */
function kindFlag(model: TableModel, join: ListJoin, record: Record<string, unknown>): FilterValue[] {
  const tableField = kindsTableField(model, join.field);
  const owner = tableField ? String(record[tableField.name] ?? '').toLowerCase() : '';
  const flags = Object.entries(model.table.belongsTo?.kinds?.flags ?? {});
  const flag = flags.find(([table]) => table.toLowerCase() === owner)?.[1];
  if (!tableField || !flag) return [];
  return [{ param: flag, listField: flag, source: tableField, from: tableField, value: true }];
}

/** Whether a step of the path is a field the principal may not see. */
function pathHidden(model: TableModel, path: string, principal: Principal, tableOf: TableOf): boolean {
  let at: TableModel | undefined = model;
  for (const step of path.split('.')) {
    if (!at || isHidden(at.table, principal, step)) return true;
    at = referencedModel(at, step, tableOf);
  }
  return false;
}

/** The field a path ends at (`Receipt.PurchaseOrder`: the receipt's PurchaseOrder). */
function lastField(model: TableModel, path: string, tableOf: TableOf): EffectiveField | undefined {
  const steps = path.split('.');
  let at: TableModel | undefined = model;
  for (const step of steps.slice(0, -1)) at = at && referencedModel(at, step, tableOf);
  return at?.byName.get(steps[steps.length - 1].toLowerCase());
}

/** The record's values for each parameter the field's listFilter binds (null: limits nothing). */
export async function filterValues(
  db: Queryable,
  model: TableModel,
  join: ListJoin,
  record: Record<string, unknown>,
  tableOf: TableOf,
  principal: Principal,
): Promise<FilterValue[]> {
  const filter = join.field.listFilter ?? {};
  const paths = Object.values(filter).filter((s) => s.includes('.') && !pathHidden(model, s, principal, tableOf));
  // A path starts at a list field: only a whole number can name its row.
  const start = (s: string) => record[model.byName.get(s.split('.')[0].toLowerCase())?.name ?? ''];
  const readable = paths.filter((p) => Number.isSafeInteger(Number(start(p))) && !isEmptyValue(start(p) ?? null));
  const related = readable.length
    ? await relatedValues(
        db,
        model,
        record,
        readable.map((p) => ({ var: p })),
        tableOf,
        principal,
      )
    : undefined;
  const parameters = Object.entries(join.list.parameters ?? {});
  const own = Object.entries(filter).map(([param, source]) => {
    const listField = parameters.find(([k]) => k.toLowerCase() === param.toLowerCase())?.[1] ?? param;
    const own = model.byName.get(source.split('.')[0].toLowerCase());
    const value = source.includes('.')
      ? related?.get(source)
      : source === 'AutoID'
        ? record.AutoID
        : own && !isHidden(model.table, principal, own.name)
          ? record[own.name]
          : null;
    return {
      param,
      listField,
      source: own,
      from: lastField(model, source, tableOf),
      value: isEmptyValue(value ?? null) ? null : value,
    };
  });
  return [...own, ...kindFlag(model, join, record)];
}

/**
 * The problem of a list value outside its field's listFilter: the row it names does not hold the
 * record's values (judged over the rows the principal sees, as the lookup offers them).
 */
export async function outsideFilter(
  db: Queryable,
  model: TableModel,
  join: ListJoin,
  record: Record<string, unknown>,
  tableOf: TableOf,
  principal: Principal,
): Promise<FieldMessage | undefined> {
  const value = record[join.field.name];
  if (isEmptyValue(value ?? null)) return undefined;
  const bound = (await filterValues(db, model, join, record, tableOf, principal)).filter((b) => b.value !== null);
  if (!bound.length) return undefined;
  const params = new Params();
  const where = [`j.autoid = ${params.add(value)}`];
  for (const b of bound) {
    const f = join.ref.fields.find((x) => x.name.toLowerCase() === b.listField.toLowerCase());
    where.push(`j.${f ? ident(f.sqlName) : 'autoid'}::text = ${params.add(String(b.value))}`);
  }
  const found = await db.query(`SELECT 1 ${seen(join.ref, principal, 'j', params).from(where)}`, params.values);
  if (found.rowCount) return undefined;
  const from = bound[0].from;
  return { id: 'validation.list_filter', args: [labelled(join.field), from ? labelled(from) : bound[0].param] };
}
