// Order totals: a line's subtotals (quantity less what was cancelled, times its price, less its
// discount; VAT by its VAT code) and the order's totals (its lines plus order and transport
// costs, each by its calculation method and VAT code), kept on every write of a line or an order
// whatever the path. Both tables name the behaviour; the lines are the one whose fixed list field
// points at the other, and an order finds them through its screen's grid tab.
import type pg from 'pg';
import { ident } from '../db/sql.ts';
import { recordChanged } from '../data/events.ts';
import type { RecordBehaviour } from '../data/record-behaviours.ts';
import { referencedModel, type TableOf } from '../data/related.ts';
import type { TableModel } from '../metadata/model.ts';

const hasTotals = (model: TableModel | undefined) => [model?.table.behaviour ?? []].flat().includes('order-totals');
/** The order a line belongs to: its fixed list field on a table with the same behaviour. */
const orderJoin = (lines: TableModel, tableOf: TableOf) => lines.listJoins.find((j) => j.field.fixed && hasTotals(tableOf(j.ref.name)));
/** An order's lines table and their field naming it. */
function linesOf(orders: TableModel, tableOf: TableOf) {
  for (const tab of orders.screens.flatMap((s) => s.tabs ?? [])) {
    const lines = tab.kind === 'grid' ? tableOf(tab.table) : undefined;
    const join = lines && hasTotals(lines) ? orderJoin(lines, tableOf) : undefined;
    if (lines && join && join.ref.sqlName === orders.table.sqlName) return { lines, field: join.field.name };
  }
  return undefined;
}

const cents = (n: number) => Math.round(n * 100) / 100;
const num = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Number(v));
const col = (model: TableModel, name: string) => ident(model.byName.get(name.toLowerCase())!.sqlName);

/** The percentage of the VAT code a list field of `model` names. */
async function vatPercentage(client: pg.PoolClient, model: TableModel, field: string, tableOf: TableOf, vatCode: unknown): Promise<number> {
  const vat = referencedModel(model, field, tableOf);
  if (vatCode === null || vatCode === undefined || !vat) return 0;
  const row = (await client.query(`SELECT ${col(vat, 'Percentage')} AS p FROM ${ident(vat.table.sqlName)} WHERE autoid = $1`, [vatCode])).rows[0];
  return num(row?.p);
}

/** A line's subtotals, excluding and including VAT. */
export function lineSubtotals(line: Record<string, unknown>, vatPct: number) {
  const quantity = Math.max(0, num(line.OrderQuantity) - num(line.CancelQuantity));
  const excl = line.LineType === 'comment' ? 0 : cents(quantity * num(line.Price) * (1 - num(line.DiscountPct) / 100));
  const vat = cents(excl * vatPct / 100);
  return { excl, vat, incl: cents(excl + vat) };
}

/** A cost of the order: none, a fixed amount, or a percentage of the lines. */
export function costOf(method: unknown, amount: unknown, lines: number): number {
  if (method === 'fixed') return cents(num(amount));
  if (method === 'percentage') return cents(lines * num(amount) / 100);
  return 0;
}

async function writeLine(client: pg.PoolClient, lines: TableModel, line: Record<string, unknown>, tableOf: TableOf) {
  const s = lineSubtotals(line, await vatPercentage(client, lines, 'VatCode', tableOf, line.VatCode));
  await client.query(
    `UPDATE ${ident(lines.table.sqlName)} SET ${col(lines, 'SubtotalExclVat')} = $2, ${col(lines, 'SubtotalVat')} = $3, ${col(lines, 'SubtotalInclVat')} = $4 WHERE autoid = $1`,
    [line.AutoID, s.excl, s.vat, s.incl],
  );
}

/** The two costs of an order: their method, amount and VAT code fields. */
const COSTS = [['OrderCostsMethod', 'OrderCostsAmount', 'OrderCostsVat'], ['TransportCostsMethod', 'TransportCostsAmount', 'TransportCostsVat']] as const;

async function writeOrder(client: pg.PoolClient, orders: TableModel, orderId: number, tableOf: TableOf) {
  const found = linesOf(orders, tableOf);
  if (!found) return;
  const { lines, field } = found;
  const sums = (await client.query(
    `SELECT coalesce(sum(${col(lines, 'SubtotalExclVat')}), 0) AS excl, coalesce(sum(${col(lines, 'SubtotalVat')}), 0) AS vat FROM ${ident(lines.table.sqlName)} WHERE ${col(lines, field)} = $1`,
    [orderId],
  )).rows[0];
  const order = (await client.query(
    `SELECT ${COSTS.flat().map((f) => `${col(orders, f)} AS "${f}"`).join(', ')} FROM ${ident(orders.table.sqlName)} WHERE autoid = $1`, [orderId],
  )).rows[0];
  if (!order) return;
  let excl = num(sums.excl);
  let vat = num(sums.vat);
  for (const [method, amount, vatCode] of COSTS) {
    const cost = costOf(order[method], order[amount], num(sums.excl));
    excl += cost;
    vat += cents(cost * await vatPercentage(client, orders, vatCode, tableOf, order[vatCode]) / 100);
  }
  // Derived by the server, so no TimeStamp moves: a form open on the order stays savable while its lines change.
  const changed = await client.query(
    `UPDATE ${ident(orders.table.sqlName)} SET ${col(orders, 'TotalExclVat')} = $2, ${col(orders, 'TotalVat')} = $3, ${col(orders, 'TotalInclVat')} = $4
      WHERE autoid = $1 AND (${col(orders, 'TotalExclVat')}, ${col(orders, 'TotalVat')}, ${col(orders, 'TotalInclVat')}) IS DISTINCT FROM ($2::numeric, $3::numeric, $4::numeric)`,
    [orderId, cents(excl), cents(vat), cents(excl + vat)],
  );
  if (changed.rowCount) await recordChanged(client, orders, orderId, 'updated');
}

export const orderTotals: RecordBehaviour = {
  async written(client, model, after, before, tableOf) {
    const join = orderJoin(model, tableOf);
    if (join) {
      if (after) await writeLine(client, model, after, tableOf);
      const orders = tableOf(join.ref.name)!;
      const ids = new Set([after?.[join.field.name], before?.[join.field.name]].filter((v) => v !== null && v !== undefined).map(Number));
      for (const id of ids) await writeOrder(client, orders, id, tableOf);
    } else if (after) {
      await writeOrder(client, model, Number(after.AutoID), tableOf);
    }
  },
};
