// Past one machine: two server processes reach one PostgreSQL through Debian's PgBouncer in
// transaction pooling mode (DATABASE_URL), with LISTEN, the job queue and migrations on the
// direct address (DIRECT_DATABASE_URL). A session made on one works on the other, a withdrawn
// grant (a cache dropped by NOTIFY) reaches the other, a job queued by one runs on the other, and
// a live event of one reaches a stream of the other.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBouncer, type Bouncer } from '../support/pgbouncer.ts';
import { post, secondProcess, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let bouncer: Bouncer;
let a: { child: ChildProcess; base: string; cookie: string };
let b: { child: ChildProcess; base: string; cookie: string };

beforeAll(async () => {
  // The test's own server does the setup and works no jobs: the processes behind the pooler do.
  server = await startTestServer({ config: { workers: 0 } });
  bouncer = await startBouncer(server.databaseUrl);
  const pooled = bouncer.url;
  const env = { DATABASE_URL: pooled, DIRECT_DATABASE_URL: server.databaseUrl, PACKS: 'testbase,testcustomer' };
  const packsDir = server.engine.config.packsDir;
  a = await secondProcess(server, { ...env, PACKS_DIR: packsDir, WORKERS: '0' });
  b = await secondProcess(server, { ...env, PACKS_DIR: packsDir, WORKERS: '1', JOB_MAINTENANCE_SECONDS: '1' });
}, 120_000);
afterAll(async () => {
  a?.child.kill('SIGTERM');
  b?.child.kill('SIGTERM');
  bouncer?.stop();
  await server?.close();
});

async function call(on: { base: string }, cookie: string, url: string, body: unknown = {}) {
  const res = await fetch(`${on.base}${url}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Asks `probe` until it holds, for at most `ms`; fails saying what was not seen. */
async function within(ms: number, probe: () => Promise<boolean>, what: string): Promise<void> {
  const start = Date.now();
  while (!(await probe())) {
    if (Date.now() - start > ms) throw new Error(`${what}: not seen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('a session made through the pooler on one process works on the other', async () => {
  const res = await call(b, a.cookie, '/mvc/products/GetFlexData');
  expect(res.status).toBe(200);
  expect(res.body.Meta).toBeTruthy();
});

it('a withdrawn grant reaches the other process (NOTIFY on the direct connection)', async () => {
  const user = await post(server.app, '/mvc/users/save', {
    Username: 'pooled',
    Password: 'Pooled-pass-1',
    PasswordRetype: 'Pooled-pass-1',
  });
  const group = await post(server.app, '/mvc/securitygroups/save', { ID: 'POOLED', Descr: 'Pooled' });
  await post(server.app, '/mvc/usergroups/save', { User: user.body.AutoID, SecurityGroup: group.body.AutoID });
  const grant = await call(a, a.cookie, '/mvc/securitygrants/save', {
    SecurityGroup: group.body.AutoID,
    RightCode: '9.2',
    Action: 'read',
  });
  expect(grant.status).toBe(200);
  const login = await fetch(`${b.base}/mvc/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'pooled', password: 'Pooled-pass-1' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  expect((await call(b, cookie, '/mvc/products/GetFlexData')).status).toBe(200);
  // Withdrawn on process A: process B refuses within a second.
  expect((await call(a, a.cookie, '/mvc/securitygrants/delete', { autoid: grant.body.AutoID })).status).toBe(200);
  await within(1000, async () => (await call(b, cookie, '/mvc/products/GetFlexData')).status === 403, 'the withdrawal');
});

it('a job queued by one process runs on the other, and its live event reaches a stream of the first', async () => {
  // A stream on A, the only process without workers.
  const controller = new AbortController();
  const stream = await fetch(`${a.base}/mvc/liveevents/stream`, {
    headers: { cookie: a.cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(stream.status).toBe(200);
  if (!stream.body) throw new Error('the stream has no body');
  const reader = stream.body.getReader();
  let heard = '';
  const listening = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      heard += new TextDecoder().decode(value);
    }
  })().catch(() => undefined);
  // The export is queued on A and can only run on B.
  const request = await call(a, a.cookie, '/mvc/downloadrequests/RequestExport', { Table: 'products' });
  expect(request.status).toBe(200);
  await within(
    30_000,
    async () =>
      (await call(a, a.cookie, '/mvc/downloadrequests/GetItem', { autoid: request.body.AutoID })).body.State ===
      'finished',
    'the export job',
  );
  await within(5000, async () => heard.includes('JobProgress'), 'the job progress event on the other process');
  controller.abort();
  await listening;
}, 60_000);
