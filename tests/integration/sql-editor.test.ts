// The SQL editor attacked by an administrator who holds its right: whatever the query tries
// (writes, DDL, files, programs, large objects, another role, secrets, a long sleep, a second
// statement), the database refuses it as the reader role, nothing changes and the server keeps
// answering. A user without the right is refused; at most 1,000 rows come back; every query is
// logged with who ran it.
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let editor: string;
let outsider: string;

async function as(cookie: string, url: string, body: object) {
  const res = await server.app.inject({ method: 'POST', url, payload: body, headers: { cookie } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}
/** A sheet row's cells from the first column (exceljs counts from 1). */
const cellsOf = (values: unknown) => (Array.isArray(values) ? values.slice(1) : []);
const run = (sql: string, cookie = editor) => as(cookie, '/mvc/sqleditor/Run', { Sql: sql });

async function create(table: string, record: Record<string, unknown>): Promise<number> {
  const res = await post(server.app, `/mvc/${table}/save`, record);
  if (res.status !== 200) throw new Error(`${table}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.AutoID;
}

/** A user in a group of their own with these grants (`code:action`). */
async function userWith(name: string, grants: string[]): Promise<string> {
  const user = await create('users', { Username: name, Password: 'Sql-editor-1', PasswordRetype: 'Sql-editor-1' });
  const group = await create('securitygroups', { ID: name.toUpperCase(), Descr: name });
  await create('usergroups', { User: user, SecurityGroup: group });
  for (const grant of grants) {
    const [RightCode, Action] = grant.split(':');
    await create('securitygrants', { SecurityGroup: group, RightCode, Action });
  }
  return signIn(server.app, name, 'Sql-editor-1');
}

beforeAll(async () => {
  server = await startTestServer({ config: { sqlEditorTimeoutMs: 1500 } });
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  await client.query(`INSERT INTO products (id, descr, createdby, modifiedby)
    SELECT 'P' || i, 'Artikel ' || i, 'test', 'test' FROM generate_series(1, 1500) AS i`);
  await client.end();
  editor = await userWith('sqleditor', ['12.60:execute', '12.22:read', '12.22:create']);
  outsider = await userWith('nosql', ['12.61:read']);
});
afterAll(async () => {
  await server?.close();
});

const productCount = async () => {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    return Number((await client.query('SELECT count(*) AS n FROM products')).rows[0].n);
  } finally {
    await client.end();
  }
};

describe('a query of the data', () => {
  it('answers columns and rows', async () => {
    const res = await run(`SELECT id, descr FROM products WHERE id IN ('P1', 'P2') ORDER BY id`);
    expect(res.status).toBe(200);
    expect(res.body.Columns.map((c: { Name: string }) => c.Name)).toEqual(['id', 'descr']);
    expect(res.body.Rows).toEqual([
      ['P1', 'Artikel 1'],
      ['P2', 'Artikel 2'],
    ]);
    expect(res.body.Truncated).toBe(false);
  });

  it('answers at most 1,000 rows and says there were more', async () => {
    const res = await run('SELECT id FROM products ORDER BY autoid');
    expect(res.status).toBe(200);
    expect(res.body.Rows).toHaveLength(1000);
    expect(res.body.MaxRows).toBe(1000);
    expect(res.body.Truncated).toBe(true);
    const exact = await run('SELECT id FROM products ORDER BY autoid LIMIT 1000');
    expect(exact.body.Rows).toHaveLength(1000);
    expect(exact.body.Truncated).toBe(false);
  });
});

describe('attacks', () => {
  const refused = async (sql: string, says: RegExp) => {
    const res = await run(sql);
    expect(res.status, sql).toBe(400);
    expect(res.body.Key, sql).toBe('sql.refused');
    expect(res.body.Error, sql).toMatch(says);
    return res;
  };

  it('reads no file, runs no program, imports no large object', async () => {
    await refused(`SELECT pg_read_file('/etc/passwd')`, /permission denied for function pg_read_file/);
    await refused(`SELECT pg_ls_dir('.')`, /permission denied for function pg_ls_dir/);
    await refused(`COPY (SELECT 1) TO PROGRAM 'id'`, /permission denied|not allowed/);
    await refused(`SELECT lo_import('/etc/passwd')`, /permission denied for function lo_import/);
    await refused(`CREATE EXTENSION dblink`, /read-only transaction|permission denied/);
    await refused(`SELECT dblink('dbname=postgres', 'select 1')`, /does not exist/);
  });

  it('writes nothing and makes nothing', async () => {
    const before = await productCount();
    await refused(`UPDATE products SET descr = 'x'`, /read-only transaction|permission denied/);
    await refused(`DELETE FROM products`, /read-only transaction|permission denied/);
    await refused(`CREATE TABLE stolen (x int)`, /read-only transaction|permission denied/);
    await refused(`WITH gone AS (DELETE FROM products RETURNING 1) SELECT count(*) FROM gone`, /read-only|permission/);
    expect(await productCount()).toBe(before);
  });

  it('cannot become another role, in any way', async () => {
    // Each alone is harmless (the transaction is rolled back); nothing after it runs with it.
    expect((await run('SET ROLE postgres')).status).toBe(200);
    expect((await run('RESET ROLE')).status).toBe(200);
    await refused(`RESET ROLE; SELECT pg_read_file('/etc/passwd')`, /multiple commands/);
    await refused(`SET ROLE postgres; SELECT pg_read_file('/etc/passwd')`, /multiple commands/);
    // Within one statement: set_config would change the role for what follows in it.
    await refused(
      `SELECT set_config('role', 'postgres', true), query_to_xml('select pg_read_file(''/etc/passwd'')', true, true, '')`,
      /permission denied for function set_config/,
    );
    const who = await run('SELECT current_user, session_user = current_user AS same');
    expect(who.body.Rows).toEqual([['sql_reader', false]]);
  });

  it('reads no secret', async () => {
    await refused('SELECT * FROM users', /permission denied for table users/);
    await refused('SELECT password FROM users', /permission denied for table users/);
    await refused('SELECT * FROM core_session', /permission denied for table core_session/);
    await refused('SELECT * FROM core_site_definition', /permission denied/);
    // What is no secret of the users table may be read.
    const names = await run(`SELECT username FROM users WHERE username = 'sqleditor'`);
    expect(names.body.Rows).toEqual([['sqleditor']]);
  });

  it('a second statement is refused, whatever the first', async () => {
    await refused('SELECT 1; COMMIT; DROP TABLE products', /multiple commands/);
    await refused(`SELECT 1; UPDATE products SET descr = 'x'`, /multiple commands/);
    // A COMMIT alone ends the reader's transaction and nothing more runs.
    expect((await run('COMMIT')).status).toBe(200);
    expect(await productCount()).toBe(1500);
  });

  it('a query past its time is cancelled and the server answers', async () => {
    const res = await run('SELECT pg_sleep(10)');
    expect(res.status).toBe(400);
    expect(res.body.Key).toBe('sql.timeout');
    const locked = await run('SELECT pg_advisory_lock(42), pg_sleep(10)');
    expect(locked.body.Key).toBe('sql.timeout');
    // Its connection is gone with it: the lock is not held.
    const free = await run('SELECT pg_try_advisory_lock(42)');
    expect(free.body.Rows).toEqual([[true]]);
    expect((await post(server.app, '/mvc/products/GetFlexData', {})).status).toBe(200);
  }, 30_000);

  it('a user without the right is refused, the log is not theirs to read either', async () => {
    const res = await run('SELECT 1', outsider);
    expect(res.status).toBe(403);
    const admin = await userWith('plainuser', []);
    expect((await run('SELECT 1', admin)).status).toBe(403);
    expect((await as(admin, '/mvc/sqlquerylogs/GetFlexData', {})).status).toBe(403);
  });
});

it('every query is logged with who ran it, when, and what came of it', async () => {
  await run(`SELECT 'logged' AS marker`);
  await run(`SELECT pg_read_file('/etc/hostname')`);
  const log = await as(outsider, '/mvc/sqlquerylogs/GetFlexData', { pageSize: 100 });
  expect(log.status).toBe(200);
  const rows: Record<string, unknown>[] = log.body.Data;
  const ok = rows.find((r) => r.SqlText === `SELECT 'logged' AS marker`);
  expect(ok).toMatchObject({ Username: 'sqleditor', RowCount: 1, Error: null });
  expect(ok?.CreateDate).toBeTruthy();
  const bad = rows.find((r) => r.SqlText === `SELECT pg_read_file('/etc/hostname')`);
  expect(bad).toMatchObject({ Username: 'sqleditor', RowCount: null });
  expect(String(bad?.Error)).toMatch(/pg_read_file/);
  // Refused queries of users without the right run nothing and are not the editor's log.
  expect(rows.some((r) => r.Username === 'nosql')).toBe(false);
  // The log is read-only: no one changes it.
  const id = Number(ok?.AutoID);
  expect((await post(server.app, '/mvc/sqlquerylogs/delete', { autoid: id })).status).toBeGreaterThanOrEqual(400);
});

it('all rows of a query beyond 1,000 come as a spreadsheet through a download request', async () => {
  const res = await as(editor, '/mvc/sqleditor/Export', { Sql: 'SELECT id, descr FROM products ORDER BY autoid' });
  expect(res.status).toBe(200);
  const id = res.body.AutoID;
  let request: Record<string, unknown> = {};
  // The job works in the background; its request says when it is done.
  for (let tries = 0; tries < 300 && request.State !== 'finished' && request.State !== 'error'; tries++) {
    await new Promise((r) => setTimeout(r, 100));
    request = (await as(editor, '/mvc/downloadrequests/GetItem', { autoid: id })).body;
  }
  expect(request.State, JSON.stringify(request)).toBe('finished');
  const file = await server.app.inject({
    method: 'GET',
    url: `/mvc/downloadrequests/download?autoid=${id}`,
    headers: { cookie: editor },
  });
  expect(file.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.read(Readable.from([file.rawPayload]));
  const sheet = book.worksheets[0];
  expect(sheet.rowCount).toBe(1501);
  expect(cellsOf(sheet.getRow(1).values)).toEqual(['id', 'descr']);
  expect(cellsOf(sheet.getRow(2).values)).toEqual(['P1', 'Artikel 1']);
  // The spreadsheet's query is refused as the editor's is, and logged.
  const bad = await as(editor, '/mvc/sqleditor/Export', { Sql: "SELECT pg_read_file('/etc/passwd')" });
  expect(bad.status).toBe(200);
  for (let tries = 0; tries < 300 && request.State !== 'error'; tries++) {
    await new Promise((r) => setTimeout(r, 100));
    request = (await as(editor, '/mvc/downloadrequests/GetItem', { autoid: bad.body.AutoID })).body;
  }
  expect(String(request.Error)).toMatch(/permission denied for function pg_read_file/);
  expect((await run("SELECT count(*) FROM sqlquerylogs WHERE kind = 'export'")).body.Rows).toEqual([[2]]);
  expect((await as(outsider, '/mvc/sqleditor/Export', { Sql: 'SELECT 1' })).status).toBe(403);
}, 60_000);
