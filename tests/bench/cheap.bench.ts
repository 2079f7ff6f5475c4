// Cheap-call benchmark: the fixed price of a signed-in request.
//
// What is measured
//   Most calls of a back-office day are small: a grid of a small table, a record, a form, a
//   lookup, the current user. Each is served by the engine (the product with the base and demo
//   packs, signed in) and by a floor: a minimal Fastify + pg handler with hand-written SQL that
//   answers the same rows, with no sign-in at all. The load comes from a separate process
//   (autocannon): throughput at 32 connections for BENCH_DURATION seconds, and p50 latency at one
//   connection. The ratios engine/floor are the figures to read.
//
// Nothing is asserted: the figures are printed.
//
// Run: npm run bench (BENCH_DURATION=5 for a short run).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { startEngine } from '../../server/engine.ts';
import { freePort } from '../free-port.ts';
import { latency, load } from './load.ts';
import { printTable } from './table.ts';

const DURATION_S = Number(process.env.BENCH_DURATION) > 0 ? Number(process.env.BENCH_DURATION) : 10;
const LATENCY_S = Math.max(3, Math.round(DURATION_S / 2));
const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');
const PASSWORD = 'Bench-admin-1';
const log = (line: string) => process.stderr.write(`${line}\n`);

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  engine: string;
  body?: unknown;
  floor: string;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'GetFlexData currencies',
    method: 'POST',
    engine: '/mvc/currencies/GetFlexData',
    body: {},
    floor: '/floor/flex',
  },
  {
    name: 'GetItem currencies',
    method: 'POST',
    engine: '/mvc/currencies/GetItem',
    body: { autoid: 1 },
    floor: '/floor/item',
  },
  { name: 'GetForm currencies', method: 'GET', engine: '/mvc/currencies/GetForm', floor: '/floor/form' },
  { name: 'lookup currencies', method: 'POST', engine: '/mvc/_lists/currencies', body: {}, floor: '/floor/lookup' },
  { name: 'getcurrentuser', method: 'GET', engine: '/mvc/user/getcurrentuser', floor: '/floor/user' },
];

/** The floor: the same rows by hand-written SQL, no sign-in, no definitions. */
async function startFloor(url: string, form: unknown) {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  const app = Fastify();
  app.post('/floor/flex', async () => {
    const [rows, count] = await Promise.all([
      pool.query(
        'SELECT autoid, id, descr, timestamp, createdate, createdby, modifiedby, archive FROM currencies WHERE archive = false ORDER BY autoid LIMIT 35',
      ),
      pool.query('SELECT count(*) AS n FROM currencies WHERE archive = false'),
    ]);
    return { Data: rows.rows, Meta: { Count: Number(count.rows[0].n) } };
  });
  app.post<{ Body: { autoid: number } }>(
    '/floor/item',
    async (request) => (await pool.query('SELECT * FROM currencies WHERE autoid = $1', [request.body.autoid])).rows[0],
  );
  app.get('/floor/form', async () => form);
  app.post('/floor/lookup', async () => ({
    Data: (
      await pool.query(
        'SELECT autoid AS "AutoID", id AS "ID", descr AS "Descr", archive AS "Archive" FROM currencies WHERE archive = false ORDER BY descr, autoid LIMIT 31',
      )
    ).rows,
  }));
  app.get(
    '/floor/user',
    async () =>
      (await pool.query('SELECT autoid, username, personname, email, homepage FROM users WHERE autoid = $1', [1]))
        .rows[0],
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cheap-bench-'));
  chmodSync(dataDir, 0o755);
  const engine = await startEngine({
    ...configFromEnv(),
    logLevel: 'warn',
    dataDir,
    packsDir: PACKS_DIR,
    packs: ['base', 'demo'],
    embeddedPgPort: await freePort(),
    adminPassword: PASSWORD,
  });
  const app = await buildApp(engine);
  let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const login = await fetch(`${base}/mvc/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const form = await (await fetch(`${base}/mvc/currencies/GetForm`, { headers: { cookie } })).json();
    floor = await startFloor(engine.databaseUrl, form);
    const rows: string[][] = [];
    for (const s of SCENARIOS) {
      log(`${s.name}...`);
      const e = { method: s.method, headers: { cookie }, body: s.body };
      const f = { method: s.method, body: s.body };
      const engineRps = await load(`${base}${s.engine}`, { ...e, connections: 32, seconds: DURATION_S });
      const floorRps = await load(`${floor.base}${s.floor}`, { ...f, connections: 32, seconds: DURATION_S });
      const engineP50 = await latency(`${base}${s.engine}`, { ...e, seconds: LATENCY_S });
      const floorP50 = await latency(`${floor.base}${s.floor}`, { ...f, seconds: LATENCY_S });
      const bad =
        [engineRps, floorRps].some((r) => r.errors) || engineP50.failures
          ? ` (failures: ${JSON.stringify(engineRps.statuses)})`
          : '';
      rows.push([
        s.name,
        engineRps.rps.toFixed(0),
        floorRps.rps.toFixed(0),
        `${((engineRps.rps / floorRps.rps) * 100).toFixed(0)}%`,
        engineP50.p50.toFixed(2),
        floorP50.p50.toFixed(2),
        `${(engineP50.p50 / floorP50.p50).toFixed(2)}x${bad}`,
      ]);
    }
    const head = [
      'call',
      'engine req/s (32)',
      'floor req/s (32)',
      'engine/floor',
      'engine p50 ms (1)',
      'floor p50 ms (1)',
      'p50 ratio',
    ];
    console.log(`\nCheap calls, load from a separate process, ${DURATION_S} s per throughput run`);
    printTable(head, rows);
  } finally {
    await floor?.close();
    await app.close();
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
