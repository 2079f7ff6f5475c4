// Background work over HTTP, with two server processes on one database: a grid exported as
// .xlsx through a download request (rights, row limits, ownership), scheduled tasks run now and
// reporting their state, a job that runs once however many processes work, and a job whose
// process is killed mid-run tried again by another.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-port.ts';
import { ADMIN_PASSWORD, TEST_PACKS_DIR, post, signIn, startTestServer, type TestServer } from './harness.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
let a: TestServer;
let base: string;
let limited: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  // This process queues and serves; the work is done by the processes the tests start (or by
  // this one where a test says so).
  a = await startTestServer({ config: { workers: 0, jobExpireCapSeconds: 20 } });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(a.app.server.address() as { port: number }).port}`;
  const user = (
    await post(a.app, '/mvc/users/save', { Username: 'lim', Password: 'Lim-pass-1', PasswordRetype: 'Lim-pass-1' })
  ).body.AutoID;
  const group = (await post(a.app, '/mvc/securitygroups/save', { ID: 'limited', Descr: 'Beperkt' })).body.AutoID;
  await post(a.app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode: '9.1', Action: 'read' });
  for (const Action of ['read', 'create', 'delete'])
    await post(a.app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode: '12.22', Action });
  await post(a.app, '/mvc/usergroups/save', { User: user, SecurityGroup: group });
  await post(a.app, '/mvc/rowlimits/save', {
    SecurityGroup: group,
    TableName: 'countries',
    FieldName: 'ID',
    Kind: 'userfield',
    UserField: 'Username',
  });
  for (const [ID, Descr] of [
    ['lim', 'Eigen land'],
    ['NL', 'Nederland'],
    ['BE', 'België'],
  ])
    await post(a.app, '/mvc/countries/save', { ID, Descr });
  limited = await signIn(a.app, 'lim', 'Lim-pass-1');
}, 90_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await a?.close();
});

/** A second server process on the same database, working jobs. */
async function worker(env: Record<string, string> = {}): Promise<ChildProcess> {
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
      JOB_EXPIRE_CAP_SECONDS: '20',
      FILES_DIR: a.engine.config.filesDir,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  for (
    let waited = 0;
    !(await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    ));
    waited += 200
  ) {
    if (waited > 60_000) throw new Error('the worker process did not start within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return child;
}

async function as(cookie: string, url: string, body: unknown = {}) {
  const res = await a.app.inject({ method: 'POST', url, payload: body as object, headers: { cookie } });
  return { status: res.statusCode, body: res.json() };
}
const request = async (cookie: string, id: number) =>
  (await as(cookie, '/mvc/downloadrequests/GetItem', { autoid: id })).body;

async function until<T>(probe: () => Promise<T | undefined | false>, ms: number, what: string): Promise<T> {
  for (const start = Date.now(); ; await new Promise((r) => setTimeout(r, 100))) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
  }
}

/** The exported book; its file is named by the screen's title in the user's language. */
async function bookOf(cookie: string, id: number, title = 'Landen') {
  const res = await fetch(`${base}/mvc/downloadrequests/download?autoid=${id}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${title}.xlsx"`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  return book;
}

async function sheetOf(cookie: string, id: number, title = 'Landen') {
  const sheet = (await bookOf(cookie, id, title)).worksheets[0];
  return sheet
    .getSheetValues()
    .slice(1)
    .map((row) => (row as unknown[]).slice(1));
}

describe('download requests', () => {
  let worker1: ChildProcess;
  beforeAll(async () => {
    worker1 = await worker();
  }, 90_000);
  afterAll(() => {
    worker1.kill('SIGTERM');
  });

  it("exports a grid as .xlsx in the background, with the user's row limits, and only they see and fetch it", async () => {
    const admin = await signIn(a.app);
    const mine = await as(limited, '/mvc/downloadrequests/RequestExport', {
      Table: 'countries',
      Request: { order: 'ID asc', flexGridLayoutColumns: [{ FieldName: 'ID' }, { FieldName: 'Descr' }] },
    });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ TableName: 'countries', File: null });
    const done = await until(
      async () => {
        const r = await request(limited, mine.body.AutoID);
        return r.State === 'finished' && r;
      },
      20_000,
      'the export',
    );
    expect(done.Progress).toBe(100);
    expect(await sheetOf(limited, mine.body.AutoID)).toEqual([
      ['Code', 'Omschrijving'],
      ['lim', 'Eigen land'],
    ]);
    // Another user (even the administrator's grid of requests is theirs only unless full access) …
    const theirs = await as(admin, '/mvc/downloadrequests/RequestExport', {
      Table: 'countries',
      Request: { order: 'ID asc', flexGridLayoutColumns: ['ID'] },
    });
    await until(
      async () => (await request(admin, theirs.body.AutoID)).State === 'finished',
      20_000,
      'the second export',
    );
    expect((await sheetOf(admin, theirs.body.AutoID)).length).toBeGreaterThanOrEqual(4);
    // … is not the limited user's to see or to download.
    expect((await as(limited, '/mvc/downloadrequests/GetItem', { autoid: theirs.body.AutoID })).status).toBe(404);
    expect(
      (
        await fetch(`${base}/mvc/downloadrequests/download?autoid=${theirs.body.AutoID}`, {
          headers: { cookie: limited },
        })
      ).status,
    ).toBe(404);
    const grid = await as(limited, '/mvc/downloadrequests/GetFlexData', {});
    expect(grid.body.Data.map((r: { AutoID: number }) => r.AutoID)).toEqual([mine.body.AutoID]);
  });

  it("exports as the grid reads in the user's language: titles, a choice's label, the system columns", async () => {
    const admin = await signIn(a.app);
    expect((await as(admin, '/mvc/products/save', { ID: 'EXP-1', Descr: 'Export', Status: 'new' })).status).toBe(200);
    const english = `${admin}; Culture=en`;
    const asked = await as(english, '/mvc/downloadrequests/RequestExport', {
      Table: 'products',
      Request: { columnFilter: { ID: 'EXP-1' }, flexGridLayoutColumns: ['ID', 'Status', 'CreatedBy'] },
    });
    expect(asked.body.Descr).toMatch(/^Products \(/);
    await until(async () => (await request(admin, asked.body.AutoID)).State === 'finished', 20_000, 'the export');
    const book = await bookOf(admin, asked.body.AutoID, 'Products');
    expect(book.worksheets[0].name).toBe('Products');
    expect(await sheetOf(admin, asked.body.AutoID, 'Products')).toEqual([
      ['Item number', 'Status', 'Created by'],
      ['EXP-1', 'New', 'admin'],
    ]);
  });

  it('refuses an export of a table the user may not read, and a download that is not finished', async () => {
    expect((await as(limited, '/mvc/downloadrequests/RequestExport', { Table: 'products' })).status).toBe(403);
    const pending = (
      await a.engine.pool.query(`INSERT INTO downloadrequests (descr, state, requestedby, createdby, modifiedby)
      SELECT 'Bezig', 'pending', autoid, 'lim', 'lim' FROM users WHERE username = 'lim' RETURNING autoid`)
    ).rows[0].autoid;
    // Until it is finished, a request has no file to download.
    const res = await fetch(`${base}/mvc/downloadrequests/download?autoid=${pending}`, {
      headers: { cookie: limited },
    });
    expect(res.status).toBe(404);
  });

  it('a scheduled task runs now on request and reports its state', async () => {
    const tasks = (await post(a.app, '/mvc/scheduledtasks/GetFlexData', { order: 'ID asc' })).body.Data as {
      AutoID: number;
      ID: string;
      LastState: string | null;
    }[];
    expect(tasks.map((t) => t.ID)).toEqual([
      'auto-status',
      'documents-retention',
      'einvoice-receive',
      'events-cleanup',
      'scheduled-actions',
      'scheduled-reports',
      'scheduled-sql',
      'sessions-cleanup',
    ]);
    await a.engine.pool.query(
      `INSERT INTO core_session (id, user_id, username, created_at, expires_at, last_seen_at) SELECT 'expired-test', autoid, username, now() - interval '2 days', now() - interval '1 day', now() - interval '1 day' FROM users WHERE username = 'admin'`,
    );
    const task = tasks.find((t) => t.ID === 'sessions-cleanup')!;
    const run = await post(a.app, '/mvc/scheduledtasks/RunAction', { Action: 'runNow', autoids: [task.AutoID] });
    expect(run.body.Succeeded).toBe(1);
    const after = await until(
      async () => {
        const t = (await post(a.app, '/mvc/scheduledtasks/GetItem', { autoid: task.AutoID })).body;
        return t.LastState === '2' && t;
      },
      20_000,
      'the task run',
    );
    expect(after.LastMessage).toMatch(/^\d+ verlopen sessies verwijderd$/);
    expect((await a.engine.pool.query(`SELECT 1 FROM core_session WHERE id = 'expired-test'`)).rowCount).toBe(0);
  });
});

/**
 * The queue's rows of an export's job, once it has left the active state: the request is marked
 * finished inside the job, a moment before the queue marks the job itself completed.
 */
async function jobOf(requestId: number) {
  const read = async () =>
    (
      await a.engine.pool.query(
        `SELECT state, retry_count FROM pgboss.job WHERE name = 'export' AND data->>'requestId' = $1`,
        [String(requestId)],
      )
    ).rows;
  return until(
    async () => {
      const rows = await read();
      return rows.every((r) => r.state !== 'active') && rows;
    },
    10_000,
    'the job leaving the active state',
  );
}

describe('jobs across processes', () => {
  it('a job runs once however many processes work, and a job whose process is killed is tried again by another', async () => {
    // Enough rows that an export takes a while.
    await a.engine.pool.query(
      `INSERT INTO countries (id, descr, createdby, modifiedby) SELECT 'X' || i, 'Land ' || i, 'test', 'test' FROM generate_series(1, 150000) i`,
    );
    const first = await worker();
    const second = await worker();
    const admin = await signIn(a.app);
    const once = await as(admin, '/mvc/downloadrequests/RequestExport', {
      Table: 'countries',
      Request: { flexGridLayoutColumns: ['ID'] },
    });
    await until(async () => (await request(admin, once.body.AutoID)).State === 'finished', 60_000, 'the export');
    expect(await jobOf(once.body.AutoID)).toEqual([{ state: 'completed', retry_count: 0 }]);

    // Now only `second` works; it is killed while exporting, and `third` takes the job over.
    first.kill('SIGTERM');
    const killed = await as(admin, '/mvc/downloadrequests/RequestExport', {
      Table: 'countries',
      Request: { flexGridLayoutColumns: ['ID', 'Descr'] },
    });
    await until(
      async () => (await request(admin, killed.body.AutoID)).State === 'pending',
      30_000,
      'the export starting',
    );
    second.kill('SIGKILL');
    await worker();
    const done = await until(
      async () => {
        const r = await request(admin, killed.body.AutoID);
        return r.State === 'finished' && r;
      },
      60_000,
      'the export tried again',
    );
    expect(done.Progress).toBe(100);
    expect(await jobOf(killed.body.AutoID)).toEqual([{ state: 'completed', retry_count: 1 }]);
  }, 180_000);
});
