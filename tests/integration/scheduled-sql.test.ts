// Scheduled SQL tasks: a task run now or found due by its cron runs its query as the SQL editor's
// read-only role, keeps every row as a spreadsheet (its last result) and e-mails it through the
// outbox; a query that tries to write fails as the editor's would, nothing changes, and the run
// is logged. A user without the right sees none of it.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;

async function until<T>(probe: () => Promise<T | undefined | false>, ms: number, what: string): Promise<T> {
  for (const start = Date.now(); ; await new Promise((r) => setTimeout(r, 100))) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
  }
}

async function create(table: string, record: Record<string, unknown>): Promise<number> {
  const res = await post(server.app, `/mvc/${table}/save`, record);
  if (res.status !== 200) throw new Error(`${table}: ${res.status} ${JSON.stringify(res.body)}`);
  return Number(res.body.AutoID);
}

const query = <R extends pg.QueryResultRow>(sql: string, values: unknown[] = []) =>
  server.engine.pool.query<R>(sql, values);

interface Mail {
  payload: { to: string[]; attachments: { fileId: string }[] };
}
const taskOf = async (autoid: number) => (await post(server.app, '/mvc/scheduledsqltasks/GetItem', { autoid })).body;
/** The task once its run (started after `after`, a LastRunAt) has ended. */
const ended = (autoid: number, after: unknown = null) =>
  until(
    async () => {
      const task = await taskOf(autoid);
      return task.LastRunAt !== after && (task.LastState === '2' || task.LastState === '4') && task;
    },
    30_000,
    `task ${autoid}`,
  );

beforeAll(async () => {
  server = await startTestServer();
  await query(`INSERT INTO products (id, descr, createdby, modifiedby)
    SELECT 'SQLT' || i, 'Taakartikel ' || i, 'test', 'test' FROM generate_series(1, 30) AS i`);
});
afterAll(async () => {
  await server?.close();
});

describe('scheduled SQL tasks', () => {
  it('runs now as the reader role: every row kept as a spreadsheet and e-mailed through the outbox', async () => {
    const id = await create('scheduledsqltasks', {
      ID: 'taakartikelen',
      Descr: 'Taakartikelen',
      Cron: '0 3 * * *',
      SqlText: `SELECT id, descr FROM products WHERE id LIKE 'SQLT%' ORDER BY id`,
      EmailTo: 'beheer@example.com; geen-adres',
    });
    const run = await post(server.app, '/mvc/scheduledsqltasks/RunAction', { Action: 'runNow', autoids: [id] });
    expect(run.body.Succeeded).toBe(1);
    const task = await ended(id);
    expect(task).toMatchObject({ LastState: '2', LastRows: 30, LastMessage: '30 rijen' });
    expect(task.LastFile).toBeTruthy();

    const mail = (
      await query<Mail>(
        `SELECT payload::jsonb AS payload FROM outboxmessages WHERE sourcetable = 'scheduledsqltasks' AND sourceid = $1`,
        [id],
      )
    ).rows;
    expect(mail).toHaveLength(1);
    expect(mail[0].payload.to).toEqual(['beheer@example.com']);
    expect(mail[0].payload.attachments).toHaveLength(1);
    // The attachment is the task's last result, a spreadsheet of the file store.
    const file = (
      await query(`SELECT file_name AS name, media_type AS type FROM core_file WHERE id::text = $1`, [
        mail[0].payload.attachments[0].fileId,
      ])
    ).rows[0];
    expect(file).toMatchObject({
      name: expect.stringMatching(/^taakartikelen .*\.xlsx$/),
      type: expect.stringContaining('sheet'),
    });
    expect(JSON.stringify(task.LastFile)).toContain(mail[0].payload.attachments[0].fileId);

    const logged = (await query(`SELECT username, rowcount, error FROM sqlquerylogs WHERE kind = 'task'`)).rows;
    expect(logged).toEqual([{ username: 'task:taakartikelen', rowcount: 30, error: null }]);
  });

  it('a query that writes fails as the SQL editor would: nothing changes, the task says why', async () => {
    const id = await create('scheduledsqltasks', {
      ID: 'opruimen',
      Cron: '0 3 * * *',
      SqlText: `DELETE FROM products WHERE id LIKE 'SQLT%' RETURNING id`,
    });
    await post(server.app, '/mvc/scheduledsqltasks/RunAction', { Action: 'runNow', autoids: [id] });
    const task = await ended(id);
    expect(task.LastState).toBe('4');
    expect(task.LastMessage).toMatch(/read-only transaction|permission denied/);
    expect(Number((await query(`SELECT count(*) AS n FROM products WHERE id LIKE 'SQLT%'`)).rows[0].n)).toBe(30);
  });

  it('the minute job runs an active task its cron says is due, and leaves an inactive or not yet due one', async () => {
    const due = await create('scheduledsqltasks', { ID: 'aan-de-beurt', Cron: '0 3 * * *', SqlText: 'SELECT 1' });
    const inactive = await create('scheduledsqltasks', {
      ID: 'uit',
      Active: false,
      Cron: '0 3 * * *',
      SqlText: 'SELECT 1',
    });
    const later = await create('scheduledsqltasks', { ID: 'later', Cron: '0 0 1 1 *', SqlText: 'SELECT 1' });
    // Two of them last ran two days ago, so a daily cron is due again; the third, once a year on
    // 1 January, ran just now, so its next moment is still to come.
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000);
    await query(`UPDATE scheduledsqltasks SET lastrunat = $2 WHERE autoid = ANY($1)`, [[due, inactive], twoDaysAgo]);
    await query(`UPDATE scheduledsqltasks SET lastrunat = $2 WHERE autoid = $1`, [later, new Date()]);
    const before = await taskOf(due);
    const notYet = await taskOf(later);
    await server.engine.jobs.send('scheduled-sql', {});
    expect((await ended(due, before.LastRunAt)).LastState).toBe('2');
    expect((await taskOf(inactive)).LastState).toBeFalsy();
    expect(await taskOf(later)).toMatchObject({ LastRunAt: notYet.LastRunAt, LastState: notYet.LastState });
  });

  it('a user without the right sees no task and runs none', async () => {
    const user = await create('users', { Username: 'geensql', Password: 'Geen-sql-12', PasswordRetype: 'Geen-sql-12' });
    const group = await create('securitygroups', { ID: 'GEENSQL', Descr: 'geen sql' });
    await create('usergroups', { User: user, SecurityGroup: group });
    await create('securitygrants', { SecurityGroup: group, RightCode: '12.61', Action: 'read' });
    const cookie = await signIn(server.app, 'geensql', 'Geen-sql-12');
    const as = (url: string, payload: object) =>
      server.app.inject({ method: 'POST', url, payload, headers: { cookie } });
    expect((await as('/mvc/scheduledsqltasks/GetFlexData', {})).statusCode).toBe(403);
    const [task] = (await query(`SELECT autoid FROM scheduledsqltasks ORDER BY autoid LIMIT 1`)).rows;
    const run = await as('/mvc/scheduledsqltasks/RunAction', { Action: 'runNow', autoids: [Number(task.autoid)] });
    expect(run.statusCode).toBe(403);
  });
});
