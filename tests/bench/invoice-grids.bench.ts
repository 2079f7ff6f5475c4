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
import pg from 'pg';
import { generateInvoices, SEARCH_WORD } from '../../tools/generate-invoices.ts';
import { GRID_COLUMNS, type GridCase, measureGrid, startFloor } from './grid-floor.ts';
import { startShipped } from './shipped.ts';
import { printTable } from './table.ts';

const LINES = 1_000_000;
const DURATION_S = Number(process.env.BENCH_DURATION) > 0 ? Number(process.env.BENCH_DURATION) : 10;
const LATENCY_S = Math.max(3, Math.round(DURATION_S / 2));
const CONNECTIONS = 16;
const log = (line: string) => process.stderr.write(`${line}\n`);

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
    const cases: GridCase[] = [
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
      rows.push(
        await measureGrid(c, {
          base,
          headers,
          floorBase: floor.base,
          connections: CONNECTIONS,
          seconds: DURATION_S,
          latencySeconds: LATENCY_S,
          log,
        }),
      );
    }
    const counted = (
      await pool.query('SELECT (SELECT count(*) FROM invoices) AS i, (SELECT count(*) FROM invoicelines) AS l')
    ).rows[0];
    console.log(
      `\nInvoices grids on ${counted.i} invoices with ${counted.l} lines: ${CONNECTIONS} connections x ${DURATION_S} s for req/s, one connection for p50`,
    );
    console.log('req/s ratio = engine/floor (at least 0.75 wanted); p50 ratio = engine/floor (at most 1.3 wanted)\n');
    printTable(GRID_COLUMNS, rows);
  } finally {
    await floor?.close();
    await pool.end();
    await shipped.close();
  }
}

await main();
