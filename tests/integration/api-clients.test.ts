// API clients and session user logs, attacked: the client credentials flow as curl makes it
// (form-encoded, HTTP Basic), a grid read with a bearer token, scopes that never reach beyond the
// user's groups or the writer's own rights, a cookie never taken for a token or the reverse,
// credentials never in an address or a log line, 429 with Retry-After, and revocation (disable,
// new secret, force logout) on a second server process within a second.
import type { ChildProcess } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { post, secondProcess, signIn, startTestServer, TEST_PACKS_DIR, type TestServer } from './harness.ts';

let s: TestServer;
let other: { child: ChildProcess; base: string };
let svcId: number;
let managerCookie: string;

const TOKEN = '/oauth/token';

async function save(url: string, body: Record<string, unknown>) {
  const res = await post(s.app, url, body);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A client acting as `user` with `scopes`; answers its row and its secret. */
async function client(name: string, user: number, scopes: string, more: Record<string, unknown> = {}) {
  const row = await save('/mvc/apiclients/save', { Name: name, User: user, Scopes: scopes, ...more });
  const secret = await post(s.app, '/mvc/apiclient/newsecret', { AutoID: row.AutoID });
  expect(secret.status).toBe(200);
  expect(secret.body.ClientId).toBe(row.ClientId);
  return { row, id: String(row.ClientId), secret: String(secret.body.Secret) };
}

/** The token request as `curl -d grant_type=client_credentials -d client_id=… -d client_secret=…` sends it. */
async function tokenFor(id: string, secret: string, app: FastifyInstance = s.app) {
  const res = await app.inject({
    method: 'POST',
    url: TOKEN,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: id, client_secret: secret }).toString(),
  });
  return { status: res.statusCode, body: JSON.parse(res.body), headers: res.headers };
}

async function bearer(
  token: string,
  url: string,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const res = await s.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
  });
  return { status: res.statusCode, body: JSON.parse(res.body), headers: res.headers };
}

async function onOther(url: string, headers: Record<string, string>) {
  const res = await fetch(`${other.base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  });
  return res.status;
}

/** Asks `probe` until it holds, for at most a second; fails saying what was not seen. */
async function withinASecond(probe: () => Promise<boolean>, what: string): Promise<void> {
  const start = Date.now();
  while (!(await probe())) {
    if (Date.now() - start > 1000) throw new Error(`${what}: not seen within 1 s`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  s = await startTestServer();
  // The second process starts while this one is set up.
  const starting = secondProcess(s, { PACKS_DIR: TEST_PACKS_DIR, PACKS: 'testbase,testcustomer' });
  const svc = await save('/mvc/users/save', { Username: 'svc', Password: 'Svc-pass-1', PasswordRetype: 'Svc-pass-1' });
  svcId = Number(svc.AutoID);
  const group = await save('/mvc/securitygroups/save', { ID: 'api', Descr: 'API' });
  for (const [RightCode, Action] of [
    ['9.1', 'read'],
    ['9.2', 'read'],
  ])
    await save('/mvc/securitygrants/save', { SecurityGroup: group.AutoID, RightCode, Action });
  await save('/mvc/usergroups/save', { User: svcId, SecurityGroup: group.AutoID });
  // A manager of API clients who may read countries and users, and nothing of products.
  const manager = await save('/mvc/users/save', {
    Username: 'mgr',
    Password: 'Mgr-pass-1',
    PasswordRetype: 'Mgr-pass-1',
  });
  const mgrGroup = await save('/mvc/securitygroups/save', { ID: 'mgr', Descr: 'Clientbeheer' });
  for (const [RightCode, Action] of [
    ['12.80', 'read'],
    ['12.80', 'create'],
    ['12.80', 'update'],
    ['12.3', 'read'],
    ['9.1', 'read'],
  ])
    await save('/mvc/securitygrants/save', { SecurityGroup: mgrGroup.AutoID, RightCode, Action });
  await save('/mvc/usergroups/save', { User: manager.AutoID, SecurityGroup: mgrGroup.AutoID });
  managerCookie = await signIn(s.app, 'mgr', 'Mgr-pass-1');
  other = await starting;
}, 60_000);
afterAll(async () => {
  other?.child.kill('SIGTERM');
  await s?.close();
});

describe('clients and their secrets', () => {
  it('a new client gets a client id and no secret is ever answered but by the call that makes it', async () => {
    const c = await client('Boekhouding', svcId, 'countries:read');
    expect(c.id).toMatch(/^[0-9a-f]{32}$/);
    expect(c.secret.length).toBeGreaterThanOrEqual(32);
    const item = await post(s.app, '/mvc/apiclients/GetItem', { autoid: c.row.AutoID });
    expect(JSON.stringify(item.body)).not.toContain(c.secret);
    const stored = (await s.engine.pool.query('SELECT secret FROM apiclients WHERE autoid = $1', [c.row.AutoID]))
      .rows[0];
    expect(String(stored.secret)).toMatch(/^\$argon2id\$/);
    // A client id typed by the caller is not taken.
    const typed = await post(s.app, '/mvc/apiclients/save', { ...item.body, ClientId: 'mine' });
    expect(typed.status).toBe(200);
    expect(typed.body.ClientId).toBe(c.id);
  });

  it('refuses unknown scopes and scopes beyond the writer’s own rights, naming the field', async () => {
    const unknown = await post(s.app, '/mvc/apiclients/save', { Name: 'X', User: svcId, Scopes: 'nosuchtable:read' });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.ModelState)).toEqual(['Scopes']);
    const asManager = (Scopes: string, Name: string) =>
      s.app.inject({
        method: 'POST',
        url: '/mvc/apiclients/save',
        headers: { cookie: managerCookie, 'content-type': 'application/json' },
        payload: { Name, User: svcId, Scopes },
      });
    const beyond = await asManager('products:read', 'Te ruim');
    expect(beyond.statusCode).toBe(400);
    expect(JSON.parse(beyond.body).ModelState.Scopes[0]).toContain('9.2:read');
    expect((await asManager('countries:read', 'Binnen')).statusCode).toBe(200);
  });
});

describe('the client credentials flow', () => {
  it('gives a token for a form-encoded or HTTP Basic request, and the same refusal for a wrong secret or id', async () => {
    const c = await client('Flow', svcId, 'countries:read');
    const ok = await tokenFor(c.id, c.secret);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(ok.headers['cache-control']).toBe('no-store');
    const basic = await s.app.inject({
      method: 'POST',
      url: TOKEN,
      headers: {
        authorization: `Basic ${Buffer.from(`${c.id}:${c.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'grant_type=client_credentials',
    });
    expect(basic.statusCode).toBe(200);
    const wrong = await tokenFor(c.id, `${c.secret}x`);
    const nobody = await tokenFor('0'.repeat(32), c.secret);
    expect([wrong.status, nobody.status]).toEqual([401, 401]);
    expect(wrong.body).toEqual(nobody.body);
    expect(wrong.body.error).toBe('invalid_client');
    const grant = await s.app.inject({ method: 'POST', url: TOKEN, payload: { grant_type: 'password' } });
    expect(grant.statusCode).toBe(400);
    expect(JSON.parse(grant.body).error).toBe('unsupported_grant_type');
  });

  it('reads a grid with a bearer token, within the scopes and the user’s groups only', async () => {
    const c = await client('Grid', svcId, 'countries:read countries:write');
    const { access_token: token } = (await tokenFor(c.id, c.secret)).body;
    const grid = await bearer(token, '/mvc/countries/GetFlexData');
    expect(grid.status).toBe(200);
    expect(grid.body.Data.map((r: { ID: string }) => r.ID).sort()).toEqual(['BE', 'DE', 'NL']);
    // The user's group may read products, the scopes do not name them.
    expect((await bearer(token, '/mvc/products/GetFlexData')).status).toBe(403);
    // The scopes name writing countries, the user's group does not grant it.
    expect((await bearer(token, '/mvc/countries/save', { ID: 'FR', Descr: 'Frankrijk' })).status).toBe(403);
    // A full-access user's client still has only its scopes.
    const admin = (await s.engine.pool.query(`SELECT autoid FROM users WHERE username = 'admin'`)).rows[0];
    const wide = await client('Admin-client', Number(admin.autoid), 'countries:read');
    const adminToken = (await tokenFor(wide.id, wide.secret)).body.access_token;
    expect((await bearer(adminToken, '/mvc/countries/GetFlexData')).status).toBe(200);
    expect((await bearer(adminToken, '/mvc/users/GetFlexData')).status).toBe(403);
    expect((await bearer(adminToken, '/mvc/apiclients/GetFlexData')).status).toBe(403);
    const openapi = await s.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(openapi.statusCode).toBe(200);
  });

  it('takes a bearer call from any origin (no CSRF for it) but never a cookie for a token or the reverse', async () => {
    const c = await client('Apart', svcId, 'countries:read');
    const { access_token: token } = (await tokenFor(c.id, c.secret)).body;
    expect(
      (await bearer(token, '/mvc/countries/GetFlexData', {}, { origin: 'https://elsewhere.example' })).status,
    ).toBe(200);
    const cookie = await signIn(s.app, 'svc', 'Svc-pass-1');
    const sessionValue = cookie.replace('session=', '');
    // The session's cookie value as a bearer token: refused, and the cookie it comes with does not help.
    const asToken = await bearer(sessionValue, '/mvc/countries/GetFlexData', {}, { cookie });
    expect(asToken.status).toBe(403);
    expect(asToken.headers['www-authenticate']).toContain('invalid_token');
    // The token as a session cookie: refused.
    const asCookie = await s.app.inject({
      method: 'POST',
      url: '/mvc/countries/GetFlexData',
      headers: { cookie: `session=${token}`, 'content-type': 'application/json' },
      payload: {},
    });
    expect(asCookie.statusCode).toBe(403);
    expect(JSON.parse(asCookie.body).Authenticated).toBe(false);
  });

  it('refuses a token or secret in the address and writes neither to the log', async () => {
    const lines: string[] = [];
    const logged = await buildApp(s.engine, { logger: { stream: { write: (line) => void lines.push(line) } } });
    try {
      const c = await client('Log', svcId, 'countries:read');
      const { access_token: token } = (await tokenFor(c.id, c.secret, logged)).body;
      const call = await logged.inject({
        method: 'POST',
        url: '/mvc/countries/GetFlexData',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: {},
      });
      expect(call.statusCode).toBe(200);
      const inUrl = await logged.inject({ method: 'GET', url: `/mvc/user/getcurrentuser?access_token=${token}` });
      expect(inUrl.statusCode).toBe(400);
      expect(JSON.parse(inUrl.body).Error).toContain('access_token');
      const secretInUrl = await logged.inject({
        method: 'POST',
        url: `${TOKEN}?client_secret=${c.secret}`,
        payload: { grant_type: 'client_credentials', client_id: c.id },
      });
      expect(secretInUrl.statusCode).toBe(400);
      const log = lines.join('\n');
      expect(log).toContain('/mvc/countries/GetFlexData');
      expect(log).not.toContain(token);
      expect(log).not.toContain(c.secret);
    } finally {
      await logged.close();
    }
  });

  it('answers 429 with Retry-After past the client’s rate limit, and more while whitelisted', async () => {
    const c = await client('Zuinig', svcId, 'countries:read', { RateLimit: 3 });
    const { access_token: token } = (await tokenFor(c.id, c.secret)).body;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await bearer(token, '/mvc/countries/GetFlexData')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await bearer(token, '/mvc/countries/GetFlexData');
    expect(limited.body.Code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const item = (await post(s.app, '/mvc/apiclients/GetItem', { autoid: c.row.AutoID })).body;
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await post(s.app, '/mvc/apiclients/save', { ...item, WhitelistUntil: tomorrow })).status).toBe(200);
    const raised = (await tokenFor(c.id, c.secret)).body.access_token;
    expect((await bearer(raised, '/mvc/countries/GetFlexData')).status).toBe(200);
  });
});

describe('revocation on every process', () => {
  it('a disabled client and a new secret end its tokens on the other process within a second', async () => {
    const c = await client('Twee', svcId, 'countries:read');
    const first = (await tokenFor(c.id, c.secret)).body.access_token;
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    expect(await onOther('/mvc/countries/GetFlexData', auth(first))).toBe(200);
    const renewed = await post(s.app, '/mvc/apiclient/newsecret', { AutoID: c.row.AutoID });
    await withinASecond(async () => (await onOther('/mvc/countries/GetFlexData', auth(first))) === 403, 'new secret');
    expect((await tokenFor(c.id, c.secret)).status).toBe(401);
    const second = (await tokenFor(c.id, renewed.body.Secret)).body.access_token;
    expect(await onOther('/mvc/countries/GetFlexData', auth(second))).toBe(200);
    const item = (await post(s.app, '/mvc/apiclients/GetItem', { autoid: c.row.AutoID })).body;
    expect((await post(s.app, '/mvc/apiclients/save', { ...item, Enabled: false })).status).toBe(200);
    await withinASecond(async () => (await onOther('/mvc/countries/GetFlexData', auth(second))) === 403, 'disabled');
    expect((await tokenFor(c.id, renewed.body.Secret)).status).toBe(401);
  });

  it('force logout ends the chosen session on the other process within a second; others may not', async () => {
    const cookie = await signIn(s.app, 'svc', 'Svc-pass-1');
    expect(await onOther('/mvc/countries/GetFlexData', { cookie })).toBe(200);
    const list = await post(s.app, '/mvc/sessionuserlogs/Get', { Username: 'svc' });
    expect(list.status).toBe(200);
    expect(list.body.Sessions.every((x: { Username: string }) => x.Username === 'svc')).toBe(true);
    const asManager = (url: string, payload: object) =>
      s.app.inject({ method: 'POST', url, payload, headers: { cookie: managerCookie } });
    expect((await asManager('/mvc/sessionuserlogs/Get', {})).statusCode).toBe(403);
    const ids = list.body.Sessions.map((x: { Id: string }) => x.Id);
    expect((await asManager('/mvc/sessionuserlogs/ForceLogout', { Ids: ids })).statusCode).toBe(403);
    const out = await post(s.app, '/mvc/sessionuserlogs/ForceLogout', { Ids: ids });
    expect(out.body.Ended).toBe(ids.length);
    await withinASecond(async () => (await onOther('/mvc/countries/GetFlexData', { cookie })) === 403, 'force logout');
    const ended = await s.app.inject({ method: 'GET', url: '/mvc/user/getcurrentuser', headers: { cookie } });
    expect(ended.statusCode).toBe(403);
  });
});
