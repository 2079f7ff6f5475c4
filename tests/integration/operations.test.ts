// What administrators see of the running system: the monitor's figures (only with its right),
// the same figures as Prometheus metrics (loopback, or with the configured token), and the
// session statistics of sign-ins and failures with the specification's codes for a bad range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, post, signIn, startTestServer, type TestServer } from './harness.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
let server: TestServer;
let plain: string;

async function as(cookie: string, url: string, body: object = {}) {
  const res = await server.app.inject({ method: 'POST', url, payload: body, headers: { cookie } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}

async function create(table: string, record: Record<string, unknown>): Promise<number> {
  const res = await post(server.app, `/mvc/${table}/save`, record);
  if (res.status !== 200) throw new Error(`${table}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.AutoID;
}

beforeAll(async () => {
  server = await startTestServer({ config: { metricsToken: TOKEN } });
  await create('users', { Username: 'plain', Password: 'Plain-pass-1', PasswordRetype: 'Plain-pass-1' });
  plain = await signIn(server.app, 'plain', 'Plain-pass-1');
});
afterAll(async () => {
  await server?.close();
});

describe('the monitor', () => {
  it('answers database, jobs, outbox, live connections and memory', async () => {
    const res = await post(server.app, '/mvc/monitor/Get');
    expect(res.status).toBe(200);
    expect(res.body.Database).toMatchObject({ Up: true });
    expect(res.body.Database.Connections).toBeGreaterThan(0);
    expect(res.body.Database.SizeBytes).toBeGreaterThan(0);
    expect(res.body.Jobs).toEqual({
      Queued: expect.any(Number),
      Active: expect.any(Number),
      Failed: expect.any(Number),
      FailedLastDay: expect.any(Number),
    });
    expect(res.body.Outbox).toEqual({ Pending: expect.any(Number), Failed: expect.any(Number) });
    expect(res.body.LiveConnections).toBe(0);
    expect(res.body.Process.Pid).toBe(process.pid);
    expect(res.body.Process.RssBytes).toBeGreaterThan(0);
    // Every process's connections, by application: the job queue's among them.
    expect(res.body.Processes.some((p: { Application: string }) => p.Application === 'jobs')).toBe(true);
  });

  it('counts a queued job', async () => {
    const before = (await post(server.app, '/mvc/monitor/Get')).body.Jobs.Queued;
    // A job for the far future waits in the queue.
    const { rows } = await server.engine.pool.query(
      `INSERT INTO pgboss.job (name, data, start_after) VALUES ('sessions-cleanup', '{}', now() + interval '1 day') RETURNING id`,
    );
    expect(rows).toHaveLength(1);
    expect((await post(server.app, '/mvc/monitor/Get')).body.Jobs.Queued).toBe(before + 1);
    await server.engine.pool.query('DELETE FROM pgboss.job WHERE id = $1', [rows[0].id]);
  });

  it('is refused without its right', async () => {
    expect((await as(plain, '/mvc/monitor/Get')).status).toBe(403);
    expect((await as(plain, '/mvc/monitor/Versions')).status).toBe(403);
    expect((await as(plain, '/mvc/monitor/Environment')).status).toBe(403);
  });
});

describe('versions and environment settings', () => {
  it('names the product, the packs, the migrations and the database', async () => {
    const res = await post(server.app, '/mvc/monitor/Versions');
    expect(res.status).toBe(200);
    expect(res.body.Product.Version).toMatch(/^\d+\.\d+\.\d+/);
    expect(res.body.Packs.map((p: { Name: string }) => p.Name)).toContain('core');
    expect(res.body.Migrations.map((m: { Name: string }) => m.Name)).toContain('Migration20261208000000SignIns');
    expect(res.body.Database).toMatch(/PostgreSQL/);
  });

  it('shows the configuration without a secret', async () => {
    const res = await post(server.app, '/mvc/monitor/Environment');
    expect(res.status).toBe(200);
    const value = (name: string) => res.body.Settings.find((s: { Name: string }) => s.Name === name)?.Value;
    expect(value('METRICS_TOKEN')).toBe('set');
    expect(value('ADMIN_PASSWORD')).toBe('set');
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(new URL(server.databaseUrl).password);
    expect(value('DATABASE_URL')).toContain(new URL(server.databaseUrl).pathname);
  });
});

describe('/metrics', () => {
  it('answers Prometheus text to a loopback caller', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(res.body).toMatch(/^app_database_up 1$/m);
    expect(res.body).toMatch(/^app_jobs_queued \d+$/m);
    expect(res.body).toMatch(/^app_outbox_pending \d+$/m);
    expect(res.body).toMatch(/^app_live_connections 0$/m);
  });

  it('refuses another address without the token, and answers it with the token', async () => {
    const away = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(away.statusCode).toBe(403);
    const wrong = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '10.1.2.3',
      headers: { authorization: 'Bearer not-the-token-at-all-0123456789x' },
    });
    expect(wrong.statusCode).toBe(403);
    const right = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '10.1.2.3',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toMatch(/app_database_up 1/);
  });

  it('takes a request a proxy on this machine passed on for what it is: not a loopback caller', async () => {
    const proxied = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(403);
    const standard = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { forwarded: 'for=203.0.113.9' },
    });
    expect(standard.statusCode).toBe(403);
  });
});

describe('session statistics', () => {
  const today = new Date().toISOString().slice(0, 10);
  const ask = (body: object) => post(server.app, '/mvc/sessionstatistics/Get', body);

  it('counts sign-ins, users and failures per day', async () => {
    const before = (await ask({ From: today, To: today })).body.Days[0];
    await server.app.inject({
      method: 'POST',
      url: '/mvc/account/login',
      payload: { username: 'plain', password: 'wrong-password' },
    });
    await signIn(server.app, 'admin', ADMIN_PASSWORD);
    const res = await ask({ From: today, To: today });
    expect(res.status).toBe(200);
    expect(res.body.Days).toEqual([
      { Day: today, Sessions: 2, SignIns: before.SignIns + 1, Failures: before.Failures + 1 },
    ]);
  });

  it('answers every day of the range, empty days too', async () => {
    const res = await ask({ From: '2026-01-30', To: '2026-02-02' });
    expect(res.body.Days.map((d: { Day: string }) => d.Day)).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
  });

  it('says 1004 without a date, 1005 for an end before the start, 1002 for a bad range', async () => {
    const none = await ask({ From: today });
    expect(none.status).toBe(400);
    expect(none.body.Key).toBe('statistics.no_date');
    expect(none.body.Error).toMatch(/1004/);
    const backwards = await ask({ From: '2026-03-02', To: '2026-03-01' });
    expect(backwards.body.Key).toBe('statistics.end_before_start');
    expect(backwards.body.Error).toMatch(/1005/);
    const bad = await ask({ From: '2026-02-30', To: '2026-03-01' });
    expect(bad.body.Key).toBe('statistics.filter');
    expect(bad.body.Error).toMatch(/1002/);
    const long = await ask({ From: '2020-01-01', To: '2026-01-01' });
    expect(long.body.Key).toBe('statistics.filter');
  });

  it('is refused without its right', async () => {
    expect((await as(plain, '/mvc/sessionstatistics/Get', { From: today, To: today })).status).toBe(403);
  });
});
