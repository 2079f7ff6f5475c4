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
  return (await drawNumbers(db, model, tableOf, [{ record, current }]))[0];
}

/** A record to number: the input the number goes into, and the record as stored (null for a new one). */
export interface ToNumber {
  record: Record<string, unknown>;
  current: Record<string, unknown> | null;
}

/**
 * drawNumber for many records at once (the invoices of a chunk completed together): the records
 * that draw from the same counter row take consecutive numbers, in the order given, in one
 * statement per counter row. Answers, per record, the field's name when it drew a number.
 */
export async function drawNumbers(
  db: Queryable,
  model: TableModel,
  tableOf: TableOf,
  items: readonly ToNumber[],
): Promise<(string | null)[]> {
  const n = model.table.numbering;
  const counters = n && tableOf(n.table);
  if (!n || !counters) return items.map(() => null);
  const target = model.byName.get(n.field.toLowerCase())!;
  const col = (name: string) => ident(counters.byName.get(name.toLowerCase())!.sqlName);
  // The counter row of each record that draws: its AutoID, or 0 for the default row.
  const rowOf = new Map<number, number>();
  for (const [i, { record, current }] of items.entries()) {
    if (!isEmptyValue(record[target.name] ?? null) || !isEmptyValue(current?.[target.name] ?? null)) continue;
    // A record numbered later keeps its counter row as it stands then, read through the stored record.
    const source = current ? { ...current, ...record } : record;
    const via = n.via ? await rowAtPath(db, model, source, n.via, tableOf) : undefined;
    if (n.via && !via && !n.defaultFlag) {
      // A direct counter field is the record's to fill; a longer path may lead nowhere (a type without a generator).
      if (n.via.includes('.')) continue;
      const first = model.byName.get(n.via.split('.')[0].toLowerCase())!;
      throw invalidFields({ [first.name]: [{ id: 'validation.required', args: [labelled(first)] }] });
    }
    rowOf.set(i, via ? via.id : 0);
  }
  const drawn: (string | null)[] = items.map(() => null);
  for (const counter of new Set(rowOf.values())) {
    const mine = [...rowOf].filter(([, c]) => c === counter).map(([i]) => i);
    // Without a counter row of its own the record numbers from the default one (the default administration).
    const where = (at: string) =>
      counter
        ? `autoid = ${at}`
        : `autoid = (SELECT autoid FROM ${engineTable(counters.table)} WHERE ${col(n.defaultFlag!)} = true ORDER BY autoid LIMIT 1)`;
    const own = counter ? [counter] : [];
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
        `UPDATE ${engineTable(counters.table)} SET ${col(n.next)} = coalesce(${col(n.next)}, 1) + $1::int, timestamp = timestamp + 1
          WHERE ${where('$2')}${n.active ? ` AND ${col(n.active)} IS TRUE` : ''}
          RETURNING autoid, ${col(n.prefix)} AS prefix, ${col(n.next)} - $1::int AS next, ${col(n.length)} AS length${extra}`,
        [mine.length, ...own],
      )
    ).rows[0];
    if (!row) {
      // Nothing drawn: a counter row whose `active` flag is off draws nothing, no row at all is an error.
      const found =
        n.active && (await db.query(`SELECT 1 FROM ${engineTable(counters.table)} WHERE ${where('$1')}`, own));
      if (found && found.rowCount) continue;
      throw invalidFields({
        [target.name]: [{ id: 'validation.no_counter', args: [labelled(target), labelled(counters.table)] }],
      });
    }
    for (const [k, i] of mine.entries()) {
      const next = Number(row.next) + k;
      items[i].record[target.name] =
        `${row.prefix ?? ''}${String(next).padStart(Number(row.length ?? 0), '0')}${row.suffix ?? ''}`;
      drawn[i] = target.name;
    }
  }
  return drawn;
}
