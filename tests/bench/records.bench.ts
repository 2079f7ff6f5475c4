// Business-record benchmark: opening a detail with a large child table, and a status change of
// many records.
//
// What is measured
//   The engine runs the test pack of tickets with lines (tests/packs/testrecords) over 10,000
//   tickets with 1,000,000 lines. (1) Opening a ticket's detail: GetForm + GetItem + the first page
//   of its lines (GetFlexData with the parent condition), p50 of one connection from a separate
//   process, beside a floor of the same rows by hand-written SQL; and the plan and SQL time of the
//   child query, which must be an index seek on the parent key. (2) ChangeStatus on 1,000
//   selected tickets in one call from a separate process: records a second with every log row
//   written, beside a floor doing the same per record (lock, update, log row, one transaction
//   each) by hand-written SQL in this process.
//
// Nothing is asserted: the figures are printed.
//
// Run: npm run bench (BENCH_DURATION=5 for a short run).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { startEngine } from '../../server/engine.ts';
import { freePort } from '../free-port.ts';
import { latency, once } from './load.ts';
import { printTable } from './table.ts';

const DURATION_S = Number(process.env.BENCH_DURATION) > 0 ? Number(process.env.BENCH_DURATION) : 10;
const LATENCY_S = Math.max(3, Math.round(DURATION_S / 2));
const PACKS_DIR = path.resolve(import.meta.dirname, '..', 'packs');
const PASSWORD = 'Bench-admin-1';
const TICKETS = 10_000;
const LINES_PER_TICKET = 100;
const BATCH = 1_000;
const log = (line: string) => process.stderr.write(`${line}\n`);

async function seed(pool: pg.Pool): Promise<void> {
  await pool.query(`INSERT INTO tickets (id, descr, status, createdby, modifiedby)
    SELECT 'B' || lpad(i::text, 6, '0'), 'Ticket ' || i, 'new', 'bench', 'bench' FROM generate_series(1, ${TICKETS}) i`);
  await pool.query(`INSERT INTO ticketlines (ticket, line, descr, kind, status, createdby, modifiedby)
    SELECT t.autoid, l, 'Regel ' || l, CASE WHEN l % 3 = 0 THEN 'part' ELSE 'work' END, 'open', 'bench', 'bench'
      FROM tickets t CROSS JOIN generate_series(1, ${LINES_PER_TICKET}) l`);
  await pool.query('ANALYZE tickets; ANALYZE ticketlines');
}

/** The floor of opening a detail: the record and its first page of lines, by hand-written SQL. */
async function startFloor(pool: pg.Pool, form: unknown) {
  const app = Fastify();
  app.get('/floor/form', async () => form);
  app.post<{ Body: { autoid: number } }>(
    '/floor/item',
    async (request) => (await pool.query('SELECT * FROM tickets WHERE autoid = $1', [request.body.autoid])).rows[0],
  );
  app.post<{ Body: { ticket: number } }>('/floor/lines', async (request) => {
    const [rows, count] = await Promise.all([
      pool.query(
        'SELECT autoid, ticket, line, descr, kind, status, timestamp, createdate, createdby, modifiedby FROM ticketlines WHERE ticket = $1 ORDER BY line, autoid LIMIT 35',
        [request.body.ticket],
      ),
      pool.query('SELECT count(*) AS n FROM ticketlines WHERE ticket = $1', [request.body.ticket]),
    ]);
    return { Data: rows.rows, Meta: { Count: Number(count.rows[0].n) } };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, close: () => app.close() };
}

/** The floor of a status change: per record one transaction that locks, updates and logs. */
async function floorStatusChange(pool: pg.Pool, ids: number[]): Promise<number> {
  const t0 = performance.now();
  for (const id of ids) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const row = (await client.query('SELECT status FROM tickets WHERE autoid = $1 FOR UPDATE', [id])).rows[0];
      await client.query(
        "UPDATE tickets SET status = 'open', timestamp = timestamp + 1, modifiedby = 'bench' WHERE autoid = $1",
        [id],
      );
      await client.query(
        `INSERT INTO core_status_log (table_name, record_id, field_name, transition, from_value, to_value, changed_by)
        VALUES ('tickets', $1, 'Status', 'open', $2, '"open"', 'bench')`,
        [id, JSON.stringify(row.status)],
      );
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  }
  return performance.now() - t0;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'records-bench-'));
  chmodSync(dataDir, 0o755);
  const engine = await startEngine({
    ...configFromEnv(),
    logLevel: 'warn',
    dataDir,
    packsDir: PACKS_DIR,
    packs: ['testbase', 'testrecords'],
    embeddedPgPort: await freePort(),
    adminPassword: PASSWORD,
  });
  const app = await buildApp(engine);
  const pool = new pg.Pool({ connectionString: engine.databaseUrl, max: 10 });
  let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
  try {
    log(`seeding ${TICKETS} tickets with ${TICKETS * LINES_PER_TICKET} lines...`);
    await seed(pool);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const login = await fetch(`${base}/mvc/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const headers = { cookie };
    const ticket = Number((await pool.query(`SELECT autoid FROM tickets WHERE id = 'B005000'`)).rows[0].autoid);
    const form = await (await fetch(`${base}/mvc/tickets/GetForm`, { headers })).json();
    floor = await startFloor(pool, form);

    log('opening a detail...');
    const detail = [
      {
        name: 'GetForm tickets',
        method: 'GET' as const,
        engine: `${base}/mvc/tickets/GetForm`,
        floor: `${floor.base}/floor/form`,
      },
      {
        name: 'GetItem ticket',
        method: 'POST' as const,
        engine: `${base}/mvc/tickets/GetItem`,
        body: { autoid: ticket },
        floor: `${floor.base}/floor/item`,
        floorBody: { autoid: ticket },
      },
      {
        name: 'first page of 100 of 1,000,000 lines',
        method: 'POST' as const,
        engine: `${base}/mvc/ticketlines/GetFlexData`,
        body: { dataFilter: [{ FieldName: 'Ticket', Value: ticket }] },
        floor: `${floor.base}/floor/lines`,
        floorBody: { ticket },
      },
    ];
    const rows: string[][] = [];
    let engineTotal = 0;
    let floorTotal = 0;
    for (const call of detail) {
      const e = await latency(call.engine, { method: call.method, headers, body: call.body, seconds: LATENCY_S });
      const f = await latency(call.floor, { method: call.method, body: call.floorBody, seconds: LATENCY_S });
      engineTotal += e.p50;
      floorTotal += f.p50;
      rows.push([
        call.name,
        e.p50.toFixed(2),
        f.p50.toFixed(2),
        `${(e.p50 / f.p50).toFixed(2)}x${e.failures ? ` (${e.failures} failures)` : ''}`,
      ]);
    }
    rows.push([
      'the detail, three calls',
      engineTotal.toFixed(2),
      floorTotal.toFixed(2),
      `${(engineTotal / floorTotal).toFixed(2)}x`,
    ]);
    const plan = (
      await pool.query<{ 'QUERY PLAN': [{ Plan: { 'Node Type': string }; 'Execution Time': number }] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) SELECT t.* FROM ticketlines t WHERE t.ticket = $1 ORDER BY t.line, t.autoid LIMIT 35`,
        [ticket],
      )
    ).rows[0]['QUERY PLAN'][0];
    const scan = JSON.stringify(plan.Plan).match(/"Node Type":"(Index[^"]*)","[^}]*?"Index Name":"([^"]+)"/);

    log(`ChangeStatus on ${BATCH} tickets...`);
    const engineIds = (await pool.query(`SELECT autoid FROM tickets ORDER BY autoid LIMIT ${BATCH}`)).rows.map((r) =>
      Number(r.autoid),
    );
    const floorIds = (
      await pool.query(`SELECT autoid FROM tickets ORDER BY autoid OFFSET ${BATCH} LIMIT ${BATCH}`)
    ).rows.map((r) => Number(r.autoid));
    const changed = await once(`${base}/mvc/tickets/ChangeStatus`, {
      headers,
      body: { autoids: engineIds, Transition: 'open' },
    });
    const logged = Number(
      (
        await pool.query(`SELECT count(*) FROM core_status_log WHERE table_name = 'tickets' AND record_id = ANY($1)`, [
          engineIds,
        ])
      ).rows[0].count,
    );
    const floorMs = await floorStatusChange(pool, floorIds);
    const engineRate = (BATCH / changed.ms) * 1000;
    const floorRate = (BATCH / floorMs) * 1000;

    console.log(`\nOpening a detail (p50 ms of one connection from a separate process, ${LATENCY_S} s each)`);
    const head = ['call', 'engine p50 ms', 'floor p50 ms', 'ratio'];
    printTable(head, rows);
    console.log(
      `child query plan: ${scan ? `${scan[1]} on ${scan[2]}` : JSON.stringify(plan.Plan['Node Type'])}, SQL ${plan['Execution Time'].toFixed(3)} ms`,
    );
    console.log(
      `\nChangeStatus on ${BATCH} records in one call (status ${changed.status}, ${logged} log rows written)`,
    );
    console.log(
      `engine ${engineRate.toFixed(0)} records/s (${changed.ms.toFixed(0)} ms), floor ${floorRate.toFixed(0)} records/s (${floorMs.toFixed(0)} ms), engine/floor ${((engineRate / floorRate) * 100).toFixed(0)}%`,
    );
  } finally {
    await floor?.close();
    await app.close();
    await pool.end();
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
