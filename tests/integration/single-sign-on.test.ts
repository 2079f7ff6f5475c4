// Single sign-on against a real OpenID provider (oidc-provider on a loopback port): a user made by
// auto-create with the claimed group and linked by subject id after; every attack of ASVS L2 on
// the flow refused (bad state or nonce, a replayed code, a wrong audience or issuer, an expired
// or future token, alg none, a swapped key, an external returnTo) without a session or a user;
// a rotated key taken at the next sign-on; a provider that is down said as such; the client
// secret kept encrypted and never answered; no token or code in an address or the log.
import { SignJWT, decodeJwt, decodeProtectedHeader, importJWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { forgetConnections } from '../../server/business/single-sign-on/index.ts';
import { authHeaders, startTestServer, type TestServer } from './harness.ts';
import {
  authorize,
  CLIENT_ID,
  CLIENT_SECRET,
  signingKey,
  startProvider,
  type Account,
  type TestProvider,
} from '../support/openid-provider.ts';

const HOST = 'localhost';
const CALLBACK = `http://${HOST}/sso/callback`;
const accounts: Record<string, Account> = {
  'sub-alice': {
    preferred_username: 'alice',
    email: 'alice@example.com',
    email_verified: true,
    given_name: 'Alice',
    family_name: 'Smit',
    group: 'ssousers',
  },
  'sub-nogroup': { preferred_username: 'nogroup', email: 'ng@example.com' },
  'sub-admin': { preferred_username: 'admin', email: 'a@example.com', group: 'ssousers' },
  'sub-unverified': {
    preferred_username: 'carol',
    email: 'carol@example.com',
    email_verified: false,
    group: 'ssousers',
  },
  'sub-bob': { preferred_username: 'bob-elsewhere' },
};

/** The value, which the test needs to be there. */
function present<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

let server: TestServer;
let provider: TestProvider;

const admin = async (url: string, body: object) => {
  const res = await server.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { ...authHeaders(server.app), host: HOST },
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
};
const query = async (sql: string, params: unknown[] = []) => (await server.engine.pool.query(sql, params)).rows;
const userCount = async () => Number((await query('SELECT count(*) AS n FROM users'))[0].n);

async function saveProvider(values: Record<string, unknown>) {
  return admin('/mvc/identityproviders/save', {
    Descr: 'Test provider',
    AuthorizationServerUrl: provider.issuer,
    ClientID: CLIENT_ID,
    ClientSecret: CLIENT_SECRET,
    ClaimUsername: 'preferred_username',
    ClaimEmail: 'email',
    ClaimFirstName: 'given_name',
    ClaimLastName: 'family_name',
    ClaimSecurityGroup: 'group',
    AutoCreateUsers: true,
    ...values,
  });
}

interface Started {
  location: string;
  flowCookie: string;
}

async function start(code: string, returnTo?: string, cookie?: string): Promise<Started & { status: number }> {
  const qs = new URLSearchParams({ provider: code, ...(returnTo === undefined ? {} : { returnTo }) });
  const res = await server.app.inject({
    method: 'GET',
    url: `/mvc/sso/start?${qs}`,
    headers: { host: HOST, ...(cookie ? { cookie } : {}) },
  });
  const flow = res.cookies.find((c) => c.name === 'signon');
  return {
    status: res.statusCode,
    location: String(res.headers.location ?? ''),
    flowCookie: flow ? `signon=${flow.value}` : '',
  };
}

async function callback(url: string, flowCookie: string) {
  const u = new URL(url);
  const res = await server.app.inject({
    method: 'GET',
    url: `${u.pathname}${u.search}`,
    headers: { host: HOST, cookie: flowCookie },
  });
  const session = res.cookies.find((c) => c.name === 'session' && c.value);
  return {
    status: res.statusCode,
    location: String(res.headers.location ?? ''),
    session: session ? `session=${session.value}` : undefined,
  };
}

/** A whole sign-on as `account`, through the real provider. */
async function signOn(account: string, code = 'TEST', returnTo?: string) {
  const started = await start(code, returnTo);
  expect(started.status).toBe(302);
  const back = await authorize(started.location, account, CALLBACK);
  return { ...(await callback(back, started.flowCookie)), back, started };
}

const whoAmI = async (session: string) =>
  JSON.parse(
    (await server.app.inject({ method: 'GET', url: '/mvc/user/getcurrentuser', headers: { cookie: session } })).body,
  );

beforeAll(async () => {
  server = await startTestServer();
  provider = await startProvider({ key: await signingKey('key-1'), redirectUris: [CALLBACK], accounts });
  const group = await admin('/mvc/securitygroups/save', { ID: 'ssousers', Descr: 'SSO users' });
  expect(group.status).toBe(200);
  expect((await saveProvider({ ID: 'TEST' })).status).toBe(200);
  expect((await saveProvider({ ID: 'CLOSED', Descr: 'No auto-create', AutoCreateUsers: false })).status).toBe(200);
  expect((await saveProvider({ ID: 'NOGROUP', Descr: 'No group', ClaimSecurityGroup: null })).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await provider?.close();
  await server?.close();
});

describe('identity providers', () => {
  it('keep the client secret encrypted and never answer it back', async () => {
    const [row] = await query("SELECT autoid, clientsecret FROM identityproviders WHERE id = 'TEST'");
    expect(String(row.clientsecret)).toMatch(/^enc1:/);
    expect(String(row.clientsecret)).not.toContain(CLIENT_SECRET);
    const item = await admin('/mvc/identityproviders/GetItem', { autoid: row.autoid });
    expect(JSON.stringify(item.body)).not.toContain(CLIENT_SECRET);
    const grid = await admin('/mvc/identityproviders/GetFlexData', {});
    expect(JSON.stringify(grid.body)).not.toContain(CLIENT_SECRET);
    const offered = await server.app.inject({ method: 'GET', url: '/mvc/account/identityproviders' });
    expect(offered.statusCode).toBe(200);
    expect(JSON.parse(offered.body)).toContainEqual({ ID: 'TEST', Descr: 'Test provider' });
    expect(offered.body).not.toContain(CLIENT_SECRET);
  });

  it('refuse a claim for two attributes (OIDC-1008), a plain http server elsewhere and an error page elsewhere', async () => {
    const twice = await saveProvider({ ID: 'BAD1', ClaimEmail: 'preferred_username' });
    expect(twice.status).toBe(400);
    expect(twice.body.ModelState.ClaimUsername[0]).toContain('OIDC-1008');
    const http = await saveProvider({ ID: 'BAD2', AuthorizationServerUrl: 'http://idp.example.com' });
    expect(Object.keys(http.body.ModelState)).toEqual(['AuthorizationServerUrl']);
    for (const page of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const bad = await saveProvider({ ID: 'BAD3', ErrorPage: page });
      expect(Object.keys(bad.body.ModelState)).toEqual(['ErrorPage']);
    }
    expect(await query("SELECT id FROM identityproviders WHERE id LIKE 'BAD%'")).toEqual([]);
  });
});

describe('signing on', () => {
  it('makes a user by auto-create with the claimed group, then finds it by subject id', async () => {
    const before = await userCount();
    const first = await signOn('sub-alice', 'TEST', '/relations?x=1');
    expect(first.location).toBe('/relations?x=1');
    expect(first.session).toBeDefined();
    expect((await whoAmI(present(first.session))).Username).toBe('alice');
    const [user] = await query(
      `SELECT u.autoid, u.singlesignon, u.subjectid, u.email, u.personname, p.id AS provider, g.id AS grp
         FROM users u JOIN identityproviders p ON p.autoid = u.identityprovider
         JOIN usergroups m ON m."user" = u.autoid JOIN securitygroups g ON g.autoid = m.securitygroup
        WHERE u.username = 'alice'`,
    );
    expect(user).toMatchObject({
      singlesignon: true,
      subjectid: 'sub-alice',
      email: 'alice@example.com',
      personname: 'Alice Smit',
      provider: 'TEST',
      grp: 'ssousers',
    });
    const again = await signOn('sub-alice');
    expect(again.location).toBe('/');
    expect((await whoAmI(present(again.session))).AutoID).toBe(Number(user.autoid));
    expect(await userCount()).toBe(before + 1);
  });

  it('never puts a token or code in an address or the log', async () => {
    const lines: string[] = [];
    const logged = await buildApp(server.engine, { logger: { stream: { write: (l: string) => void lines.push(l) } } });
    const qs = new URLSearchParams({ provider: 'TEST' });
    const started = await logged.inject({ method: 'GET', url: `/mvc/sso/start?${qs}`, headers: { host: HOST } });
    const flow = present(started.cookies.find((c) => c.name === 'signon'));
    let idToken = '';
    provider.tamper = async (t) => ((idToken = t), t);
    const back = new URL(await authorize(String(started.headers.location), 'sub-alice', CALLBACK));
    const done = await logged.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { host: HOST, cookie: `signon=${flow.value}` },
    });
    provider.tamper = undefined;
    await logged.close();
    const code = present(back.searchParams.get('code'));
    expect(done.headers.location).toBe('/');
    expect(idToken).not.toBe('');
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of [code, idToken, flow.value, CLIENT_SECRET]) {
      expect(log).not.toContain(secret);
      expect(String(done.headers.location)).not.toContain(secret);
    }
  });
});

describe('attacks on the flow are refused, with no session and no user', () => {
  const refused = (r: { location: string; session?: string }, code: string) => {
    expect(r.location).toBe(`/login?sso=${code}`);
    expect(r.session).toBeUndefined();
  };

  it('a bad state, a missing flow cookie and a flow of another browser', async () => {
    const started = await start('TEST');
    const back = new URL(await authorize(started.location, 'sub-alice', CALLBACK));
    const wrongState = new URL(back);
    wrongState.searchParams.set('state', 'not-the-state');
    refused(await callback(wrongState.toString(), started.flowCookie), 'OIDC-1001');
    refused(await callback(back.toString(), ''), 'OIDC-1001');
    const other = await start('TEST');
    refused(await callback(back.toString(), other.flowCookie), 'OIDC-1001');
  });

  it('a replayed code: the same answer twice (OIDC-1002), or the code in a fresh flow', async () => {
    const first = await signOn('sub-alice');
    expect(first.session).toBeDefined();
    refused(await callback(first.back, first.started.flowCookie), 'OIDC-1002');
    const fresh = await start('TEST');
    const [, state] = present(/state=([^&]+)/.exec(fresh.location));
    const replay = new URL(first.back);
    replay.searchParams.set('state', decodeURIComponent(state));
    refused(await callback(replay.toString(), fresh.flowCookie), 'OIDC-1001');
  });

  it('a bad nonce', async () => {
    const started = await start('TEST');
    const back = await authorize(started.location, 'sub-alice', CALLBACK);
    await query("UPDATE core_sign_on_flow SET nonce = 'another-nonce' WHERE used_at IS NULL");
    refused(await callback(back, started.flowCookie), 'OIDC-1001');
  });

  /** Signs the token's claims again, changed, with the provider's key (or another). */
  const forge =
    (change: (p: JWTPayload) => JWTPayload, opts: { alg?: string; key?: 'own' | 'other' } = {}) =>
    async (token: string) => {
      const payload = change(decodeJwt(token));
      const header = decodeProtectedHeader(token);
      if (opts.alg === 'none') {
        const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
        return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
      }
      const jwk = opts.key === 'other' ? await signingKey(String(header.kid)) : provider.key;
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: header.kid })
        .sign(await importJWK(jwk, 'RS256'));
    };
  const now = () => Math.floor(Date.now() / 1000);

  it.each([
    ['a token the provider signs as it is (the forgery works)', forge((p) => p), true],
    ['a wrong audience', forge((p) => ({ ...p, aud: 'another-client' })), false],
    ['a wrong issuer', forge((p) => ({ ...p, iss: 'http://127.0.0.1:1' })), false],
    ['an expired token', forge((p) => ({ ...p, iat: now() - 7200, exp: now() - 3600 })), false],
    ['a token from the future', forge((p) => ({ ...p, iat: now() + 3600, exp: now() + 7200 })), false],
    ['alg none', forge((p) => p, { alg: 'none' }), false],
    ['a swapped key', forge((p) => p, { key: 'other' }), false],
  ])('%s', async (_name, tamper, accepted) => {
    provider.tamper = tamper;
    try {
      const result = await signOn('sub-alice');
      if (accepted) expect(result.session).toBeDefined();
      else refused(result, 'OIDC-1001');
    } finally {
      provider.tamper = undefined;
    }
  });

  it('an external returnTo, before anything starts', async () => {
    for (const returnTo of ['//evil.example/', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const started = await start('TEST', returnTo);
      expect(started.status).toBe(400);
      expect(started.location).toBe('');
      expect(started.flowCookie).toBe('');
    }
  });

  it('a refused provider never creates a user', async () => {
    const before = await userCount();
    refused(await signOn('sub-bob', 'CLOSED'), 'no-account');
    refused(await signOn('sub-nogroup', 'NOGROUP'), 'OIDC-1005');
    refused(await signOn('sub-admin'), 'OIDC-1006');
    refused(await signOn('sub-unverified'), 'OIDC-1007');
    refused(await signOn('sub-nogroup'), 'OIDC-1005');
    expect(await userCount()).toBe(before);
    expect(
      await query(
        "SELECT username FROM users WHERE subjectid IN ('sub-bob', 'sub-nogroup', 'sub-admin', 'sub-unverified')",
      ),
    ).toEqual([]);
  });

  it('a sign-on started from another site', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/mvc/sso/start?provider=TEST',
      headers: { host: HOST, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('migration to single sign-on', () => {
  it('a mandatory migration refuses the password until the account is linked, then signs on by the provider', async () => {
    await saveProvider({ ID: 'MIGRATE', Descr: 'Company login', MandatoryMigration: true, AutoCreateUsers: false });
    const [p] = await query("SELECT autoid FROM identityproviders WHERE id = 'MIGRATE'");
    const made = await admin('/mvc/users/save', {
      Username: 'bob',
      Password: 'Bob-pass-1!',
      PasswordRetype: 'Bob-pass-1!',
      IdentityProvider: p.autoid,
    });
    expect(made.status).toBe(200);
    const login = await server.app.inject({
      method: 'POST',
      url: '/mvc/account/login',
      payload: { username: 'bob', password: 'Bob-pass-1!' },
      headers: { host: HOST },
    });
    expect(login.statusCode).toBe(403);
    expect(JSON.parse(login.body)).toMatchObject({ Code: 'SSO_MIGRATION_REQUIRED', MigrateTo: 'MIGRATE' });
    expect(login.cookies.find((c) => c.name === 'session' && c.value)).toBeUndefined();
    const flow = present(login.cookies.find((c) => c.name === 'signon'));
    const go = await server.app.inject({
      method: 'GET',
      url: '/mvc/sso/continue',
      headers: { host: HOST, cookie: `signon=${flow.value}` },
    });
    expect(go.statusCode).toBe(302);
    const back = await authorize(String(go.headers.location), 'sub-bob', CALLBACK);
    const done = await callback(back, `signon=${flow.value}`);
    expect(done.session).toBeDefined();
    expect((await whoAmI(present(done.session))).Username).toBe('bob');
    expect(await query("SELECT singlesignon, subjectid FROM users WHERE username = 'bob'")).toEqual([
      { singlesignon: true, subjectid: 'sub-bob' },
    ]);
    const after = await server.app.inject({
      method: 'POST',
      url: '/mvc/account/login',
      payload: { username: 'bob', password: 'Bob-pass-1!' },
    });
    expect(after.statusCode).toBe(200);
  });

  it('the wizard links the signed-in user only', async () => {
    const anonymous = await server.app.inject({
      method: 'GET',
      url: '/mvc/sso/link?provider=TEST',
      headers: { host: HOST },
    });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.headers.location).toBeUndefined();
  });
});

describe('the provider changes or goes away', () => {
  it('takes a rotated signing key at the next sign-on', async () => {
    await provider.close();
    provider = await startProvider({
      port: provider.port,
      key: await signingKey('key-2'),
      redirectUris: [CALLBACK],
      accounts,
    });
    // The key set is fetched again for an unknown key at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const result = await signOn('sub-alice');
    expect(result.session).toBeDefined();
  });

  it('says a provider that is down is unavailable, and makes no flow', async () => {
    await provider.close();
    forgetConnections();
    const flows = await query('SELECT count(*) AS n FROM core_sign_on_flow');
    const started = await start('TEST');
    expect(started.location).toBe('/login?sso=unavailable');
    expect(await query('SELECT count(*) AS n FROM core_sign_on_flow')).toEqual(flows);
  });
});
