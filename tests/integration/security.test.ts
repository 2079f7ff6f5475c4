// Sign-in, sessions and rights, as clients see them: nothing without a session, nothing beyond
// the granted rights, whatever the path looks like, and nothing written when refused.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ADMIN_PASSWORD, post, signIn, startTestServer, type TestServer } from './harness.ts';
import { type Property, type Row } from '../support/answers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  cookie?: string,
  body: object = {},
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(method === 'POST' ? { payload: body } : {}),
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null, cookies: res.cookies };
}
const products = async () => Number((await server.engine.pool.query('SELECT count(*) AS n FROM products')).rows[0].n);

const GENERIC_CALLS: [string, 'GET' | 'POST', string, object | undefined][] = [
  ['GetForm', 'GET', '/mvc/products/GetForm', undefined],
  ['GetNew', 'POST', '/mvc/products/GetNew', {}],
  ['GetItem', 'POST', '/mvc/products/GetItem', { autoid: 1 }],
  ['GetFlexData', 'POST', '/mvc/products/GetFlexData', {}],
  ['save', 'POST', '/mvc/products/save', { ID: 'X-1' }],
  ['delete', 'POST', '/mvc/products/delete', { autoid: 1 }],
  ['list', 'POST', '/mvc/_lists/countries', {}],
  ['single', 'POST', '/mvc/_lists/countries/single', { AutoID: 1 }],
  ['getcurrentuser', 'GET', '/mvc/user/getcurrentuser', undefined],
  ['getauthorization', 'POST', '/mvc/security/getauthorization', [{ ID: '9.2', Action: '1.1' }]],
  ['screens', 'GET', '/mvc/definitions/screens', undefined],
];

describe('without a session', () => {
  it.each(GENERIC_CALLS)('%s answers 403 with Authenticated false', async (_name, method, url, body) => {
    const before = await products();
    const res = await call(server.app, method, url, undefined, body);
    expect(res.status).toBe(403);
    expect(res.body.Authenticated).toBe(false);
    expect(await products()).toBe(before);
  });

  it.each([
    '/mvc/products%2FGetForm',
    '/MVC/PRODUCTS/GETFORM',
    '/mvc/products/GetForm/',
    '/mvc//products/GetForm',
    '/mvc/products/GetForm?x=/public',
    '/mvc/account/login/../../products/GetForm',
    '/%6dvc/products/GetForm',
  ])('path trick %s gets the same answer as the plain path', async (url) => {
    const res = await call(server.app, 'GET', url);
    expect(res.status).toBe(403);
  });

  it('a tab in the Content-Type changes nothing', async () => {
    const before = await products();
    const res = await server.app.inject({
      method: 'POST',
      url: '/mvc/products/save',
      payload: '{"ID":"TAB"}',
      headers: { 'content-type': 'application/json\t' },
    });
    expect(res.statusCode).toBe(403);
    expect(await products()).toBe(before);
  });

  it('a forged or expired cookie is no session', async () => {
    expect((await call(server.app, 'GET', '/mvc/products/GetForm', 'session=forged')).status).toBe(403);
  });
});

describe('sign-in', () => {
  it('refuses wrong credentials with one message, and locks after the configured failures', async () => {
    await post(server.app, '/mvc/users/save', {
      Username: 'locky',
      Password: 'Correct-horse-1',
      PasswordRetype: 'Correct-horse-1',
    });
    const attempt = (password: string) =>
      call(server.app, 'POST', '/mvc/account/login', undefined, { username: 'locky', password });
    const wrong = await attempt('nope');
    expect(wrong.status).toBe(400);
    expect(wrong.body.Error).toBe('Gebruikersnaam of wachtwoord onjuist.');
    expect(
      (await call(server.app, 'POST', '/mvc/account/login', undefined, { username: 'nobody', password: 'x' })).body
        .Error,
    ).toBe(wrong.body.Error);
    for (let i = 0; i < 4; i++) await attempt('nope');
    const locked = await attempt('Correct-horse-1');
    expect(locked.status).toBe(403);
    expect(locked.body.Error).toMatch(/geblokkeerd/);
  });

  it('issues a new session id at every sign-in, httpOnly and SameSite, with the lifetime cookie', async () => {
    const first = await call(server.app, 'POST', '/mvc/account/login', undefined, {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    const token = first.cookies.find((c) => c.name === 'session')!;
    expect(token).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(first.cookies.find((c) => c.name === 'SessionLifetime')?.value).toBe('20');
    const second = await call(server.app, 'POST', '/mvc/account/login', `session=${token.value}`, {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    const renewed = second.cookies.find((c) => c.name === 'session')!;
    expect(renewed.value).not.toBe(token.value);
    // The session presented at sign-in ends: no fixation.
    expect((await call(server.app, 'GET', '/mvc/user/getcurrentuser', `session=${token.value}`)).status).toBe(403);
    expect((await call(server.app, 'GET', '/mvc/user/getcurrentuser', `session=${renewed.value}`)).body).toMatchObject({
      Username: 'admin',
      Person_Descr: 'Beheerder',
    });
  });

  it('logout ends the session on the server; expiry ends it; every call slides it', async () => {
    const cookie = await signIn(server.app);
    const expiry = async () =>
      (
        await server.engine.pool.query<{ expires_at: Date }>(
          'SELECT expires_at FROM core_session ORDER BY last_seen_at DESC LIMIT 1',
        )
      ).rows[0].expires_at.getTime();
    // Seen a minute ago: the next call slides the expiry (it moves at most every 15 s).
    await server.engine.pool.query(
      `UPDATE core_session SET last_seen_at = last_seen_at - interval '1 minute', expires_at = expires_at - interval '1 minute'`,
    );
    const before = await expiry();
    expect((await call(server.app, 'GET', '/mvc/products/GetForm', cookie)).status).toBe(200);
    expect(await expiry()).toBeGreaterThan(before);
    await call(server.app, 'POST', '/mvc/account/logout', cookie);
    expect((await call(server.app, 'GET', '/mvc/products/GetForm', cookie)).status).toBe(403);

    const other = await signIn(server.app);
    const id = createHash('sha256').update(other.replace('session=', '')).digest('hex');
    await server.engine.pool.query(`UPDATE core_session SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      id,
    ]);
    expect((await call(server.app, 'GET', '/mvc/products/GetForm', other)).status).toBe(403);
  });

  it('shares sessions between server processes', async () => {
    const cookie = await signIn(server.app);
    const second = await startTestServer({ databaseUrl: server.databaseUrl });
    try {
      expect((await call(second.app, 'GET', '/mvc/user/getcurrentuser', cookie)).body.Username).toBe('admin');
    } finally {
      await second.close();
    }
  });
});

describe('rights', () => {
  let clerk: string;
  let clerkId: number;
  let denyGroup: number;

  beforeAll(async () => {
    clerkId = (
      await post(server.app, '/mvc/users/save', {
        Username: 'clerk',
        PersonName: 'Klerk',
        Password: 'Clerk-pass-1',
        PasswordRetype: 'Clerk-pass-1',
      })
    ).body.AutoID;
    const group = (await post(server.app, '/mvc/securitygroups/save', { ID: 'clerks', Descr: 'Medewerkers' })).body
      .AutoID;
    denyGroup = (await post(server.app, '/mvc/securitygroups/save', { ID: 'readonly', Descr: 'Alleen lezen' })).body
      .AutoID;
    for (const Action of ['read', 'create']) {
      expect(
        (
          await post(server.app, '/mvc/securitygrants/save', {
            SecurityGroup: group,
            RightCode: '9.2',
            Action,
            Grant: true,
          })
        ).status,
      ).toBe(200);
    }
    await post(server.app, '/mvc/securitygrants/save', {
      SecurityGroup: group,
      RightCode: '9.1',
      Action: 'read',
      Grant: true,
    });
    await post(server.app, '/mvc/usergroups/save', { User: clerkId, SecurityGroup: group });
    clerk = await signIn(server.app, 'clerk', 'Clerk-pass-1');
  });

  it('asks for a password typed twice that follows the password rules', async () => {
    const mismatch = await post(server.app, '/mvc/users/save', {
      Username: 'pat',
      Password: 'Pat-pass-1',
      PasswordRetype: 'Pat-pass-2',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.ModelState.PasswordRetype[0]).toBe('Het wachtwoord en de herhaling komen niet overeen.');
    const weak = await post(server.app, '/mvc/users/save', {
      Username: 'pat',
      Password: 'kort',
      PasswordRetype: 'kort',
    });
    expect(weak.status).toBe(400);
    // One message per broken rule, each said in Dutch and keyed for a client's own language.
    expect(weak.body.ModelState.Password).toEqual([
      'Het wachtwoord moet minimaal 8 tekens lang zijn.',
      'Het wachtwoord moet een cijfer bevatten.',
      'Het wachtwoord moet een hoofdletter bevatten.',
      'Het wachtwoord moet een leesteken bevatten.',
    ]);
    expect(weak.body.TranslationModelState.ModelState.Password).toEqual([
      { Key: 'validation.password_min_length', Value: ['8'] },
      { Key: 'validation.password_digit', Value: [] },
      { Key: 'validation.password_upper', Value: [] },
      { Key: 'validation.password_punctuation', Value: [] },
    ]);
    expect(
      (await server.engine.pool.query(`SELECT count(*)::int AS n FROM users WHERE username = 'pat'`)).rows[0].n,
    ).toBe(0);
  });

  it('never answers a password, and keeps it when a save leaves it empty', async () => {
    const user = await post(server.app, '/mvc/users/GetItem', { autoid: clerkId });
    expect(user.body.Password).toBeNull();
    expect(
      (await post(server.app, '/mvc/users/GetFlexData', {})).body.Data.every((u: object) => !('Password' in u)),
    ).toBe(true);
    expect((await post(server.app, '/mvc/users/GetFlexData', { order: 'Password asc' })).status).toBe(400);
    const stored = (await server.engine.pool.query('SELECT password FROM users WHERE autoid = $1', [clerkId])).rows[0]
      .password;
    expect(stored).toMatch(/^\$argon2id\$/);
  });

  it('checks the right of every call before touching data', async () => {
    expect((await call(server.app, 'POST', '/mvc/products/GetFlexData', clerk)).status).toBe(200);
    const created = await call(server.app, 'POST', '/mvc/products/save', clerk, { ID: 'C-1' });
    expect(created.status).toBe(200);
    expect(created.body.CreatedBy).toBe('clerk');
    const before = await products();
    const update = await call(server.app, 'POST', '/mvc/products/save', clerk, { ...created.body, Descr: 'mag niet' });
    expect(update.status).toBe(403);
    expect(update.body).toMatchObject({ Error: 'U beschikt niet over de juiste rechten', Authenticated: true });
    expect(
      (await call(server.app, 'POST', '/mvc/products/delete', clerk, { autoid: created.body.AutoID })).status,
    ).toBe(403);
    expect(await products()).toBe(before);
    expect(
      (await call(server.app, 'POST', '/mvc/products/GetItem', clerk, { autoid: created.body.AutoID })).body.Descr,
    ).toBeNull();
    // No grant at all on the security tables.
    expect((await call(server.app, 'POST', '/mvc/users/GetFlexData', clerk)).status).toBe(403);
    expect(
      (
        await call(server.app, 'POST', '/mvc/users/save', clerk, {
          Username: 'mallory',
          Password: 'Mallory-1!',
          PasswordRetype: 'Mallory-1!',
        })
      ).status,
    ).toBe(403);
  });

  it('answers getauthorization entries with Grant', async () => {
    const res = await call(server.app, 'POST', '/mvc/security/getauthorization', clerk, [
      { ID: '9.2', Action: '1.1' },
      { ID: '9.2', Action: '1.2' },
      { ID: '9.2', Action: '1.3' },
      { ID: '9.2', Action: '1.4' },
      { ID: '9.2', Action: '1.5' },
    ]);
    expect(res.body.map((e: { Grant: boolean }) => e.Grant)).toEqual([true, false, true, false, false]);
    expect(
      (await call(server.app, 'POST', '/mvc/security/getauthorization', clerk, [{ ID: 1, Action: 'x' }])).status,
    ).toBe(400);
  });

  it('denies when one group denies what another grants, and explains why', async () => {
    await post(server.app, '/mvc/securitygrants/save', {
      SecurityGroup: denyGroup,
      RightCode: '9.2',
      Action: 'read',
      Grant: false,
    });
    const membership = (await post(server.app, '/mvc/usergroups/save', { User: clerkId, SecurityGroup: denyGroup }))
      .body.AutoID;
    expect((await call(server.app, 'POST', '/mvc/products/GetFlexData', clerk)).status).toBe(403);
    const why = await call(
      server.app,
      'GET',
      '/mvc/security/explain?username=clerk&right=9.2&action=1.1',
      await signIn(server.app),
    );
    expect(why.body).toMatchObject({
      Allowed: false,
      GrantedBy: ['clerks'],
      DeniedBy: ['readonly'],
      Reason: 'denied by readonly',
    });
    expect(
      (await call(server.app, 'GET', '/mvc/security/explain?username=admin&right=9.2&action=1.1', clerk)).status,
    ).toBe(403);
    await post(server.app, '/mvc/usergroups/delete', { autoid: membership });
    expect((await call(server.app, 'POST', '/mvc/products/GetFlexData', clerk)).status).toBe(200);
  });

  it('refuses data changes from another site (CSRF) and writes nothing', async () => {
    const before = await products();
    const res = await call(
      server.app,
      'POST',
      '/mvc/products/save',
      clerk,
      { ID: 'CSRF' },
      { origin: 'http://evil.example', host: 'localhost:80' },
    );
    expect(res.status).toBe(403);
    expect(await products()).toBe(before);
  });

  it('ends the sessions of a user whose password changes or who is deactivated, at once', async () => {
    const session = await signIn(server.app, 'clerk', 'Clerk-pass-1');
    const user = (await post(server.app, '/mvc/users/GetItem', { autoid: clerkId })).body;
    expect(
      (await post(server.app, '/mvc/users/save', { ...user, Password: 'New-pass-2', PasswordRetype: 'New-pass-2' }))
        .status,
    ).toBe(200);
    expect((await call(server.app, 'GET', '/mvc/user/getcurrentuser', session)).status).toBe(403);
    const fresh = await signIn(server.app, 'clerk', 'New-pass-2');
    const again = (await post(server.app, '/mvc/users/GetItem', { autoid: clerkId })).body;
    expect((await post(server.app, '/mvc/users/save', { ...again, Activated: false })).status).toBe(200);
    expect((await call(server.app, 'GET', '/mvc/user/getcurrentuser', fresh)).status).toBe(403);
    expect(
      (await call(server.app, 'POST', '/mvc/account/login', undefined, { username: 'clerk', password: 'New-pass-2' }))
        .status,
    ).toBe(400);
  });
});

describe('row limits and field limits', () => {
  let olga: string;
  let mine: Record<string, unknown>;
  let other: Record<string, unknown>;

  beforeAll(async () => {
    const olgaId = (
      await post(server.app, '/mvc/users/save', {
        Username: 'olga',
        Password: 'Olga-pass-1',
        PasswordRetype: 'Olga-pass-1',
      })
    ).body.AutoID;
    const group = (await post(server.app, '/mvc/securitygroups/save', { ID: 'owners', Descr: 'Eigenaren' })).body
      .AutoID;
    for (const Action of ['read', 'create', 'update', 'delete'])
      await post(server.app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode: '9.2', Action });
    await post(server.app, '/mvc/usergroups/save', { User: olgaId, SecurityGroup: group });
    expect(
      (
        await post(server.app, '/mvc/rowlimits/save', {
          SecurityGroup: group,
          TableName: 'products',
          FieldName: 'Owner',
          Kind: 'own',
        })
      ).status,
    ).toBe(200);
    await post(server.app, '/mvc/fieldlimits/save', {
      SecurityGroup: group,
      TableName: 'products',
      FieldName: 'Price',
      Visibility: '0',
    });
    await post(server.app, '/mvc/fieldlimits/save', {
      SecurityGroup: group,
      TableName: 'products',
      FieldName: 'Stock',
      Visibility: '2',
    });
    mine = (await post(server.app, '/mvc/products/save', { ID: 'P-OLGA', Owner: olgaId, Price: 10, Stock: 1 })).body;
    other = (await post(server.app, '/mvc/products/save', { ID: 'P-OTHER', Price: 20 })).body;
    olga = await signIn(server.app, 'olga', 'Olga-pass-1');
  });

  it('lists, opens, saves and deletes only rows inside the limit; a forged AutoID is a 404 and writes nothing', async () => {
    const list = await call(server.app, 'POST', '/mvc/products/GetFlexData', olga, { dataSource: 2 });
    expect(list.body.Data.map((r: Row) => r.ID)).toEqual(['P-OLGA']);
    expect(list.body.Meta.Count).toBe(1);
    expect((await call(server.app, 'POST', '/mvc/products/GetItem', olga, { autoid: other.AutoID })).status).toBe(404);
    const before = await products();
    expect(
      (
        await call(server.app, 'POST', '/mvc/products/save', olga, {
          AutoID: other.AutoID,
          TimeStamp: other.TimeStamp,
          Descr: 'gekaapt',
        })
      ).status,
    ).toBe(404);
    expect((await call(server.app, 'POST', '/mvc/products/delete', olga, { autoid: other.AutoID })).status).toBe(404);
    // A new row outside the limit is not created either, and the answer says why.
    const outside = await call(server.app, 'POST', '/mvc/products/save', olga, { ID: 'P-ELSE' });
    expect(outside.status).toBe(403);
    expect(outside.body.Code).toBe('OUTSIDE_ROW_LIMITS');
    expect(await products()).toBe(before);
    expect((await post(server.app, '/mvc/products/GetItem', { autoid: other.AutoID })).body.Descr).toBeNull();
  });

  it('leaves hidden fields out of every answer and refuses changes to read-only and hidden fields', async () => {
    const form = await call(server.app, 'GET', '/mvc/products/GetForm', olga);
    const names = form.body.Properties.map((p: Property) => p.FieldName);
    expect(names).not.toContain('Price');
    expect(form.body.Properties.find((p: Property) => p.FieldName === 'Stock')).toMatchObject({
      Enabled: false,
      Visibility: 2,
    });
    const item = await call(server.app, 'POST', '/mvc/products/GetItem', olga, { autoid: mine.AutoID });
    expect('Price' in item.body).toBe(false);
    expect(
      (
        await call(server.app, 'POST', '/mvc/products/GetFlexData', olga, {
          operatorFilter: [{ FieldName: 'Price', Operator: '>', Value: 1 }],
        })
      ).status,
    ).toBe(400);
    expect((await call(server.app, 'POST', '/mvc/products/GetFlexData', olga, { order: 'Price asc' })).status).toBe(
      400,
    );
    const readOnly = await call(server.app, 'POST', '/mvc/products/save', olga, { ...item.body, Stock: 99 });
    expect(readOnly.status).toBe(400);
    expect(readOnly.body.ModelState.Stock[0]).toMatch(/kan niet worden gewijzigd/);
    expect((await call(server.app, 'POST', '/mvc/products/save', olga, { ...item.body, Price: 1 })).status).toBe(400);
    const saved = await call(server.app, 'POST', '/mvc/products/save', olga, { ...item.body, Descr: 'eigen' });
    expect(saved.status).toBe(200);
    const stored = (await post(server.app, '/mvc/products/GetItem', { autoid: mine.AutoID })).body;
    expect(stored).toMatchObject({ Descr: 'eigen', Price: 10, Stock: 1 });
    const why = await call(
      server.app,
      'GET',
      '/mvc/security/explain?username=olga&right=9.2&action=1.1&table=products',
      await signIn(server.app),
    );
    expect(why.body.RowFilter).toMatchObject({ Table: 'products', Condition: '(("t"."owner" = $1))' });
  });
});
