// Orders benchmark: the purchasing start page and a large receipt of the shipped packs at size.
//
// What is measured
//   The engine runs the shipped packs (base + demo) with 1,000,000 generated purchase order
//   lines over 20,000 purchase orders beside the demo's own (tools/generate-purchase-lines.ts):
//   open 40%, partially received 10%, received 45%, cancelled 5%.
//   (a) The purchase order lines grid: the data set "open" (open and partially received), a
//       search word (1 in 200 lines) and a sort on the deliver date, newest first, served by the
//       real app and by a hand-written floor (Fastify + pg, the SQL anyone would write for the
//       same page: the same rows with the same list texts and an exact count, run in
//       parallel). Throughput (autocannon from a process of its own, 16 connections) and p50 of
//       one connection (sequential requests from a process of its own); then the plan of the
//       engine's page query, by EXPLAIN ANALYZE.
//   (b) Processing a receipt of 500 lines: a receipt and 500 bulk items against open lines of
//       one supplier through the receipt calls (create, AddBulk), then one POST
//       mvc/purchasereceipt/process from a process of its own, timed; three times, each with new
//       lines. Processing moves every line's received quantity and status (with its status log)
//       and the stock of each product in the warehouse (with its stock mutation).
//
// Nothing is asserted: the figures are printed, with the ratios engine/floor.
//
// Run: npm run bench (BENCH_DURATION=5 for a short run).
import Fastify from 'fastify';
import pg from 'pg';
import { generatePurchaseLines, SEARCH_WORD } from '../../tools/generate-purchase-lines.ts';
import { latency, load, once } from './load.ts';
import { startShipped } from './shipped.ts';
import { printTable } from './table.ts';

const LINES = 1_000_000;
const RECEIPT_LINES = 500;
const RECEIPTS = 3;
const DURATION_S = Number(process.env.BENCH_DURATION) > 0 ? Number(process.env.BENCH_DURATION) : 10;
const LATENCY_S = Math.max(3, Math.round(DURATION_S / 2));
const CONNECTIONS = 16;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** The list fields of a purchase order line with the table and field of their text, as the floor joins them by hand. */
const JOINS = [
  ['purchaseorder', 'purchaseorders'],
  ['product', 'products'],
  ['vatcode', 'vatcodes'],
] as const;
const OPEN = `t.linestatus IN ('open', 'partial')`;
const SEARCH = '(t.descr ILIKE $1 OR t.reference ILIKE $1)';

/** The floor's page: the open lines the word finds, newest deliver date first. */
const floorGridSql = (columns: string) => `SELECT ${columns} FROM purchaseorderlines t
  ${JOINS.map(([col, table]) => `LEFT JOIN ${table} j_${col} ON j_${col}.autoid = t.${col}`).join(' ')}
  WHERE ${OPEN} AND ${SEARCH}
  ORDER BY t.deliverdate DESC NULLS FIRST, t.autoid DESC LIMIT 35`;

async function startFloor(pool: pg.Pool, columns: string) {
  const app = Fastify();
  app.post<{ Body: { search: string } }>('/floor/grid', async (request) => {
    const params = [`%${request.body.search}%`];
    const [rows, count] = await Promise.all([
      pool.query(floorGridSql(columns), params),
      pool.query(`SELECT count(*) AS n FROM purchaseorderlines t WHERE ${OPEN} AND ${SEARCH}`, params),
    ]);
    return { Data: rows.rows, Meta: { Count: Number(count.rows[0].n) } };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, close: () => app.close() };
}

/** The statements the engine sends while `work` runs, with their parameters. */
async function statementsOf(
  pool: pg.Pool,
  work: () => Promise<unknown>,
): Promise<{ text: string; values: unknown[] }[]> {
  const seen: { text: string; values: unknown[] }[] = [];
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { query: unknown }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
    if (typeof text === 'string') seen.push({ text, values: Array.isArray(values) ? values : [] });
    return original(text, values, ...rest);
  };
  try {
    await work();
  } finally {
    (pool as { query: unknown }).query = original;
  }
  return seen;
}

/** EXPLAIN ANALYZE of a statement: its plan in text, and the execution time. */
async function explain(pool: pg.Pool, text: string, values: unknown[]): Promise<string[]> {
  const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
  return plan.rows.map((r) => r['QUERY PLAN'] as string);
}

async function main(): Promise<void> {
  const started = Date.now();
  const shipped = await startShipped('orders');
  const { engine } = shipped;
  log(`engine with the demo seeds started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const pool = new pg.Pool({ connectionString: engine.databaseUrl, max: 20 });
  let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
  try {
    log(`generating ${LINES.toLocaleString('en')} purchase order lines...`);
    await generatePurchaseLines(pool, LINES, log);
    const { base, headers } = await shipped.listen();
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

    // (a) The grid. The floor answers the same columns as the engine: every field, and the text of each list field.
    const fields = (
      await pool.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'purchaseorderlines'`)
    ).rows.map((r) => r.column_name as string);
    const columns = [...fields.map((c) => `t.${c}`), ...JOINS.map(([col]) => `j_${col}.descr AS ${col}_descr`)].join(
      ', ',
    );
    floor = await startFloor(pool, columns);
    const grid = { dataSet: 'open', searchExpressions: SEARCH_WORD, order: 'DeliverDate desc', pageSize: 35 };
    const engineUrl = `${base}/mvc/purchaseorderlines/GetFlexData`;
    const floorUrl = `${floor.base}/floor/grid`;
    const floorBody = { search: SEARCH_WORD };
    let first: { Data: { AutoID: number }[]; Meta: { Count: number } } | undefined;
    const statements = await statementsOf(engine.pool, async () => {
      first = await call('mvc/purchaseorderlines/GetFlexData', grid);
    });
    const floorFirst = await (
      await fetch(floorUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(floorBody),
      })
    ).json();
    const same =
      first!.Data.map((r) => r.AutoID).join() === floorFirst.Data.map((r: { autoid: number }) => r.autoid).join();
    log(
      `grid: ${first!.Meta.Count} open lines found (floor ${floorFirst.Meta.Count}), same first page: ${same ? 'yes' : 'NO'}`,
    );

    log('(a) grid: open + search + sort');
    const e = await latency(engineUrl, { headers, body: grid, seconds: LATENCY_S });
    const f = await latency(floorUrl, { body: floorBody, seconds: LATENCY_S });
    const et = await load(engineUrl, { connections: CONNECTIONS, seconds: DURATION_S, headers, body: grid });
    const ft = await load(floorUrl, { connections: CONNECTIONS, seconds: DURATION_S, body: floorBody });

    const pageQuery = statements.find((s) => /FROM "?purchaseorderlines"? t\b/.test(s.text) && /ORDER BY/.test(s.text));
    const countQuery = statements.find((s) => /^SELECT count\(\*\)/.test(s.text));
    const enginePlan = pageQuery
      ? await explain(pool, pageQuery.text, pageQuery.values)
      : ['(the page query was not seen)'];
    const countPlan = countQuery
      ? await explain(pool, countQuery.text, countQuery.values)
      : ['(no exact count was run: the count was estimated or cached)'];
    const floorPlan = await explain(pool, floorGridSql(columns), [`%${SEARCH_WORD}%`]);

    // (b) Receipts of 500 lines: open lines of the supplier with the most, each receipt its own lines.
    const supplier = (
      await pool.query(`SELECT o.supplier, o.warehouse, count(*) AS n FROM purchaseorderlines l JOIN purchaseorders o ON o.autoid = l.purchaseorder
      WHERE l.linestatus = 'open' AND l.product IS NOT NULL GROUP BY o.supplier, o.warehouse ORDER BY count(*) DESC LIMIT 1`)
    ).rows[0];
    const open = (
      await pool.query(
        `SELECT l.autoid, l.product FROM purchaseorderlines l JOIN purchaseorders o ON o.autoid = l.purchaseorder
      WHERE l.linestatus = 'open' AND l.product IS NOT NULL AND o.supplier = $1 ORDER BY l.autoid LIMIT $2`,
        [supplier.supplier, RECEIPT_LINES * RECEIPTS],
      )
    ).rows;
    const receipts: string[][] = [];
    for (let k = 0; k < RECEIPTS; k++) {
      const lines = open.slice(k * RECEIPT_LINES, (k + 1) * RECEIPT_LINES);
      const receipt = await call('mvc/purchasereceipt/create', {
        Supplier: Number(supplier.supplier),
        Warehouse: Number(supplier.warehouse),
        ReceiptDate: new Date().toISOString().slice(0, 10),
      });
      const t0 = performance.now();
      const added = await call('mvc/purchasereceipt/AddBulk', {
        requests: lines.map((l) => ({
          purchaseReceiptID: receipt.AutoID,
          articleID: Number(l.product),
          purchaseOrderLineID: Number(l.autoid),
          locationID: null,
          quantity: 1,
        })),
      });
      const addMs = performance.now() - t0;
      const processed = await once(`${base}/mvc/purchasereceipt/process`, {
        headers,
        body: { autoid: receipt.AutoID },
      });
      const moved = (
        await pool.query(
          `SELECT count(*) AS n FROM purchaseorderlines WHERE autoid = ANY($1) AND receivedquantity = 1`,
          [lines.map((l) => Number(l.autoid))],
        )
      ).rows[0].n;
      receipts.push([
        `${receipt.ID}`,
        String(added.Created.length),
        addMs.toFixed(0),
        processed.ms.toFixed(0),
        String(processed.status),
        processed.status === 200 ? `${moved} lines received` : processed.answer,
      ]);
    }

    console.log(
      `\nPurchase order lines on ${(await pool.query('SELECT count(*) AS n FROM purchaseorderlines')).rows[0].n} rows: ${CONNECTIONS} connections x ${DURATION_S} s for req/s, one connection for p50`,
    );
    console.log('req/s ratio = engine/floor (at least 0.75 wanted); p50 ratio = engine/floor (at most 1.3 wanted)\n');
    const head = ['call', 'engine req/s', 'floor req/s', 'ratio', 'engine p50 ms', 'floor p50 ms', 'ratio', ''];
    const row = [
      '(a) grid: open + search + sort',
      et.rps.toFixed(0),
      ft.rps.toFixed(0),
      (et.rps / ft.rps).toFixed(2),
      e.p50.toFixed(2),
      f.p50.toFixed(2),
      (e.p50 / f.p50).toFixed(2),
      et.errors || ft.errors || e.failures
        ? `errors: engine ${et.errors + e.failures}, floor ${ft.errors + f.failures}`
        : '',
    ];
    printTable(head, [row]);
    console.log(
      `\nThe engine's page query (EXPLAIN ANALYZE):\n${pageQuery?.text ?? ''}\n${enginePlan.map((l) => `  ${l}`).join('\n')}`,
    );
    console.log(
      `\nThe engine's count (EXPLAIN ANALYZE):\n${countQuery?.text ?? ''}\n${countPlan.map((l) => `  ${l}`).join('\n')}`,
    );
    console.log(`\nThe floor's page query (EXPLAIN ANALYZE):\n${floorPlan.map((l) => `  ${l}`).join('\n')}`);

    console.log(`\nReceipts of ${RECEIPT_LINES} bulk lines (process under 1 s wanted):\n`);
    const rHead = ['receipt', 'items', 'AddBulk ms', 'process ms', 'status', ''];
    printTable(rHead, receipts);
  } finally {
    await floor?.close();
    await pool.end();
    await shipped.close();
  }
}

await main();
