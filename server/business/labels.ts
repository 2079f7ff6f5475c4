// The words for a field's values: a workflow's state labels, a select's option labels, the
// display text of a list row the principal may see.
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import { seen } from '../data/table-sql.ts';
import { Params } from '../data/filters.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';

export function stateLabel(model: TableModel, value: unknown): string | null {
  const state = model.workflow?.def.states.find((s) => s.value === value);
  return state ? state.label : null;
}

/** The label of a value of a field: by workflow, options or list; null when there is none to tell. */
export async function valueLabel(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  fieldName: string,
  value: unknown,
): Promise<string | null> {
  if (value === null || value === undefined) return null;
  const field = model.byName.get(fieldName.toLowerCase());
  if (!field) return String(value);
  if (field === model.workflow?.field) return stateLabel(model, value) ?? String(value);
  if (field.type === 'select') return field.options?.find((o) => o.value === value)?.label ?? String(value);
  const join = model.listJoins.find((j) => j.field === field);
  if (!join || typeof value !== 'number') return String(value);
  const params = new Params();
  const rows = seen(join.ref, principal, 'j', params);
  const row = (
    await db.query<{ label: string | null }>(
      `SELECT j.${ident(join.textColumn)}::text AS label ${rows.from([`j.autoid = ${params.add(value)}`])}`,
      params.values,
    )
  ).rows[0];
  return row?.label ?? null;
}
