// Imports that are interrupted: the process running one is killed and another takes the job
// over; PostgreSQL goes away mid-import and comes back; the worker reading the sheet runs out of
// its memory. Each ends in a clear task state, every row written once, temporary files gone.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded.ts';
import { startEngine, type Engine } from '../../server/engine.ts';
import { freePort } from '../free-port.ts';
import { ADMIN_PASSWORD, signIn, startTestServer, testConfig, TEST_PACKS_DIR, type TestServer } from './harness.ts';
import { bigSheet, finished, outputRows, startImport, type Row } from '../support/import-files.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const HEADER = ['Artikelnummer', 'Naam', 'Prijs', 'Voorraad', 'Actief'];
const products = (prefix: string) => (i: number): Row => [`${prefix}${String(i).padStart(6, '0')}`, `Artikel ${i}`, (i % 1000) / 4, i % 90, i % 2 === 0 ? 'Yes' : 'No'];
const children: ChildProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

async function until<T>(probe: () => Promise<T | undefined | false>, ms: number, what: string): Promise<T> {
  for (const start = Date.now(); ; await new Promise((r) => setTimeout(r, 50))) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
  }
}

async function advanced(base: string, cookie: string) {
  const call = (url: string, body: unknown) => fetch(`${base}${url}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  const { Code } = await call('/mvc/import/GetCode', {});
  expect(await call('/mvc/import/SetAdvancedMode', { Code, VerificationCode: Code })).toEqual({ AdvancedMode: true });
}

describe('an import whose process is killed', () => {
  let a: TestServer;

  async function worker(): Promise<ChildProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env, DATABASE_URL: a.databaseUrl, PORT: String(port), HOST: '127.0.0.1', PACKS_DIR: TEST_PACKS_DIR, PACKS: 'testbase,testcustomer',
        ADMIN_PASSWORD, LOG_LEVEL: 'warn', WEB_CONCURRENCY: '1', WORKERS: '1', JOB_MAINTENANCE_SECONDS: '1', JOB_EXPIRE_CAP_SECONDS: '8',
        FILES_DIR: a.engine.config.filesDir,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    await until(() => fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false), 60_000, 'the worker process starting');
    return child;
  }

  it('is taken over by another process and goes on after its checkpoint: every row once', async () => {
    a = await startTestServer({ config: { workers: 0, jobExpireCapSeconds: 8 } });
    cleanups.push(() => a.close());
    const base = await a.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signIn(a.app);
    await advanced(base, admin);
    const first = await worker();
    const rows = 40_000;
    const started = await startImport(base, admin, { Destination: 'products', file: await bigSheet(HEADER, rows, products('RES')), fileName: 'hervat.xlsx' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = started.body.AutoID as number;
    const progress = async () => Number((await a.engine.pool.query('SELECT processedrecords FROM importtasks WHERE autoid = $1', [id])).rows[0].processedrecords);
    await until(async () => (await progress()) >= 2000, 60_000, 'the import under way');
    first.kill('SIGKILL');
    const before = await progress();
    expect(before).toBeLessThan(rows);
    await worker();
    const task = await finished(base, admin, id, 120_000);
    expect(task).toMatchObject({ ProcessState: 2, ProcessResult: 1, TotalRecords: rows, ProcessedRecords: rows, FailedRecords: 0, SkippedRecords: 0 });
    const counts = (await a.engine.pool.query("SELECT count(*)::int AS n, count(DISTINCT id)::int AS codes FROM products WHERE id LIKE 'RES%'")).rows[0];
    expect(counts).toEqual({ n: rows, codes: rows });
    const job = (await a.engine.pool.query("SELECT retry_count FROM pgboss.job WHERE name = 'import' AND data->>'taskId' = $1", [String(id)])).rows;
    expect(job.map((j) => j.retry_count)).toEqual([1]);
    // The output file has every row once, each with its result.
    const out = await outputRows(base, admin, id);
    expect(out.length).toBe(rows + 1);
    expect(new Set(out.slice(1).map((r) => r[0])).size).toBe(rows);
    expect(out.slice(1).every((r) => r[HEADER.length] === 'CreateSuccess')).toBe(true);
    expect(Number((await a.engine.pool.query('SELECT count(*) FROM core_import_row WHERE task_id = $1', [id])).rows[0].count)).toBe(0);
  }, 240_000);
});

describe('an import while PostgreSQL goes away', () => {
  it('fails its chunk, is tried again when the database is back, and writes every row once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'import-outage-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const port = await freePort();
    let db: EmbeddedDatabase = await startEmbeddedPostgres(dir, port);
    cleanups.push(() => db.stop());
    await db.createDatabase('app');
    const engine: Engine = await startEngine(testConfig({ workers: 1, filesDir: path.join(dir, 'files') }), { databaseUrl: db.url('app') });
    cleanups.push(() => engine.close());
    const app = await buildApp(engine);
    cleanups.push(() => app.close());
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signIn(app, 'admin', ADMIN_PASSWORD);
    await advanced(base, admin);
    const rows = 40_000;
    const started = await startImport(base, admin, { Destination: 'products', file: await bigSheet(HEADER, rows, products('PGR')), fileName: 'storing.xlsx' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = started.body.AutoID as number;
    await until(async () => Number((await engine.pool.query('SELECT processedrecords FROM importtasks WHERE autoid = $1', [id])).rows[0].processedrecords) >= 2000, 60_000, 'the import under way');
    await db.stop();
    await new Promise((r) => setTimeout(r, 1000));
    db = await startEmbeddedPostgres(dir, port);
    const task = await finished(base, admin, id, 120_000);
    expect(task).toMatchObject({ ProcessState: 2, ProcessResult: 1, ProcessedRecords: rows, FailedRecords: 0 });
    const counts = (await engine.pool.query("SELECT count(*)::int AS n, count(DISTINCT id)::int AS codes FROM products WHERE id LIKE 'PGR%'")).rows[0];
    expect(counts).toEqual({ n: rows, codes: rows });
    // The output file's scratch folder is gone.
    expect(readdirSync(path.join(dir, 'files', 'tmp'))).toEqual([]);
  }, 240_000);
});

describe('a sheet beyond the worker\'s memory', () => {
  it('ends the import with the rows before it written and said, and the server goes on', async () => {
    const server = await startTestServer({ config: { workers: 1, importWorkerHeapMb: 24 } });
    cleanups.push(() => server.close());
    const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signIn(server.app);
    // 1,200 ordinary rows, then rows of cells too large for the worker's heap to hold a chunk of.
    // Inline strings, each its own: nothing is shared, so each row costs the worker what it holds.
    const huge = (i: number, c: number) => `${i}-${c}-${'x'.repeat(30_000)}`;
    const file = await bigSheet(HEADER, 1800, (i) => (i < 1200 ? products('MEM')(i) : [`MEM${i}`, ...Array.from({ length: 8 }, (_, c) => huge(i, c))]), { sharedStrings: false });
    const started = await startImport(base, admin, { Destination: 'products', file, fileName: 'groot.xlsx' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const task = await finished(base, admin, started.body.AutoID, 60_000);
    expect(task.ProcessState).toBe(2);
    expect(task.ProcessResult).not.toBe(1);
    expect(task.ErrorMessage).toMatch(/geheugen|gelezen/);
    const written = Number((await server.engine.pool.query("SELECT count(*) FROM products WHERE id LIKE 'MEM%'")).rows[0].count);
    expect(written).toBe(task.ProcessedRecords);
    expect((await fetch(`${base}/health`)).status).toBe(200);
  }, 120_000);
});
