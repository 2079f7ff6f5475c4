// Numbering: an empty ID of a new record draws the next number of a counter row (an
// administration's order prefix, next number and minimal length, say). The counter row is locked
// for the rest of the transaction, so parallel creates get distinct numbers, and a create that
// fails gives its number back.
import { labelled } from '../../definitions/language/message-args.ts';
import { isEmptyValue } from '../../definitions/language/record-schema.ts';
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import { invalidFields } from '../errors.ts';
import type { TableModel } from '../metadata/model.ts';
import { rowAtPath, type TableOf } from './related.ts';
import { engineTable } from './table-sql.ts';
import type { WriteContext } from './write-context.ts';
import type { NumberingDef } from '../../definitions/language/types.ts';

/**
 * Whether this write draws the record's number: a create, or with `at` a transition named there
 * (an invoice numbered at completion, so completed numbers have no gaps: a completion that fails
 * gives its number back with its transaction).
 */
export function numbersNow(
  n: NumberingDef,
  current: Record<string, unknown> | null,
  ctx: Pick<WriteContext, 'transition'>,
): boolean {
  if (!n.at) return !current;
  return !!current && !!ctx.transition?.field && n.at.includes(ctx.transition.name);
}

/**
 * Fills the numbered field of a record when it is empty (in the input and as stored), and
 * answers the field's name when it drew a number; leaves a given value alone. With
 * `via` the counter row is the one the record's list field (or path of list fields) reaches,
 * else (with `defaultFlag`) the default row; without either, or when the row's `active` flag is off, nothing is drawn and the
 * record's own checks say whether an empty value may stay.
 */
export async function drawNumber(
  db: Queryable,
  model: TableModel,
  tableOf: TableOf,
  record: Record<string, unknown>,
  current: Record<string, unknown> | null = null,
): Promise<string | null> {
  const n = model.table.numbering;
  const counters = n && tableOf(n.table);
  if (!n || !counters) return null;
  const target = model.byName.get(n.field.toLowerCase())!;
  if (!isEmptyValue(record[target.name] ?? null) || !isEmptyValue(current?.[target.name] ?? null)) return null;
  // A record numbered later keeps its counter row as it stands then, read through the stored record.
  const source = current ? { ...current, ...record } : record;
  const col = (name: string) => ident(counters.byName.get(name.toLowerCase())!.sqlName);
  let where: string;
  const params: unknown[] = [];
  const via = n.via ? await rowAtPath(db, model, source, n.via, tableOf) : undefined;
  if (n.via && !via && !n.defaultFlag) {
    // A direct counter field is the record's to fill; a longer path may lead nowhere (a type without a generator).
    if (n.via.includes('.')) return null;
    const first = model.byName.get(n.via.split('.')[0].toLowerCase())!;
    throw invalidFields({ [first.name]: [{ id: 'validation.required', args: [labelled(first)] }] });
  }
  if (via) {
    params.push(via.id);
    where = 'autoid = $1';
  } else {
    // Without a counter row of its own the record numbers from the default one (the default administration).
    where = `autoid = (SELECT autoid FROM ${engineTable(counters.table)} WHERE ${col(n.defaultFlag!)} = true ORDER BY autoid LIMIT 1)`;
  }
  const extra = `${n.suffix ? `, ${col(n.suffix)} AS suffix` : ''}`;
  // Drawn and counted on in one statement, which locks the counter row for the rest of the
  // transaction (the counter row is the engine's to draw from, whoever writes: its number is all they see).
  const row = (
    await db.query<{
      autoid: number;
      prefix: string | null;
      next: string | number;
      length: number | null;
      suffix?: string | null;
    }>(
      `UPDATE ${engineTable(counters.table)} SET ${col(n.next)} = coalesce(${col(n.next)}, 1) + 1, timestamp = timestamp + 1
        WHERE ${where}${n.active ? ` AND ${col(n.active)} IS TRUE` : ''}
        RETURNING autoid, ${col(n.prefix)} AS prefix, ${col(n.next)} - 1 AS next, ${col(n.length)} AS length${extra}`,
      params,
    )
  ).rows[0];
  if (!row) {
    // Nothing drawn: a counter row whose `active` flag is off draws nothing, no row at all is an error.
    const found = n.active && (await db.query(`SELECT 1 FROM ${engineTable(counters.table)} WHERE ${where}`, params));
    if (found && found.rowCount) return null;
    throw invalidFields({
      [target.name]: [{ id: 'validation.no_counter', args: [labelled(target), labelled(counters.table)] }],
    });
  }
  const next = Number(row.next);
  record[target.name] = `${row.prefix ?? ''}${String(next).padStart(Number(row.length ?? 0), '0')}${row.suffix ?? ''}`;
  return target.name;
}
