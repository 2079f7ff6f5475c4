// Invoice grids benchmark: the invoices and invoice lines grids of the shipped packs at size.
//
// What is measured
//   The engine runs the shipped packs (base + demo) with 1,000,000 generated invoice lines over
//   200,000 invoices beside the demo's own (tools/generate-invoices.ts): completed 85%, new 8%,
//   concept requested 2%, voided 5%.
//   (a) The invoices grid: the data set "completed", a search on a reference prefix (about 1 in
//       1,000 invoices) and a sort on the invoice date, newest first.
//   (b) The invoice lines grid: a search word (1 in 200 lines) and a sort on the subtotal,
//       largest first.
//   Each served by the real app and by a hand-written floor (Fastify + pg, the SQL anyone would
//   write for the same page: every column, the text of every list field, an exact count, the
//   page and the count in parallel). Throughput (autocannon from a process of its own, 16
//   connections) and p50 of one connection (sequential requests from a process of its own).
//
// Nothing is asserted: the figures are printed, with the ratios engine/floor.
//
// Run: npm run bench (BENCH_DURATION=5 for a short run).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { generateInvoices, SEARCH_WORD } from '../../tools/generate-invoices.ts';
import { latency, load } from './load.ts';
import { SHIPPED_PACKS_DIR, startShipped } from './shipped.ts';
import { printTable } from './table.ts';

const LINES = 1_000_000;
const DURATION_S = Number(process.env.BENCH_DURATION) > 0 ? Number(process.env.BENCH_DURATION) : 10;
const LATENCY_S = Math.max(3, Math.round(DURATION_S / 2));
const CONNECTIONS = 16;
const log = (line: string) => process.stderr.write(`${line}\n`);

interface TableFile {
  fields: { name: string; type: string; list?: string }[];
  displayFields?: string[];
}
const tableFile = (name: string): TableFile => {
  for (const pack of ['base', 'core']) {
    try {
      const parsed: TableFile = JSON.parse(
        readFileSync(path.join(SHIPPED_PACKS_DIR, pack, 'tables', `${name}.json`), 'utf8'),
      );
      return parsed;
    } catch {
      // not in this pack
    }
  }
  throw new Error(`no table ${name}`);
};

/** Every column of `table` and the display text of each of its list fields, joined by hand. */
function floorSelect(table: string): { columns: string; joins: string } {
  const joins = tableFile(table).fields.flatMap(({ name, type, list }) => {
    if (type !== 'list' || !list) return [];
    const col = name.toLowerCase();
    return [
      {
        col,
        sql: `LEFT JOIN ${list} j_${col} ON j_${col}.autoid = t."${col}"`,
        text: (tableFile(list).displayFields?.[0] ?? 'Descr').toLowerCase(),
      },
    ];
  });
  return {
    columns: ['t.*', ...joins.map((j) => `j_${j.col}.${j.text} AS ${j.col}_descr`)].join(', '),
    joins: joins.map((j) => j.sql).join(' '),
  };
}

interface Case {
  name: string;
  url: string;
  body: Record<string, unknown>;
  table: string;
  where: string;
  order: string;
  param: string;
}

async function startFloor(pool: pg.Pool, cases: Case[]) {
  const app = Fastify();
  for (const c of cases) {
    const { columns, joins } = floorSelect(c.table);
    app.post(`/floor/${c.table}`, async () => {
      const [rows, count] = await Promise.all([
        pool.query(`SELECT ${columns} FROM ${c.table} t ${joins} WHERE ${c.where} ORDER BY ${c.order} LIMIT 35`, [
          c.param,
        ]),
        pool.query(`SELECT count(*) AS n FROM ${c.table} t WHERE ${c.where}`, [c.param]),
      ]);
      return { Data: rows.rows, Meta: { Count: Number(count.rows[0].n) } };
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, close: () => app.close() };
}

async function main(): Promise<void> {
  const shipped = await startShipped('invoice-grids');
  const { engine } = shipped;
  const pool = new pg.Pool({ connectionString: engine.databaseUrl, max: 20 });
  let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
  try {
    log(`generating ${LINES.toLocaleString('en')} invoice lines...`);
    await generateInvoices(pool, LINES, log);
    const { base, headers } = await shipped.listen();
    // A reference prefix shared by about 1 in 1,000 invoices: what a user types to find a customer's invoices.
    const reference = 'REF-001';
    const cases: Case[] = [
      {
        name: '(a) invoices: completed + search + sort on date',
        url: 'mvc/invoices/GetFlexData',
        body: { dataSet: 'completed', searchExpressions: reference, order: 'InvoiceDate desc', pageSize: 35 },
        table: 'invoices',
        where: `t.status = 'completed' AND (t.descr ILIKE $1 OR t.reference ILIKE $1 OR t.id ILIKE $1)`,
        order: 't.invoicedate DESC NULLS FIRST, t.autoid DESC',
        param: `%${reference}%`,
      },
      {
        name: '(b) invoice lines: search + sort on subtotal',
        url: 'mvc/invoicelines/GetFlexData',
        body: { searchExpressions: SEARCH_WORD, order: 'SubtotalExclVat desc', pageSize: 35 },
        table: 'invoicelines',
        where: '(t.descr ILIKE $1 OR t.reference ILIKE $1)',
        order: 't.subtotalexclvat DESC NULLS FIRST, t.autoid DESC',
        param: `%${SEARCH_WORD}%`,
      },
    ];
    floor = await startFloor(pool, cases);
    const rows: string[][] = [];
    for (const c of cases) {
      const engineUrl = `${base}/${c.url}`;
      const floorUrl = `${floor.base}/floor/${c.table}`;
      const post = async (url: string, body: unknown, h: Record<string, string> = {}) => {
        const answer: { Data: { AutoID?: number; autoid?: number }[]; Meta: { Count: number } } = await (
          await fetch(url, {
            method: 'POST',
            headers: { ...h, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json();
        return answer;
      };
      const [e0, f0] = [await post(engineUrl, c.body, headers), await post(floorUrl, {})];
      const same = e0.Data.map((r) => r.AutoID).join() === f0.Data.map((r) => r.autoid).join();
      log(`${c.name}: ${e0.Meta.Count} rows found (floor ${f0.Meta.Count}), same first page: ${same ? 'yes' : 'NO'}`);
      const e = await latency(engineUrl, { headers, body: c.body, seconds: LATENCY_S });
      const f = await latency(floorUrl, { body: {}, seconds: LATENCY_S });
      const et = await load(engineUrl, { connections: CONNECTIONS, seconds: DURATION_S, headers, body: c.body });
      const ft = await load(floorUrl, { connections: CONNECTIONS, seconds: DURATION_S, body: {} });
      rows.push([
        c.name,
        et.rps.toFixed(0),
        ft.rps.toFixed(0),
        (et.rps / ft.rps).toFixed(2),
        e.p50.toFixed(2),
        f.p50.toFixed(2),
        (e.p50 / f.p50).toFixed(2),
        et.errors || ft.errors || e.failures || f.failures
          ? `errors: engine ${et.errors + e.failures}, floor ${ft.errors + f.failures}`
          : '',
      ]);
    }
    const counted = (
      await pool.query('SELECT (SELECT count(*) FROM invoices) AS i, (SELECT count(*) FROM invoicelines) AS l')
    ).rows[0];
    console.log(
      `\nInvoices grids on ${counted.i} invoices with ${counted.l} lines: ${CONNECTIONS} connections x ${DURATION_S} s for req/s, one connection for p50`,
    );
    console.log('req/s ratio = engine/floor (at least 0.75 wanted); p50 ratio = engine/floor (at most 1.3 wanted)\n');
    printTable(['call', 'engine req/s', 'floor req/s', 'ratio', 'engine p50 ms', 'floor p50 ms', 'ratio', ''], rows);
  } finally {
    await floor?.close();
    await pool.end();
    await shipped.close();
  }
}

await main();
