// Imports that are interrupted: the process running one is killed and another takes the job
// over, found by the task's heartbeat (not the job's two-hour time limit), or the task is failed
// when no try is left, its progress stream finished either way; PostgreSQL goes away mid-import
// and comes back; the worker reading the sheet runs out of its memory. Each ends in a clear task
// state, every row written once, temporary files gone.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { message, type ImportProgress } from '../../definitions/language/index.ts';
import { buildApp } from '../../server/app.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded.ts';
import { startEngine, type Engine } from '../../server/engine.ts';
import { freePort } from '../free-port.ts';
import { ADMIN_PASSWORD, signIn, startTestServer, testConfig, TEST_PACKS_DIR, type TestServer } from './harness.ts';
import { portOf } from '../support/listening.ts';
import { bigSheet, finished, outputRows, startImport, type Row } from '../support/import-files.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const HEADER = ['Artikelnummer', 'Naam', 'Prijs', 'Voorraad', 'Actief'];
const products =
  (prefix: string) =>
  (i: number): Row => [
    `${prefix}${String(i).padStart(6, '0')}`,
    `Artikel ${i}`,
    (i % 1000) / 4,
    i % 90,
    i % 2 === 0 ? 'Yes' : 'No',
  ];
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
  const call = (url: string, body: unknown) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const { Code } = await call('/mvc/import/GetCode', {});
  expect(await call('/mvc/import/SetAdvancedMode', { Code, VerificationCode: Code })).toEqual({ AdvancedMode: true });
}

/** The progress stream of an import, read as a browser's EventSource would: its events, and whether the server ended it. */
function progressStream(base: string, cookie: string, id: number) {
  const events: ImportProgress[] = [];
  const state = { ended: false };
  const controller = new AbortController();
  cleanups.push(async () => controller.abort());
  void (async () => {
    const res = await fetch(`${base}/mvc/importprogresseventstream/message?importtaskid=${id}`, {
      headers: { cookie },
      signal: controller.signal,
    });
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let at = buffer.indexOf('\n\n'); at !== -1; at = buffer.indexOf('\n\n')) {
        const data = buffer
          .slice(0, at)
          .split('\n')
          .find((line) => line.startsWith('data: '));
        buffer = buffer.slice(at + 2);
        if (data) events.push(JSON.parse(data.slice(6)));
      }
    }
    state.ended = true;
  })().catch(() => undefined);
  return { events, state };
}

describe('an import whose process is killed', () => {
  let a: TestServer;

  async function worker(): Promise<ChildProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: a.databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        PACKS_DIR: TEST_PACKS_DIR,
        PACKS: 'testbase,testcustomer',
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        WEB_CONCURRENCY: '1',
        WORKERS: '1',
        JOB_MAINTENANCE_SECONDS: '1',
        // No cap on the job's time limit (two hours): only the heartbeat can find the dead process in time.
        IMPORT_HEARTBEAT_SECONDS: '1',
        IMPORT_STALE_SECONDS: '3',
        FILES_DIR: a.engine.config.filesDir,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    await until(
      () =>
        fetch(`http://127.0.0.1:${port}/health`).then(
          (r) => r.ok,
          () => false,
        ),
      60_000,
      'the worker process starting',
    );
    return child;
  }

  it('is found by its heartbeat, taken over by another process and goes on after its checkpoint: every row once, its stream finished', async () => {
    a = await startTestServer({ config: { workers: 0, importHeartbeatSeconds: 1, importStaleSeconds: 3 } });
    cleanups.push(() => a.close());
    const base = await a.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signIn(a.app);
    await advanced(base, admin);
    const first = await worker();
    const rows = 40_000;
    const started = await startImport(base, admin, {
      Destination: 'products',
      file: await bigSheet(HEADER, rows, products('RES')),
      fileName: 'hervat.xlsx',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id: number = started.body.AutoID;
    const progress = async () =>
      Number(
        (await a.engine.pool.query('SELECT processedrecords FROM importtasks WHERE autoid = $1', [id])).rows[0]
          .processedrecords,
      );
    await until(async () => (await progress()) >= 2000, 60_000, 'the import under way');
    const stream = progressStream(base, admin, id);
    await until(async () => stream.events.length > 0, 10_000, 'the stream open');
    first.kill('SIGKILL');
    const before = await progress();
    expect(before).toBeLessThan(rows);
    // Pending again, its job tried again: a sweep (of this process, which works no jobs) saw its
    // heartbeat stop. Within a minute, where the job's time limit is two hours.
    const jobState = async () =>
      (
        await a.engine.pool.query(
          "SELECT state, retry_count FROM pgboss.job WHERE name = 'import' AND data->>'taskId' = $1",
          [String(id)],
        )
      ).rows[0];
    await until(async () => (await jobState()).state === 'retry', 60_000, 'the dead try found');
    await until(
      async () =>
        (await a.engine.pool.query('SELECT processstate FROM importtasks WHERE autoid = $1', [id])).rows[0]
          .processstate === '0',
      10_000,
      'the task pending',
    );
    await worker();
    const task = await finished(base, admin, id, 120_000);
    await until(async () => stream.state.ended, 10_000, 'the stream ended');
    expect(stream.events.at(-1)).toEqual({ CurrentRow: rows, TotalRows: rows, Finished: true });
    expect(task).toMatchObject({
      ProcessState: 2,
      ProcessResult: 1,
      TotalRecords: rows,
      ProcessedRecords: rows,
      FailedRecords: 0,
      SkippedRecords: 0,
    });
    const counts = (
      await a.engine.pool.query(
        "SELECT count(*)::int AS n, count(DISTINCT id)::int AS codes FROM products WHERE id LIKE 'RES%'",
      )
    ).rows[0];
    expect(counts).toEqual({ n: rows, codes: rows });
    const job = (
      await a.engine.pool.query("SELECT retry_count FROM pgboss.job WHERE name = 'import' AND data->>'taskId' = $1", [
        String(id),
      ])
    ).rows;
    expect(job.map((j) => j.retry_count)).toEqual([1]);
    // The output file has every row once, each with its result.
    const out = await outputRows(base, admin, id);
    expect(out.length).toBe(rows + 1);
    expect(new Set(out.slice(1).map((r) => r[0])).size).toBe(rows);
    expect(out.slice(1).every((r) => r[HEADER.length] === 'CreateSuccess')).toBe(true);
    expect(
      Number(
        (await a.engine.pool.query('SELECT count(*) FROM core_import_row WHERE task_id = $1', [id])).rows[0].count,
      ),
    ).toBe(0);
    expect(
      (await a.engine.pool.query('SELECT count(*)::int AS n FROM core_import_heartbeat WHERE task_id = $1', [id]))
        .rows[0].n,
    ).toBe(0);
  }, 240_000);

  it('is failed when no try of it is left, with the rows it wrote, and its stream finished', async () => {
    expect(a, 'the server of the test before').toBeDefined();
    const base = `http://127.0.0.1:${portOf(a.app.server)}`;
    const admin = await signIn(a.app);
    // A task a process ran and beat for until it died: 1,200 rows written, no job left to try it again.
    const id = Number(
      (
        await a.engine.pool.query(
          `INSERT INTO importtasks (descr, destination, processstate, processresult, totalrecords, processedrecords, failedrecords, skippedrecords, currentrow,
                                processdate, filename, requestedby, createdby, modifiedby)
       SELECT 'Artikelen: verweesd.xlsx', 'products', '1', '0', 5000, 1200, 0, 0, 1201, now() - interval '1 minute', 'verweesd.xlsx', autoid, 'admin', 'admin'
         FROM users WHERE username = 'admin' RETURNING autoid`,
        )
      ).rows[0].autoid,
    );
    await a.engine.pool.query('INSERT INTO core_import_heartbeat (task_id, beat_at) VALUES ($1, now())', [id]);
    const stream = progressStream(base, admin, id);
    await until(async () => stream.state.ended, 30_000, 'the stream ended');
    expect(stream.events[0]).toMatchObject({ Finished: false });
    expect(stream.events.at(-1)).toEqual({ CurrentRow: 1200, TotalRows: 5000, Finished: true });
    const task = (
      await a.app.inject({
        method: 'POST',
        url: `/mvc/import/GetItem?autoid=${id}`,
        headers: { cookie: admin },
        payload: {},
      })
    ).json();
    expect(task).toMatchObject({
      ProcessState: 2,
      ProcessResult: 3,
      ProcessedRecords: 1200,
      ErrorMessage: message('import.process_lost'),
    });
    expect(
      (await a.engine.pool.query('SELECT count(*)::int AS n FROM core_import_heartbeat WHERE task_id = $1', [id]))
        .rows[0].n,
    ).toBe(0);
  }, 60_000);
});

describe('an import while PostgreSQL goes away', () => {
  it('fails its chunk, is tried again when the database is back, and writes every row once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'import-outage-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const port = await freePort();
    let db: EmbeddedDatabase = await startEmbeddedPostgres(dir, port);
    cleanups.push(() => db.stop());
    await db.createDatabase('app');
    const engine: Engine = await startEngine(testConfig({ workers: 1, filesDir: path.join(dir, 'files') }), {
      databaseUrl: db.url('app'),
    });
    cleanups.push(() => engine.close());
    const app = await buildApp(engine);
    cleanups.push(() => app.close());
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signIn(app, 'admin', ADMIN_PASSWORD);
    await advanced(base, admin);
    const rows = 40_000;
    const started = await startImport(base, admin, {
      Destination: 'products',
      file: await bigSheet(HEADER, rows, products('PGR')),
      fileName: 'storing.xlsx',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id: number = started.body.AutoID;
    await until(
      async () =>
        Number(
          (await engine.pool.query('SELECT processedrecords FROM importtasks WHERE autoid = $1', [id])).rows[0]
            .processedrecords,
        ) >= 2000,
      60_000,
      'the import under way',
    );
    await db.stop();
    await new Promise((r) => setTimeout(r, 1000));
    db = await startEmbeddedPostgres(dir, port);
    const task = await finished(base, admin, id, 120_000);
    expect(task).toMatchObject({ ProcessState: 2, ProcessResult: 1, ProcessedRecords: rows, FailedRecords: 0 });
    const counts = (
      await engine.pool.query(
        "SELECT count(*)::int AS n, count(DISTINCT id)::int AS codes FROM products WHERE id LIKE 'PGR%'",
      )
    ).rows[0];
    expect(counts).toEqual({ n: rows, codes: rows });
    // The output file's scratch folder is gone.
    expect(readdirSync(path.join(dir, 'files', 'tmp'))).toEqual([]);
  }, 240_000);
});

describe("a sheet beyond the worker's memory", () => {
  it('ends the import with the rows before it written and said, and the server goes on', async () => {
    const server = await startTestServer({ config: { workers: 1, importWorkerHeapMb: 24 } });
    cleanups.push(() => server.close());
    const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signIn(server.app);
    // 1,200 ordinary rows, then rows of cells too large for the worker's heap to hold a chunk of.
    // Inline strings, each its own: nothing is shared, so each row costs the worker what it holds.
    const huge = (i: number, c: number) => `${i}-${c}-${'x'.repeat(30_000)}`;
    const file = await bigSheet(
      HEADER,
      1800,
      (i) => (i < 1200 ? products('MEM')(i) : [`MEM${i}`, ...Array.from({ length: 8 }, (_, c) => huge(i, c))]),
      { sharedStrings: false },
    );
    const started = await startImport(base, admin, { Destination: 'products', file, fileName: 'groot.xlsx' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const task = await finished(base, admin, started.body.AutoID, 60_000);
    expect(task.ProcessState).toBe(2);
    expect(task.ProcessResult).not.toBe(1);
    expect(task.ErrorMessage).toMatch(/geheugen|gelezen/);
    const written = Number(
      (await server.engine.pool.query("SELECT count(*) FROM products WHERE id LIKE 'MEM%'")).rows[0].count,
    );
    expect(written).toBe(task.ProcessedRecords);
    expect((await fetch(`${base}/health`)).status).toBe(200);
  }, 120_000);
});
