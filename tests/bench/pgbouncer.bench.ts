// PgBouncer benchmark: signed-in calls answered per second by a server whose pool reaches
// PostgreSQL directly, and by one that reaches it through PgBouncer in transaction mode (with
// LISTEN and the job queue on the direct address), beside the floor of the same: a bare
// `SELECT 1` through each.
//
// What is measured
//   One embedded PostgreSQL, 1,000 rows of a small table; two engines in this process, one per
//   address; CONCURRENCY loops of POST mvc/{table}/GetFlexData (a page of 35 rows and its count)
//   and of `SELECT 1` on a plain pg pool per address, SECONDS each, in ROUNDS alternating rounds
//   (the best of each kept).
//
// Nothing is asserted: the figures are printed.
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { openDatabase, startEngine } from '../../server/engine.ts';
import { freePort } from '../free-port.ts';
import { startBouncer } from '../support/pgbouncer.ts';

const CONCURRENCY = 8;
const SECONDS = 3;
const ROUNDS = 3;
const PASSWORD = 'Bench-admin-1';
const log = (line: string) => process.stderr.write(`${line}\n`);

async function loops(call: () => Promise<unknown>): Promise<number> {
  let done = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        await call();
        done++;
      }
    }),
  );
  return done / SECONDS;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pgbouncer-bench-'));
  chmodSync(dataDir, 0o755);
  const config = {
    ...configFromEnv(),
    logLevel: 'warn',
    dataDir,
    embeddedPgPort: await freePort(),
    adminPassword: PASSWORD,
    workers: 0,
    packs: ['base'],
  };
  const db = await openDatabase(config, log);
  const direct = db.url;
  const bouncer = await startBouncer(direct);
  const seed = new pg.Client({ connectionString: direct });
  const results: Record<string, number> = {};
  try {
    const engines = {
      direct: await startEngine(config, { databaseUrl: direct }),
      pooled: await startEngine({ ...config, directDatabaseUrl: direct }, { databaseUrl: bouncer.url }),
    };
    await seed.connect();
    await seed.query(`INSERT INTO costcodes (id, descr, createdby, modifiedby)
      SELECT 'C' || i, 'Kostencode ' || i, 'bench', 'bench' FROM generate_series(1, 1000) AS i`);
    const calls: Record<string, () => Promise<unknown>> = {};
    for (const [name, engine] of Object.entries(engines)) {
      const app = await buildApp(engine);
      const login = await app.inject({
        method: 'POST',
        url: '/mvc/account/login',
        payload: { username: 'admin', password: PASSWORD },
      });
      const cookie = `session=${login.cookies.find((c) => c.name === 'session')?.value}`;
      calls[`GetFlexData ${name}`] = () =>
        app.inject({ method: 'POST', url: '/mvc/costcodes/GetFlexData', payload: {}, headers: { cookie } });
    }
    const pools = [
      new pg.Pool({ connectionString: direct, max: 20 }),
      new pg.Pool({ connectionString: bouncer.url, max: 20 }),
    ];
    calls['SELECT 1 direct'] = () => pools[0].query('SELECT 1');
    calls['SELECT 1 pooled'] = () => pools[1].query('SELECT 1');
    // Alternating rounds, the best of each kept: the machine's other load falls on both alike.
    for (const call of Object.values(calls)) await loops(call);
    for (let round = 0; round < ROUNDS; round++)
      for (const [what, call] of Object.entries(calls)) results[what] = Math.max(results[what] ?? 0, await loops(call));
    await Promise.all(pools.map((p) => p.end()));
    await engines.direct.close();
    await engines.pooled.close();
  } finally {
    await seed.end().catch(() => undefined);
    bouncer.stop();
    await db.embedded?.stop();
  }
  const ratio = (a: string, b: string) => (results[a] / results[b]).toFixed(2);
  console.log(
    `PgBouncer (transaction mode), ${CONCURRENCY} concurrent callers, best of ${ROUNDS} rounds of ${SECONDS} s:`,
  );
  for (const [what, perSecond] of Object.entries(results)) console.log(`  ${what}: ${perSecond.toFixed(0)} a second`);
  console.log(`  GetFlexData pooled / direct: ${ratio('GetFlexData pooled', 'GetFlexData direct')}`);
  console.log(`  SELECT 1 (floor) pooled / direct: ${ratio('SELECT 1 pooled', 'SELECT 1 direct')}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
