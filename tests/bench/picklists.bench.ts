// Picklists benchmark: generating picklists from open orders.
//
// What is measured
//   The engine runs the shipped packs (base + demo) with BENCH_LINES (default 2,000) open sale
//   lines in orders of 5 lines over 20 warehouses (status Order), for each side.
//   Picklijst maken on all of them (RunAction, at most 1,000 orders a call, from a process of
//   its own): per order a picklist for its warehouse with a line per open order line (each
//   through the create right and checks, the order lines' and orders' totals kept), and the
//   order moved to Levering by its automatic transition with a status log row. Beside a floor:
//   the same picklists, lines, order statuses and status log rows, set-based SQL in one
//   transaction, as anyone would write it by hand for these tables.
//
// Nothing is asserted: the figures are printed, with the ratio engine/floor.
//
// Run: node --import tsx tests/bench/picklists.bench.ts (BENCH_LINES=10000 for the full size).
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { once } from './load.ts';
import { startShipped } from './shipped.ts';
import { printTable } from './table.ts';

const LINES = Number(process.env.BENCH_LINES) > 0 ? Number(process.env.BENCH_LINES) : 2_000;
const PER_ORDER = 5;
const ORDERS = Math.ceil(LINES / PER_ORDER);
const WAREHOUSES = 20;
const CHUNK = 1_000;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** ORDERS open orders (status Order) of PER_ORDER open sale lines, over the bench's warehouses; their AutoIDs. */
async function openOrders(pool: pg.Pool, mark: string, warehouses: number[]): Promise<number[]> {
  const ids = (
    await pool.query<{ autoid: string }>(
      `INSERT INTO orders (id, descr, administration, orderdate, status, deliverrelation, invoicerelation, warehouse)
       SELECT $1 || lpad(g::text, 6, '0'), 'Bench ' || g, a.autoid, DATE '2026-11-02', 2, r.autoid, r.autoid,
              ($3::bigint[])[1 + g % array_length($3::bigint[], 1)]
         FROM generate_series(1, $2::int) g
         CROSS JOIN (SELECT autoid FROM administrations ORDER BY autoid LIMIT 1) a
         CROSS JOIN (SELECT autoid FROM relations ORDER BY autoid LIMIT 1) r
       RETURNING autoid`,
      [mark, ORDERS, warehouses],
    )
  ).rows.map((r) => Number(r.autoid));
  await pool.query(
    `INSERT INTO orderlines ("order", linetype, product, descr, orderquantity, cancelquantity, deliveredquantity, price)
     SELECT o, 'sale', p.autoid, p.descr, 1 + n % 3, 0, 0, 10 + n
       FROM unnest($1::bigint[]) o
       CROSS JOIN generate_series(1, $2::int) n
       CROSS JOIN LATERAL (SELECT autoid, descr FROM products WHERE producttype = 'sale' ORDER BY autoid OFFSET n LIMIT 1) p`,
    [ids, PER_ORDER],
  );
  return ids;
}

/** The floor: the same picklists, lines, order statuses and status log rows, set-based, in one transaction. */
async function floor(pool: pg.Pool, orders: number[]): Promise<number> {
  const client = await pool.connect();
  const t0 = performance.now();
  try {
    await client.query('BEGIN');
    await client.query('SELECT autoid FROM orders WHERE autoid = ANY($1::bigint[]) FOR UPDATE', [orders]);
    await client.query(
      `WITH made AS (
         INSERT INTO picklists (id, descr, administration, "order", status, warehouse, location, deliverlocation)
         SELECT 'F-' || o.autoid, o.descr, o.administration, o.autoid, 'open', o.warehouse, w.location, o.deliverlocation
           FROM orders o LEFT JOIN warehouses w ON w.autoid = o.warehouse
          WHERE o.autoid = ANY($1::bigint[])
         RETURNING autoid, "order")
       INSERT INTO picklistlines (picklist, orderline, linetype, product, descr, quantity, status, deliverlocation)
       SELECT m.autoid, l.autoid, l.linetype, l.product, l.descr, l.orderquantity - l.cancelquantity - l.deliveredquantity,
              'open', NULL
         FROM made m JOIN orderlines l ON l."order" = m."order"
        WHERE l.linetype <> 'comment' AND l.orderquantity - l.cancelquantity - l.deliveredquantity > 0`,
      [orders],
    );
    await client.query(
      `UPDATE orderlines l SET onpicklistquantity = l.orderquantity - l.cancelquantity - l.deliveredquantity
        WHERE l."order" = ANY($1::bigint[])`,
      [orders],
    );
    await client.query(
      `UPDATE orders SET status = 3, picklists = 1, timestamp = timestamp + 1 WHERE autoid = ANY($1::bigint[])`,
      [orders],
    );
    await client.query(
      `INSERT INTO core_status_log (table_name, record_id, field_name, transition, from_value, to_value, changed_by)
       SELECT 'orders', o, 'Status', 'pickingStarted', '2', '3', 'admin' FROM unnest($1::bigint[]) o`,
      [orders],
    );
    await client.query('COMMIT');
    return performance.now() - t0;
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}

async function main(): Promise<void> {
  const shipped = await startShipped('picklists');
  const { engine } = shipped;
  const pool = new pg.Pool({ connectionString: engine.databaseUrl, max: 4 });
  try {
    const { base, headers } = await shipped.listen();
    const warehouses = (
      await pool.query<{ autoid: string }>(
        `INSERT INTO warehouses (id, descr, isdefault, allownegativestock)
         SELECT 'BENCH-MAG-' || g, 'Bench magazijn ' || g, false, false FROM generate_series(1, $1::int) g
         RETURNING autoid`,
        [WAREHOUSES],
      )
    ).rows.map((r) => Number(r.autoid));
    const engineOrders = await openOrders(pool, 'BENCH-E-', warehouses);
    const floorOrders = await openOrders(pool, 'BENCH-F-', warehouses);
    log(`${ORDERS} open orders of ${PER_ORDER} lines (${LINES} lines) over ${WAREHOUSES} warehouses for each side`);

    let engineMs = 0;
    const statuses: number[] = [];
    for (let i = 0; i < engineOrders.length; i += CHUNK) {
      const made = await once(`${base}/mvc/orders/RunAction`, {
        headers,
        body: { Action: 'makePicklist', autoids: engineOrders.slice(i, i + CHUNK), Values: { Offset: 'all' } },
      });
      engineMs += made.ms;
      statuses.push(made.status);
    }
    const count = async (sql: string, ids: number[]) => Number((await pool.query(sql, [ids])).rows[0].n);
    const engineLines = await count(
      `SELECT count(*) AS n FROM picklistlines WHERE picklist IN (SELECT autoid FROM picklists WHERE "order" = ANY($1::bigint[]))`,
      engineOrders,
    );
    const moved = await count(
      `SELECT count(*) AS n FROM orders WHERE status = 3 AND autoid = ANY($1::bigint[])`,
      engineOrders,
    );
    const floorMs = await floor(pool, floorOrders);
    const floorLines = await count(
      `SELECT count(*) AS n FROM picklistlines WHERE picklist IN (SELECT autoid FROM picklists WHERE "order" = ANY($1::bigint[]))`,
      floorOrders,
    );
    const perSecond = (ms: number, n: number) => ((n / ms) * 1000).toFixed(0);
    printTable(
      ['operation', `${LINES} lines`, 'lines/s', 'vs floor'],
      [
        [
          'engine: Picklijst maken (RunAction)',
          `${engineMs.toFixed(0)} ms`,
          perSecond(engineMs, engineLines),
          `${(floorMs / engineMs).toFixed(2)}x throughput`,
        ],
        ['floor: set-based SQL, one transaction', `${floorMs.toFixed(0)} ms`, perSecond(floorMs, floorLines), '1.00x'],
      ],
    );
    log(
      `answers ${statuses.join('/')}; engine ${engineLines} lines, ${moved} orders in delivery; floor ${floorLines} lines`,
    );
  } finally {
    await pool.end();
    await shipped.close();
  }
}

await main();
