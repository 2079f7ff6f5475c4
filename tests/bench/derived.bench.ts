// Derived values benchmark: what keeping computed fields and totals over child rows costs.
//
// What is measured
//   The engine runs the shipped packs (base + demo).
//   (a) Saving one line of an order of 200 lines: its subtotals computed, the order's totals over
//       its lines added up again (and its own computed fields) in the same transaction. Sequential
//       saves from a process of its own (each with the TimeStamp the last answer gave), median;
//       beside a hand-written floor (Fastify + pg): one transaction that updates the line with its
//       subtotals in SQL and the order's totals with an aggregate over its lines.
//   (b) An import of 10,000 order lines into 100 orders (subtotals, totals kept), beside the same
//       import of 10,000 purchase order lines into 100 purchase orders (one computed field, the
//       open quantity, and two counts on the purchase order that its automatic transition reads;
//       the same write path: a table with a workflow is written a record at a time), from
//       StartImport until the task is processed.
//
// Nothing is asserted: the figures are printed, with the ratios.
//
// Run: npm run bench (or node --import tsx tests/bench/derived.bench.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import pg from 'pg';
import { bigSheet, finished, startImport } from '../support/import-files.ts';
import { startShipped } from './shipped.ts';
import { printTable } from './table.ts';

const SAVES = 200;
const IMPORT_LINES = 10_000;
const IMPORT_ORDERS = 100;
const SAVER = path.resolve(import.meta.dirname, 'line-saves.ts');
const log = (line: string) => process.stderr.write(`${line}\n`);

function saves(
  url: string,
  headers: Record<string, string>,
  line: { AutoID: number; TimeStamp: number },
): Promise<{ p50: number; n: number; failures: number }> {
  const args = [SAVER, url, JSON.stringify(headers), String(line.AutoID), String(SAVES), String(line.TimeStamp)];
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => resolve(JSON.parse(out)));
  });
}

/** The floor: the line and its order's totals, as anyone would write them by hand for this one table. */
async function startFloor(pool: pg.Pool) {
  const app = Fastify();
  app.post<{ Body: { AutoID: number; OrderQuantity: number } }>('/floor/line', async (request) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const line = (
        await client.query(
          `UPDATE orderlines l SET orderquantity = $2, timestamp = timestamp + 1,
          subtotalexclvat = round(greatest(0, $2 - coalesce(l.cancelquantity, 0)) * coalesce(l.price, 0) * (1 - coalesce(l.discountpct, 0) / 100), 2),
          subtotalvat = round(round(greatest(0, $2 - coalesce(l.cancelquantity, 0)) * coalesce(l.price, 0) * (1 - coalesce(l.discountpct, 0) / 100), 2) * coalesce((SELECT percentage FROM vatcodes v WHERE v.autoid = l.vatcode), 0) / 100, 2)
        WHERE autoid = $1 RETURNING *`,
          [request.body.AutoID, request.body.OrderQuantity],
        )
      ).rows[0];
      await client.query('UPDATE orderlines SET subtotalinclvat = subtotalexclvat + subtotalvat WHERE autoid = $1', [
        request.body.AutoID,
      ]);
      await client.query(
        `UPDATE orders o SET linesexclvat = s.excl, linesvat = s.vat, totalexclvat = s.excl, totalvat = s.vat, totalinclvat = s.excl + s.vat
        FROM (SELECT coalesce(sum(subtotalexclvat), 0) AS excl, coalesce(sum(subtotalvat), 0) AS vat FROM orderlines WHERE "order" = $1) s WHERE o.autoid = $1`,
        [line.order],
      );
      await client.query('COMMIT');
      return { AutoID: line.autoid, TimeStamp: Number(line.timestamp) };
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    } finally {
      client.release();
    }
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, close: () => app.close() };
}

async function main(): Promise<void> {
  const shipped = await startShipped('derived');
  const { engine } = shipped;
  const pool = new pg.Pool({ connectionString: engine.databaseUrl, max: 4 });
  let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
  try {
    const { base, headers } = await shipped.listen();
    const { cookie } = headers;
    const call = async (url: string, body: unknown) => {
      const res = await fetch(`${base}/${url}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 500)}`);
      return JSON.parse(text);
    };

    // (a) An order of 200 lines, made through the API (its totals kept line by line).
    const relation = (await pool.query('SELECT autoid FROM relations ORDER BY autoid LIMIT 1')).rows[0].autoid;
    const products = (
      await pool.query(
        "SELECT autoid FROM products WHERE producttype = 'sale' AND NOT archive ORDER BY autoid LIMIT 20",
      )
    ).rows.map((r) => Number(r.autoid));
    const order = await call('mvc/orders/save', {
      OrderDate: '2026-11-27',
      DeliverRelation: Number(relation),
      Descr: 'Bench',
    });
    let line: { AutoID: number; TimeStamp: number } | undefined;
    for (let i = 0; i < 200; i++)
      line = await call('mvc/orderlines/save', {
        Order: order.AutoID,
        Product: products[i % products.length],
        OrderQuantity: 1 + (i % 5),
      });
    floor = await startFloor(pool);
    log('(a) line saves');
    const e = await saves(`${base}/mvc/orderlines/save`, headers, line!);
    const f = await saves(`${floor.base}/floor/line`, {}, line!);
    const total = (
      await pool.query(
        'SELECT totalexclvat, (SELECT sum(subtotalexclvat) FROM orderlines WHERE "order" = $1) AS lines FROM orders WHERE autoid = $1',
        [order.AutoID],
      )
    ).rows[0];

    console.log(
      `\nDerived values: (a) ${SAVES} sequential saves of one line of an order of 200 lines, from a process of its own (at most 1.5x wanted)`,
    );
    printTable(
      ['call', 'engine p50 ms', 'floor p50 ms', 'ratio', ''],
      [
        [
          '(a) save a line; totals kept',
          e.p50.toFixed(2),
          f.p50.toFixed(2),
          (e.p50 / f.p50).toFixed(2),
          `${e.failures + f.failures ? `failures: engine ${e.failures}, floor ${f.failures}; ` : ''}order total ${total.totalexclvat} = lines ${total.lines}`,
        ],
      ],
    );
    // (b) Imports of 10,000 lines into 100 orders, and into 100 purchase orders; more than 5,000
    // rows need advanced mode: the code typed as shown.
    log('(b) imports');
    const { Code } = await call('mvc/import/GetCode', {});
    await call('mvc/import/SetAdvancedMode', { Code, VerificationCode: Code });
    const orderIds: string[] = [];
    for (let i = 0; i < IMPORT_ORDERS; i++)
      orderIds.push(
        (
          await call('mvc/orders/save', {
            OrderDate: '2026-11-27',
            DeliverRelation: Number(relation),
            Descr: `Import ${i}`,
          })
        ).ID,
      );
    const warehouse = (await pool.query('SELECT autoid FROM warehouses ORDER BY autoid LIMIT 1')).rows[0].autoid;
    const poIds: string[] = [];
    for (let i = 0; i < IMPORT_ORDERS; i++)
      poIds.push(
        (
          await call('mvc/purchaseorders/save', {
            OrderDate: '2026-11-27',
            Supplier: Number(relation),
            Warehouse: Number(warehouse),
            Descr: `Import ${i}`,
          })
        ).ID,
      );
    const productCodes = (
      await pool.query("SELECT id FROM products WHERE producttype = 'sale' AND NOT archive ORDER BY autoid LIMIT 20")
    ).rows.map((r) => r.id as string);
    const imported = async (destination: string, parentHeader: string, parents: string[]) => {
      const file = await bigSheet([parentHeader, 'Artikel', 'Aantal', 'Prijs'], IMPORT_LINES, (i) => [
        parents[i % parents.length],
        productCodes[i % productCodes.length],
        1 + (i % 5),
        12.5,
      ]);
      const t0 = performance.now();
      const started = await startImport(base, cookie, { Destination: destination, file, DecimalFormat: 'Dot' });
      if (started.status !== 200) throw new Error(`${destination}: ${JSON.stringify(started.body)}`);
      const task = await finished(base, cookie, started.body.AutoID, 30 * 60_000);
      return {
        ms: performance.now() - t0,
        processed: task.ProcessedRecords as number,
        failed: task.FailedRecords as number,
      };
    };
    const withTotals = await imported('orderlines', 'Order', orderIds);
    const without = await imported('purchaseorderlines', 'Inkooporder', poIds);
    const sums = (
      await pool.query(`SELECT count(*) FILTER (WHERE o.linesexclvat = s.excl) AS same, count(*) AS n FROM orders o
      JOIN (SELECT "order", sum(subtotalexclvat) AS excl FROM orderlines GROUP BY "order") s ON s."order" = o.autoid WHERE o.descr LIKE 'Import %'`)
    ).rows[0];

    console.log(
      `\n(b) import of ${IMPORT_LINES.toLocaleString('en')} lines into ${IMPORT_ORDERS} parents (at most 1.5x wanted)`,
    );
    printTable(
      ['import', 'seconds', 'rows/s', 'processed', 'failed'],
      [
        [
          'order lines (subtotals, totals kept)',
          (withTotals.ms / 1000).toFixed(1),
          ((IMPORT_LINES / withTotals.ms) * 1000).toFixed(0),
          String(withTotals.processed),
          String(withTotals.failed),
        ],
        [
          'purchase order lines (open quantity, counts)',
          (without.ms / 1000).toFixed(1),
          ((IMPORT_LINES / without.ms) * 1000).toFixed(0),
          String(without.processed),
          String(without.failed),
        ],
        [
          'ratio',
          (withTotals.ms / without.ms).toFixed(2),
          '',
          '',
          `${sums.same} of ${sums.n} orders' totals equal their lines'`,
        ],
      ],
    );
  } finally {
    await floor?.close();
    await pool.end();
    await shipped.close();
  }
}

await main();
