// Two server processes on one database: what one process changes reaches the other within a
// second, although the other keeps sessions, principals, counts and definitions in memory. The
// second process is a real one (server/main.ts), reached over HTTP; so is the cluster of
// WEB_CONCURRENCY processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../free-port.ts';
import { ADMIN_PASSWORD, post, startTestServer, type TestServer } from './harness.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const COSTCODES_RIGHT = '10.85';

let a: TestServer;
let b: ChildProcess;
let base: string;

beforeAll(async () => {
  a = await startTestServer({ config: { packsDir: path.join(ROOT, 'definitions', 'packs'), packs: ['base', 'demo'] } });
  const port = await freePort();
  b = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: a.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PACKS: 'base,demo',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  base = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 200) {
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (waited > 60_000) throw new Error('the second server process did not start within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
});
afterAll(async () => {
  b?.kill('SIGTERM');
  await a?.close();
});

async function onB(method: 'GET' | 'POST', url: string, cookie: string, body: unknown = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: await res.json() };
}

async function signInOnB(username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/mvc/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

/** Asks `probe` until it holds, for at most a second; fails saying what it last saw. */
async function withinASecond(probe: () => Promise<boolean>, what: string): Promise<void> {
  const start = Date.now();
  while (!(await probe())) {
    if (Date.now() - start > 1000) throw new Error(`${what}: not seen by the other process within 1 s`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

it('a withdrawn grant reaches the other process', async () => {
  const user = (
    await post(a.app, '/mvc/users/save', {
      Username: 'multi',
      Password: 'Multi-pass-1',
      PasswordRetype: 'Multi-pass-1',
    })
  ).body;
  const group = (await post(a.app, '/mvc/securitygroups/save', { ID: 'multi', Descr: 'Twee processen' })).body;
  const grant = (
    await post(a.app, '/mvc/securitygrants/save', {
      SecurityGroup: group.AutoID,
      RightCode: COSTCODES_RIGHT,
      Action: 'read',
    })
  ).body;
  await post(a.app, '/mvc/usergroups/save', { User: user.AutoID, SecurityGroup: group.AutoID });
  const cookie = await signInOnB('multi', 'Multi-pass-1');
  const granted = await onB('POST', '/mvc/costcodes/GetFlexData', cookie);
  expect(granted.status).toBe(200);
  // The other process answers the same rows as this one.
  const here = (await post(a.app, '/mvc/costcodes/GetFlexData', {})).body;
  expect(granted.body.Data.map((r: { AutoID: number }) => r.AutoID)).toEqual(
    here.Data.map((r: { AutoID: number }) => r.AutoID),
  );
  expect(granted.body.Meta.Count).toBe(here.Meta.Count);
  expect((await onB('POST', '/mvc/costcodes/GetFlexData', cookie)).status).toBe(200);
  expect((await post(a.app, '/mvc/securitygrants/delete', { autoid: grant.AutoID })).status).toBe(200);
  await withinASecond(
    async () => (await onB('POST', '/mvc/costcodes/GetFlexData', cookie)).status === 403,
    'the withdrawn grant',
  );
});

it('a sign-out and a session cut short reach the other process', async () => {
  const cookie = await signInOnB('admin', ADMIN_PASSWORD);
  expect((await onB('GET', '/mvc/user/getcurrentuser', cookie)).status).toBe(200);
  const out = await a.app.inject({ method: 'POST', url: '/mvc/account/logout', headers: { cookie } });
  expect(out.statusCode).toBe(200);
  await withinASecond(
    async () => (await onB('GET', '/mvc/user/getcurrentuser', cookie)).status === 403,
    'the sign-out',
  );

  const other = await signInOnB('admin', ADMIN_PASSWORD);
  expect((await onB('GET', '/mvc/user/getcurrentuser', other)).status).toBe(200);
  const id = createHash('sha256').update(other.replace('session=', '')).digest('hex');
  await a.engine.pool.query(`UPDATE core_session SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
  await withinASecond(
    async () => (await onB('GET', '/mvc/user/getcurrentuser', other)).status === 403,
    'the session cut short',
  );
});

it('a deactivated user and a changed definition reach the other process', async () => {
  const cookie = await signInOnB('multi', 'Multi-pass-1');
  const current = await onB('GET', '/mvc/user/getcurrentuser', cookie);
  expect(current.status).toBe(200);
  expect(current.body).toMatchObject({ Username: 'multi' });
  const user = (await post(a.app, '/mvc/users/GetFlexData', { dataFilter: { Username: 'multi' } })).body.Data[0];
  const full = (await post(a.app, '/mvc/users/GetItem', { autoid: user.AutoID })).body;
  expect((await post(a.app, '/mvc/users/save', { ...full, Activated: false })).status).toBe(200);
  await withinASecond(
    async () => (await onB('GET', '/mvc/user/getcurrentuser', cookie)).status === 403,
    'the deactivation',
  );

  const admin = await signInOnB('admin', ADMIN_PASSWORD);
  const fields = async () =>
    (await onB('GET', '/mvc/costcodes/GetForm', admin)).body.Properties.map((p: { FieldName: string }) => p.FieldName);
  expect(await fields()).not.toContain('Zone');
  expect(
    (
      await post(a.app, '/mvc/fielddictionary/save', {
        TableName: 'costcodes',
        FieldName: 'Zone',
        Label: 'Zone',
        FieldType: 'text',
      })
    ).status,
  ).toBe(200);
  await withinASecond(async () => (await fields()).includes('Zone'), 'the new field');
});

it('a row written in one process is counted by the other at once', async () => {
  const admin = await signInOnB('admin', ADMIN_PASSWORD);
  const count = async () => (await onB('POST', '/mvc/costcodes/GetFlexData', admin)).body.Meta.Count as number;
  const before = await count();
  expect(await count()).toBe(before);
  expect((await post(a.app, '/mvc/costcodes/save', { ID: 'TWO', Descr: 'Uit het andere proces' })).status).toBe(200);
  await withinASecond(async () => (await count()) === before + 1, 'the new row in the count');
});

it('a new field limit reaches the other process', async () => {
  const user = (
    await post(a.app, '/mvc/users/save', {
      Username: 'multi2',
      Password: 'Multi-pass-2',
      PasswordRetype: 'Multi-pass-2',
    })
  ).body;
  const group = (await post(a.app, '/mvc/securitygroups/save', { ID: 'multi2', Descr: 'Velden' })).body;
  await post(a.app, '/mvc/securitygrants/save', {
    SecurityGroup: group.AutoID,
    RightCode: COSTCODES_RIGHT,
    Action: 'read',
  });
  await post(a.app, '/mvc/usergroups/save', { User: user.AutoID, SecurityGroup: group.AutoID });
  const cookie = await signInOnB('multi2', 'Multi-pass-2');
  const columns = async () =>
    (await onB('POST', '/mvc/costcodes/GetFlexData', cookie)).body.Meta.Columns.map(
      (c: { FieldName: string }) => c.FieldName,
    );
  expect(await columns()).toContain('Descr');
  expect(
    (
      await post(a.app, '/mvc/fieldlimits/save', {
        SecurityGroup: group.AutoID,
        TableName: 'costcodes',
        FieldName: 'Descr',
        Visibility: '0',
      })
    ).status,
  ).toBe(200);
  await withinASecond(async () => !(await columns()).includes('Descr'), 'the field limit');
});

it('serves from several processes on one port with WEB_CONCURRENCY', async () => {
  const port = await freePort();
  const cluster = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: a.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PACKS: 'base,demo',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '2',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  cluster.stdout.on('data', (d) => {
    out += d;
  });
  try {
    const url = `http://127.0.0.1:${port}`;
    for (
      let waited = 0;
      !(await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      ));
      waited += 200
    ) {
      // Both processes apply the base and demo packs and their seed to this database first.
      if (waited > 200_000) throw new Error(`the cluster did not start within 200 s:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(out).toMatch(/starting 2 server processes/);
    const login = await fetch(`${url}/mvc/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    // Calls spread over both processes find the same session.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${url}/mvc/user/getcurrentuser`, { headers: { cookie } }).then((r) => r.status),
      ),
    );
    expect(answers).toEqual(Array(20).fill(200));
  } finally {
    cluster.kill('SIGTERM');
  }
}, 240_000);
