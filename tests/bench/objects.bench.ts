// Objects benchmark: the objects grid and the object detail of the shipped packs at size.
//
// What is measured
//   The engine runs the shipped packs (base + demo) with 1,000,000 generated objects beside the
//   demo's own (tools/generate-objects.ts), about 10% archived, every tenth with five rows of
//   location history. Two things are served by the real app and by a hand-written floor
//   (Fastify + pg, the SQL anyone would write, OFFSET paging and an exact count run in
//   parallel, answering the same rows with the same list texts):
//   (a) the objects grid: a search word, a status filter and a sort on the description;
//   (b) the object detail: GetItem of one object and the first page of its location log.
//   For each: throughput (autocannon from a process of its own, 16 connections) and p50 of one
//   connection (sequential requests from a process of its own).
//
// Nothing is asserted: the figures are printed, with the ratios engine/floor.
//
// Run: npm run bench (BENCH_DURATION=5 for a short run).
import Fastify from 'fastify';
import pg from 'pg';
import { generateObjects, SEARCH_WORD } from '../../tools/generate-objects.ts';
import { latency, load } from './load.ts';
import { startShipped } from './shipped.ts';
import { printTable } from './table.ts';

const OBJECTS = 1_000_000;
const DURATION_S = Number(process.env.BENCH_DURATION) > 0 ? Number(process.env.BENCH_DURATION) : 10;
const LATENCY_S = Math.max(3, Math.round(DURATION_S / 2));
const CONNECTIONS = 16;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** The list fields the objects grid answers with their texts, as the floor joins them by hand. */
const JOINS = [
  ['objecttype', 'objecttypes'],
  ['product', 'products'],
  ['status', 'objectstatuses'],
  ['location', 'locations'],
  ['baselocation', 'locations'],
  ['warehouse', 'warehouses'],
  ['owner', 'relations'],
  ['brand', 'brands'],
] as const;

/** The floor's grid query: search over the search fields, the status, the description order. */
function floorGridSql(columns: string): string {
  return `SELECT ${columns} FROM objects t ${JOINS.map(([col, table]) => `LEFT JOIN ${table} j_${col} ON j_${col}.autoid = t.${col}`).join(' ')}
    WHERE t.archive = false AND t.status = $2
      AND (t.id ILIKE $1 OR t.descr ILIKE $1 OR t.serialnumber ILIKE $1 OR t.barcode ILIKE $1 OR t.searchtags ILIKE $1)
    ORDER BY t.descr, t.autoid LIMIT 35`;
}

async function startFloor(pool: pg.Pool, columns: string) {
  const app = Fastify();
  app.post<{ Body: { search: string; status: number } }>('/floor/grid', async (request) => {
    const params = [`%${request.body.search}%`, request.body.status];
    const [rows, count] = await Promise.all([
      pool.query(floorGridSql(columns), params),
      pool.query(
        `SELECT count(*) AS n FROM objects t WHERE t.archive = false AND t.status = $2
        AND (t.id ILIKE $1 OR t.descr ILIKE $1 OR t.serialnumber ILIKE $1 OR t.barcode ILIKE $1 OR t.searchtags ILIKE $1)`,
        params,
      ),
    ]);
    return { Data: rows.rows, Meta: { Count: Number(count.rows[0].n) } };
  });
  app.post<{ Body: { autoid: number } }>(
    '/floor/item',
    async (request) =>
      (
        await pool.query(
          `SELECT ${columns} FROM objects t ${JOINS.map(([col, table]) => `LEFT JOIN ${table} j_${col} ON j_${col}.autoid = t.${col}`).join(' ')} WHERE t.autoid = $1`,
          [request.body.autoid],
        )
      ).rows[0],
  );
  app.post<{ Body: { object: number } }>('/floor/log', async (request) => {
    const [rows, count] = await Promise.all([
      pool.query(
        `SELECT l.*, f.descr AS fromlocation_descr, t.descr AS tolocation_descr FROM objectlocationlog l
        LEFT JOIN locations f ON f.autoid = l.fromlocation LEFT JOIN locations t ON t.autoid = l.tolocation
        WHERE l.object = $1 ORDER BY l.autoid DESC LIMIT 35`,
        [request.body.object],
      ),
      pool.query('SELECT count(*) AS n FROM objectlocationlog WHERE object = $1', [request.body.object]),
    ]);
    return { Data: rows.rows, Meta: { Count: Number(count.rows[0].n) } };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, close: () => app.close() };
}

interface Call {
  name: string;
  engine: string;
  body: unknown;
  floor: string;
  floorBody: unknown;
}

async function main(): Promise<void> {
  const shipped = await startShipped('objects');
  const { engine } = shipped;
  const pool = new pg.Pool({ connectionString: engine.databaseUrl, max: 20 });
  let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
  try {
    log(`generating ${OBJECTS.toLocaleString('en')} objects...`);
    await generateObjects(pool, OBJECTS, log);
    const { base, headers } = await shipped.listen();
    const status = Number(
      (
        await pool.query(
          `SELECT status, count(*) FROM objects WHERE createdby = 'generator' GROUP BY status ORDER BY count(*) DESC LIMIT 1`,
        )
      ).rows[0].status,
    );
    const object = Number(
      (await pool.query(`SELECT object FROM objectlocationlog GROUP BY object ORDER BY object LIMIT 1 OFFSET 5000`))
        .rows[0].object,
    );
    // The floor answers the same columns as the engine: every field, and the text of each list field.
    const fields = (
      await pool.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'objects'`)
    ).rows.map((r) => r.column_name as string);
    const columns = [...fields.map((c) => `t.${c}`), ...JOINS.map(([col]) => `j_${col}.descr AS ${col}_descr`)].join(
      ', ',
    );
    floor = await startFloor(pool, columns);

    const grid = {
      searchExpressions: SEARCH_WORD,
      operatorFilter: [{ FieldName: 'Status', Operator: '=', Value: status }],
      order: 'Descr asc',
      dataSource: 0,
      pageSize: 35,
    };
    const calls: Call[] = [
      {
        name: '(a) grid: search + status + sort',
        engine: `${base}/mvc/objects/GetFlexData`,
        body: grid,
        floor: `${floor.base}/floor/grid`,
        floorBody: { search: SEARCH_WORD, status },
      },
      {
        name: '(b) detail: GetItem',
        engine: `${base}/mvc/objects/GetItem`,
        body: { autoid: object },
        floor: `${floor.base}/floor/item`,
        floorBody: { autoid: object },
      },
      {
        name: '(b) detail: location log',
        engine: `${base}/mvc/objectlocationlog/GetFlexData`,
        body: { dataFilter: [{ FieldName: 'Object', Value: object }], order: 'AutoID desc' },
        floor: `${floor.base}/floor/log`,
        floorBody: { object },
      },
    ];
    const first = await (
      await fetch(calls[0].engine, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(grid),
      })
    ).json();
    const floorFirst = await (
      await fetch(calls[0].floor, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(calls[0].floorBody),
      })
    ).json();
    const same =
      first.Data.map((r: { AutoID: number }) => r.AutoID).join() ===
      floorFirst.Data.map((r: { autoid: number }) => r.autoid).join();
    log(
      `grid: ${first.Meta.Count} objects found (floor ${floorFirst.Meta.Count}), same first page: ${same ? 'yes' : 'NO'}`,
    );

    const rows: string[][] = [];
    for (const call of calls) {
      log(call.name);
      const e = await latency(call.engine, { headers, body: call.body, seconds: LATENCY_S });
      const f = await latency(call.floor, { body: call.floorBody, seconds: LATENCY_S });
      const et = await load(call.engine, { connections: CONNECTIONS, seconds: DURATION_S, headers, body: call.body });
      const ft = await load(call.floor, { connections: CONNECTIONS, seconds: DURATION_S, body: call.floorBody });
      rows.push([
        call.name,
        et.rps.toFixed(0),
        ft.rps.toFixed(0),
        (et.rps / ft.rps).toFixed(2),
        e.p50.toFixed(2),
        f.p50.toFixed(2),
        (e.p50 / f.p50).toFixed(2),
        et.errors || ft.errors || e.failures
          ? `errors: engine ${et.errors + e.failures}, floor ${ft.errors + f.failures}`
          : '',
      ]);
    }
    console.log(
      `\nObjects on ${(await pool.query('SELECT count(*) AS n FROM objects')).rows[0].n} rows: ${CONNECTIONS} connections x ${DURATION_S} s for req/s, one connection for p50`,
    );
    console.log('req/s ratio = engine/floor (at least 0.75 wanted); p50 ratio = engine/floor (at most 1.3 wanted)\n');
    const head = ['call', 'engine req/s', 'floor req/s', 'ratio', 'engine p50 ms', 'floor p50 ms', 'ratio', ''];
    printTable(head, rows);
  } finally {
    await floor?.close();
    await pool.end();
    await shipped.close();
  }
}

await main();
