// A new record's defaults that are read from the database: a field's setting (`defaultSetting`: a
// field of a settings table's row, such as the workflow settings' default status) while the
// setting has a value, else a list field's default row (`defaultRow`: the status marked
// IsDefault), the one row of the referenced table whose fields hold the given values. A row is
// taken only as the acting user may see it (a row outside their limits is none). GetNew shows
// them, a create stores them.
import { isEmptyValue } from '../../definitions/language/record-schema.ts';
import type { EffectiveField } from '../../definitions/language/index.ts';
import { ident } from '../db/sql.ts';
import type { Queryable } from '../db/pool.ts';
import type { ListJoin, SettingDefault, TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { Params } from './filters.ts';
import { engineTable, listTexts, seen } from './table-sql.ts';
import { outputValue } from './values.ts';

/** The AutoIDs (at most two) of rows of a list field's table the principal sees and that are not archived. */
async function seenRows(db: Queryable, join: ListJoin, principal: Principal, where: string[], params: Params) {
  if (join.ref.archivable) where.push('d.archive = false');
  const rows = seen(join.ref, principal, 'd', params);
  const found = await db.query<{ autoid: string }>(
    `SELECT d.autoid ${rows.from(where)} ORDER BY d.autoid LIMIT 2`,
    params.values,
  );
  return found.rows.map((r) => Number(r.autoid));
}

/** The AutoID of a list field's default row, or null (none, or several: the definitions say one). */
async function defaultRowOf(db: Queryable, join: ListJoin, principal: Principal): Promise<number | null> {
  const wanted = join.field.defaultRow;
  if (!wanted) return null;
  const params = new Params();
  const where: string[] = [];
  for (const [name, value] of Object.entries(wanted)) {
    const column = join.ref.fields.find((f) => f.name === name)?.sqlName;
    if (!column) return null;
    where.push(`d.${ident(column)} = ${params.add(value)}`);
  }
  const found = await seenRows(db, join, principal, where, params);
  return found.length === 1 ? found[0] : null;
}

/**
 * Whether a field of a new record is still to be given its default: empty, or (in a blank record
 * for GetNew) still holding the field's own `default`, which a setting goes before.
 */
function open(field: EffectiveField, record: Record<string, unknown>, blank: boolean): boolean {
  const value = record[field.name] ?? null;
  if (isEmptyValue(value)) return true;
  return blank && field.default !== undefined && field.default !== '$today' && value === field.default;
}

/**
 * The settings' values for the open fields of a new record, read as the engine reads settings (one
 * statement per settings table, its first row); a list value only when the principal may see its
 * row. A field that also takes its value from a referenced row (`defaultFrom`, a workflow item's
 * priority from its group) takes the setting only while that row gives none: the group's value is
 * the more particular one.
 */
async function fillSettings(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  record: Record<string, unknown>,
  blank: boolean,
): Promise<string[]> {
  const wanted = model.settingDefaults.filter((d) => open(d.field, record, blank));
  if (!wanted.length) return [];
  const values = new Map<SettingDefault, unknown>();
  for (const settings of new Set(wanted.map((d) => d.settings))) {
    const reads = wanted.filter((d) => d.settings === settings);
    // The engine reads the settings for itself (the user need not read them); only a value the
    // user's new record may hold leaves this function.
    const row = (
      await db.query<Record<string, unknown>>(
        `SELECT ${reads.map((d, i) => `t.${ident(d.source.sqlName)} AS v${i}`).join(', ')}
           FROM ${engineTable(settings)} t ORDER BY t.autoid LIMIT 1`,
      )
    ).rows[0];
    reads.forEach((d, i) => {
      const v = row?.[`v${i}`];
      if (v !== null && v !== undefined) values.set(d, outputValue(d.source, v));
    });
  }
  const filled: string[] = [];
  const ordered = [...wanted].sort((a, b) => Number(!!a.field.defaultFrom) - Number(!!b.field.defaultFrom));
  for (const d of ordered) {
    const value = values.get(d);
    if (value === undefined) continue;
    if (await referenceGives(db, model, principal, record, d.field)) continue;
    const join = model.listJoins.find((j) => j.field === d.field);
    if (join) {
      const params = new Params();
      const found = await seenRows(db, join, principal, [`d.autoid = ${params.add(value)}`], params);
      if (!found.length) continue;
    }
    record[d.field.name] = value;
    filled.push(d.field.name);
  }
  return filled;
}

/**
 * Whether a field's `defaultFrom` will give it a value: its reference is filled and the referenced
 * row, as the principal sees it, has one (a workflow group with a priority). Paths of more than one
 * step are taken to give one whenever their reference is filled.
 */
async function referenceGives(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  record: Record<string, unknown>,
  field: EffectiveField,
): Promise<boolean> {
  if (!field.defaultFrom) return false;
  const [reference, read, ...more] = field.defaultFrom.split('.');
  const join = model.listJoins.find((j) => j.field.name.toLowerCase() === reference.toLowerCase());
  const id = join && record[join.field.name];
  if (!join || isEmptyValue(id ?? null)) return false;
  const column = join.ref.fields.find((f) => f.name.toLowerCase() === read?.toLowerCase());
  if (more.length || !column) return true;
  const params = new Params();
  const rows = seen(join.ref, principal, 'd', params);
  const found = await db.query<{ v: unknown }>(
    `SELECT d.${ident(column.sqlName)} AS v ${rows.from([`d.autoid = ${params.add(id)}`])}`,
    params.values,
  );
  return !isEmptyValue(found.rows[0]?.v ?? null);
}

/** The display text of a list field's row, as the principal reads it. */
async function textOf(db: Queryable, join: ListJoin, principal: Principal, id: unknown): Promise<unknown> {
  const params = new Params();
  const rows = listTexts(join, principal, 'd', params);
  const text = await db.query<{ text: unknown }>(
    `SELECT d.${ident(join.textColumn)} AS text ${rows.from([`d.autoid = ${params.add(id)}`])}`,
    params.values,
  );
  return text.rows[0]?.text ?? null;
}

/**
 * Fills the empty fields of a new record that name a setting or a default row, with the list
 * rows' texts (`<Field>_Descr`) when `descr` is asked (GetNew, whose blank record holds the
 * fields' own defaults, which a setting goes before). Answers the fields it filled.
 */
export async function fillDefaultRows(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  record: Record<string, unknown>,
  descr = false,
): Promise<string[]> {
  const filled = await fillSettings(db, model, principal, record, descr);
  for (const join of model.listJoins) {
    if (!join.field.defaultRow || !isEmptyValue(record[join.field.name] ?? null)) continue;
    const id = await defaultRowOf(db, join, principal);
    if (id === null) continue;
    record[join.field.name] = id;
    filled.push(join.field.name);
  }
  if (descr)
    for (const join of model.listJoins)
      if (filled.includes(join.field.name))
        record[`${join.field.name}_Descr`] = await textOf(db, join, principal, record[join.field.name]);
  return filled;
}
