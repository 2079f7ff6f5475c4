// SQL editor benchmark: the editor's answer of 1,000 rows (POST mvc/sqleditor/Run, as the reader
// role on a connection of its own, logged) beside a floor of the same query on a fresh plain
// connection, as psql would run it (connect, query, close).
//
// What is measured
//   One embedded PostgreSQL with 20,000 products; `SELECT * FROM products ORDER BY autoid LIMIT
//   1000` run RUNS times one after another through each; the median time of one.
//
// Nothing is asserted: the figures are printed.
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { startEngine } from '../../server/engine.ts';
import { freePort } from '../free-port.ts';

const RUNS = 50;
const PASSWORD = 'Bench-admin-1';
const QUERY = 'SELECT * FROM products ORDER BY autoid LIMIT 1000';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return median(times);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sql-editor-bench-'));
  chmodSync(dataDir, 0o755);
  const engine = await startEngine({
    ...configFromEnv(),
    logLevel: 'warn',
    dataDir,
    embeddedPgPort: await freePort(),
    adminPassword: PASSWORD,
    workers: 0,
    packs: ['base'],
  });
  try {
    await engine.pool.query(`INSERT INTO products (producttype, id, descr, createdby, modifiedby)
      SELECT 'sale', 'P' || i, 'Artikel ' || i, 'bench', 'bench' FROM generate_series(1, 20000) AS i`);
    const app = await buildApp(engine);
    const login = await app.inject({
      method: 'POST',
      url: '/mvc/account/login',
      payload: { username: 'admin', password: PASSWORD },
    });
    const cookie = `session=${login.cookies.find((c) => c.name === 'session')?.value}`;
    const editor = () =>
      app.inject({ method: 'POST', url: '/mvc/sqleditor/Run', payload: { Sql: QUERY }, headers: { cookie } });
    const first = await editor();
    if (first.statusCode !== 200) throw new Error(`the editor answered ${first.statusCode}: ${first.body}`);
    const floor = async () => {
      const client = new pg.Client({ connectionString: engine.databaseUrl });
      await client.connect();
      await client.query(QUERY);
      await client.end();
    };
    await timed(floor);
    const floorMs = await timed(floor);
    const editorMs = await timed(editor);
    console.log(`SQL editor, 1,000 rows of products (median of ${RUNS}):`);
    console.log(`  floor (fresh connection, query, close, as psql): ${floorMs.toFixed(1)} ms`);
    console.log(`  POST mvc/sqleditor/Run (reader role, logged, JSON): ${editorMs.toFixed(1)} ms`);
    console.log(`  editor / floor: ${(editorMs / floorMs).toFixed(2)} (target at most 1.5)`);
    await app.close();
  } finally {
    await engine.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
