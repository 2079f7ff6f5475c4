// Contract grids benchmark: the contracts grid of the shipped packs at size.
//
// What is measured
//   The engine runs the shipped packs (base + demo) with 100,000 generated contracts beside the
//   demo's own (tools/generate-contracts.ts): running 80%, on hold 5%, ended 15% (partly
//   archived), each with 5 object contracts.
//   (a) The contracts grid with the data set "operational" (active status, started, not ended)
//       and a sort on the next invoice date: the list a user opens to see what is due.
//   (b) The same with a search on a customer reference prefix (about 1 in 1,000 contracts).
//   Each served by the real app and by a hand-written floor (Fastify + pg, the SQL anyone would
//   write for the same page: every column, the text of every list field, an exact count, the
//   page and the count in parallel). The floor reads the texts of the contract's 15 list fields
//   by a scalar subquery each: as 15 joins its plan alone took 0.6 s on this machine. Throughput (autocannon from a process of its own, 16
//   connections) and p50 of one connection (sequential requests from a process of its own).
//
// Nothing is asserted: the figures are printed, with the ratios engine/floor.
//
// Run: npm run bench (BENCH_DURATION=5 for a short run).
import pg from 'pg';
import { generateContracts, REFERENCE_PREFIX } from '../../tools/generate-contracts.ts';
import { GRID_COLUMNS, type GridCase, measureGrid, startFloor } from './grid-floor.ts';
import { startShipped } from './shipped.ts';
import { printTable } from './table.ts';

const CONTRACTS = 100_000;
const DURATION_S = Number(process.env.BENCH_DURATION) > 0 ? Number(process.env.BENCH_DURATION) : 10;
const LATENCY_S = Math.max(3, Math.round(DURATION_S / 2));
const CONNECTIONS = 16;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** The data set Operationeel of the contracts screen, by hand. */
const OPERATIONAL =
  't.archive = false AND t.statusactive = true AND t.startdate <= current_date AND t.enddate >= current_date';

async function main(): Promise<void> {
  const shipped = await startShipped('contract-grids');
  const { engine } = shipped;
  const pool = new pg.Pool({ connectionString: engine.databaseUrl, max: 20 });
  let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
  try {
    log(`generating ${CONTRACTS.toLocaleString('en')} contracts...`);
    await generateContracts(pool, CONTRACTS, log);
    const { base, headers } = await shipped.listen();
    const order = 't.nextinvoicedate ASC NULLS LAST, t.autoid ASC';
    const cases: GridCase[] = [
      {
        name: '(a) contracts: operational + sort on next invoice date',
        url: 'mvc/contracts/GetFlexData',
        body: { dataSet: 'operational', order: 'NextInvoiceDate asc', pageSize: 35 },
        table: 'contracts',
        where: `${OPERATIONAL} AND $1 = ''`,
        order,
        param: '',
        listTexts: 'subquery',
      },
      {
        name: '(b) contracts: operational + search + sort on next invoice date',
        url: 'mvc/contracts/GetFlexData',
        body: {
          dataSet: 'operational',
          searchExpressions: REFERENCE_PREFIX,
          order: 'NextInvoiceDate asc',
          pageSize: 35,
        },
        table: 'contracts',
        where: `${OPERATIONAL} AND (t.id ILIKE $1 OR t.descr ILIKE $1 OR t.customerreference ILIKE $1)`,
        order,
        param: `%${REFERENCE_PREFIX}%`,
        listTexts: 'subquery',
      },
    ];
    const rows: string[][] = [];
    for (const c of cases) {
      // Each case has a floor of its own: both read the contracts table.
      floor = await startFloor(pool, [c]);
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
      await floor.close();
      floor = undefined;
    }
    const counted = (
      await pool.query('SELECT (SELECT count(*) FROM contracts) AS c, (SELECT count(*) FROM objectcontracts) AS o')
    ).rows[0];
    console.log(
      `\nContracts grid on ${counted.c} contracts with ${counted.o} object contracts: ${CONNECTIONS} connections x ${DURATION_S} s for req/s, one connection for p50`,
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
