// A signed-in user with limited rights, and callers from outside, attack every way data leaves
// or enters: row limits through list fields, hidden fields through lookups, search and saves,
// the sign-in lock, sessions, the field dictionary, headers, and the shape of requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { ADMIN_PASSWORD, get, post, signIn, startTestServer, type TestServer } from './harness.ts';
import { inTransaction } from '../../server/db/pool.ts';
import { writeIn } from '../../server/data/write.ts';
import { SYSTEM_PRINCIPAL } from '../../server/security/principal.ts';
import { type Row } from '../support/answers.ts';

let server: TestServer;
let limited: string;
let limitedId: number;
/** Countries: `mine` is inside the limited user's row limit, `hidden` outside it. */
let mine: Row;
let hidden: Row;

beforeAll(async () => {
  // No background work: what a call starts stays as the call left it.
  server = await startTestServer({ config: { workers: 0 } });
  limitedId = (
    await post(server.app, '/mvc/users/save', { Username: 'lim', Password: 'Lim-pass-1', PasswordRetype: 'Lim-pass-1' })
  ).body.AutoID;
  const group = (await post(server.app, '/mvc/securitygroups/save', { ID: 'limited', Descr: 'Beperkt' })).body.AutoID;
  for (const RightCode of ['9.1', '9.2']) {
    for (const Action of ['read', 'create', 'update'])
      await post(server.app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode, Action });
  }
  await post(server.app, '/mvc/usergroups/save', { User: limitedId, SecurityGroup: group });
  // The user sees the countries whose code is their user name, and no price of a product.
  expect(
    (
      await post(server.app, '/mvc/rowlimits/save', {
        SecurityGroup: group,
        TableName: 'countries',
        FieldName: 'ID',
        Kind: 'userfield',
        UserField: 'Username',
      })
    ).status,
  ).toBe(200);
  await post(server.app, '/mvc/fieldlimits/save', {
    SecurityGroup: group,
    TableName: 'products',
    FieldName: 'Price',
    Visibility: '0',
  });
  mine = (await post(server.app, '/mvc/countries/save', { ID: 'lim', Descr: 'Eigen land' })).body;
  hidden = (await post(server.app, '/mvc/countries/save', { ID: 'ZZ', Descr: 'Geheim land' })).body;
  limited = await signIn(server.app, 'lim', 'Lim-pass-1');
});
afterAll(async () => {
  await server?.close();
});

async function call(
  app: FastifyInstance,
  url: string,
  cookie: string | undefined,
  body: object = {},
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    payload: body,
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null, headers: res.headers };
}
const asLimited = (url: string, body: object = {}) => call(server.app, url, limited, body);
const stored = async (table: string, autoid: number) =>
  (await post(server.app, `/mvc/${table}/GetItem`, { autoid })).body;

describe('row limits hold through list fields', () => {
  it('a list value outside the row limit is refused, and its text is never answered', async () => {
    expect((await asLimited('/mvc/countries/GetItem', { autoid: hidden.AutoID })).status).toBe(404);
    const probe = await asLimited('/mvc/products/save', { ID: 'PROBE', Country: hidden.AutoID });
    expect(probe.status).toBe(400);
    expect(probe.body.ModelState.Country[0]).toMatch(/bestaat niet/);
    expect(JSON.stringify(probe.body)).not.toContain('Geheim');
    const ok = await asLimited('/mvc/products/save', { ID: 'MINE', Country: mine.AutoID });
    expect(ok.status).toBe(200);
    expect(ok.body.Country_Descr).toBe('Eigen land');
  });

  it('a record that refers to a hidden row shows no text of it, in items, grids and sorts, and keeps the reference on save', async () => {
    const product = (await post(server.app, '/mvc/products/save', { ID: 'ADMINS', Country: hidden.AutoID })).body;
    const item = await asLimited('/mvc/products/GetItem', { autoid: product.AutoID });
    expect(item.body).toMatchObject({ Country: hidden.AutoID, Country_Descr: null });
    const grid = await asLimited('/mvc/products/GetFlexData', { order: 'Country desc', dataSource: 2 });
    expect(grid.status).toBe(200);
    expect(JSON.stringify(grid.body)).not.toContain('Geheim');
    // Searching lists by the text of a hidden row finds nothing.
    const lookup = await asLimited('/mvc/_lists/countries', { searchKey: 'Geheim' });
    expect(lookup.body.Data).toEqual([]);
    expect((await asLimited('/mvc/_lists/countries/single', { AutoID: hidden.AutoID })).status).toBe(404);
    // Saving the record unchanged keeps a reference an administrator set.
    const saved = await asLimited('/mvc/products/save', { ...item.body, Descr: 'bijgewerkt' });
    expect(saved.status).toBe(200);
    expect((await stored('products', product.AutoID)).Country).toBe(hidden.AutoID);
  });
});

describe('hidden fields', () => {
  let product: Row;
  beforeAll(async () => {
    product = (await post(server.app, '/mvc/products/save', { ID: 'PRICED', Descr: 'Met prijs', Price: 777 })).body;
    await post(server.app, '/mvc/fieldlimits/save', {
      SecurityGroup: (await post(server.app, '/mvc/securitygroups/GetFlexData', { dataFilter: { ID: 'limited' } })).body
        .Data[0].AutoID,
      TableName: 'countries',
      FieldName: 'Descr',
      Visibility: '0',
    });
  });

  it('are not answered by lookups, nor matched by a search or a lookup search', async () => {
    const lookup = await asLimited('/mvc/_lists/countries', {});
    expect(lookup.body.Data).toEqual([{ AutoID: mine.AutoID, ID: 'lim', Descr: null, Archive: false }]);
    expect((await asLimited('/mvc/_lists/countries', { searchKey: 'Eigen' })).body.Data).toEqual([]);
    expect((await asLimited('/mvc/countries/GetFlexData', { searchExpressions: 'Eigen' })).body.Meta.Count).toBe(0);
    expect((await asLimited('/mvc/countries/GetFlexData', { searchExpressions: 'lim' })).body.Meta.Count).toBe(1);
    // Nor as the text of a list field: the join gives no text of a hidden field.
    const item = await asLimited('/mvc/products/GetItem', {
      autoid: (await asLimited('/mvc/products/GetFlexData', { dataFilter: { ID: 'MINE' } })).body.Data[0].AutoID,
    });
    expect(item.body.Country_Descr).toBeNull();
  });

  it('cannot be wiped or probed by a save, and a hidden required field does not block one', async () => {
    const item = (await asLimited('/mvc/products/GetItem', { autoid: product.AutoID })).body;
    expect(item).not.toHaveProperty('Price');
    for (const Price of [null, 777, 1]) {
      const res = await asLimited('/mvc/products/save', { ...item, Price });
      expect(res.status).toBe(400);
      expect(res.body.ModelState.Price[0]).toMatch(/bestaat niet/);
    }
    expect((await stored('products', product.AutoID)).Price).toBe(777);
    // countries.Descr is required and hidden: an update of the code still goes through.
    const country = (await asLimited('/mvc/countries/GetItem', { autoid: mine.AutoID })).body;
    expect(country).not.toHaveProperty('Descr');
    const renamed = await asLimited('/mvc/countries/save', { ...country, ID: 'lim' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await stored('countries', mine.AutoID)).Descr).toBe('Eigen land');
  });
});

describe('denial of service', () => {
  it('refuses more than 100 conditions in a filter list before any SQL runs', async () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ FieldName: 'ID', Operator: 'notcontains', Value: `x${i}` }));
    const res = await asLimited('/mvc/products/GetFlexData', { operatorFilter: many });
    expect(res.status).toBe(400);
    expect(res.body.Error).toMatch(/operatorFilter: een lijst heeft hoogstens 100 elementen/);
    expect((await asLimited('/mvc/products/GetFlexData', { operatorFilter: many.slice(0, 100) })).status).toBe(200);
  });

  it('refuses a page size above the maximum for saved views too', async () => {
    const res = await asLimited('/mvc/products/getflexgridlayouts', { Filter: { PageSize: 100_000 } });
    expect(res.status).toBe(400);
    expect(res.body.Error).toMatch(/Filter.PageSize moet een geheel getal van 1 tot en met 1000 zijn/);
  });
});

describe('signing in', () => {
  it('counts every failure in the database: a burst of guesses gets no more tries than the lock allows', async () => {
    await post(server.app, '/mvc/users/save', {
      Username: 'burst',
      Password: 'Burst-pass-1',
      PasswordRetype: 'Burst-pass-1',
    });
    const attempt = (password: string) =>
      call(server.app, '/mvc/account/login', undefined, { username: 'burst', password });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(`wrong-${i}`)));
    // Five places are checked (the security settings' default); every other guess finds the lock.
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(35);
    const right = await attempt('Burst-pass-1');
    expect(right.status).toBe(403);
    expect(right.body.Error).toMatch(/geblokkeerd/);
  });

  it('a name that is no user fails and locks exactly like one that is', async () => {
    const real = [];
    const ghost = [];
    await post(server.app, '/mvc/users/save', {
      Username: 'real',
      Password: 'Real-pass-1',
      PasswordRetype: 'Real-pass-1',
    });
    for (let i = 0; i < 6; i++) {
      real.push(await call(server.app, '/mvc/account/login', undefined, { username: 'real', password: 'nope' }));
      ghost.push(await call(server.app, '/mvc/account/login', undefined, { username: 'ghost', password: 'nope' }));
    }
    expect(ghost.map((a) => [a.status, a.body.Error])).toEqual(real.map((a) => [a.status, a.body.Error]));
    expect(real.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 403]);
  });

  /** A sign-in from an address of its own. */
  const from = async (remoteAddress: string, username: string, password: string) => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/mvc/account/login',
      remoteAddress,
      payload: { username, password },
    });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };
  const counts = async (name: string) =>
    (
      await server.engine.pool.query(
        'SELECT source, failures, locked_until IS NOT NULL AS locked FROM core_login_failure WHERE name = $1 ORDER BY source',
        [name],
      )
    ).rows;
  const newUser = async (Username: string, Password: string): Promise<number> =>
    (await post(server.app, '/mvc/users/save', { Username, Password, PasswordRetype: Password })).body.AutoID;

  it('never counts a good password: twelve sign-ins at once all succeed and leave nothing counted', async () => {
    const id = await newUser('twelve', 'Twelve-pass-1');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => from('198.51.100.12', 'twelve', 'Twelve-pass-1')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(await counts('twelve')).toEqual([]);
    expect(await stored('users', id)).toMatchObject({ FailedLogins: 0, LockedUntil: null });
    // A good password clears the failures before it, so typos never add up to a lock.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await from('198.51.100.12', 'twelve', 'typo')).status).toBe(400);
      expect((await from('198.51.100.12', 'twelve', 'Twelve-pass-1')).status).toBe(200);
    }
  });

  it('locks a name for the address that guessed: the user signs in from elsewhere, and one address never locks the name', async () => {
    await newUser('target', 'Target-pass-1');
    // More guesses than would lock the name everywhere: a locked address adds nothing to that count.
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => from('203.0.113.66', 'target', `guess-${i}`)),
    );
    expect(guesses.filter((a) => a.status === 400)).toHaveLength(5);
    expect(guesses.filter((a) => a.status === 403).map((a) => a.body.Code)).toEqual(Array(55).fill('ACCOUNT_LOCKED'));
    // The right password from the attacker's address finds the lock; from the user's own it signs in.
    expect((await from('203.0.113.66', 'target', 'Target-pass-1')).body.Code).toBe('ACCOUNT_LOCKED');
    expect((await from('192.0.2.10', 'target', 'Target-pass-1')).status).toBe(200);
    // An IPv6 attacker is one address however many of its /64 it uses.
    const v6 = await Promise.all(
      Array.from({ length: 8 }, (_, i) => from(`2001:db8:5:6::${i + 1}`, 'target', `v6-${i}`)),
    );
    expect(v6.filter((a) => a.status === 400)).toHaveLength(5);
    expect((await from('2001:db8:5:6:ffff::1', 'target', 'Target-pass-1')).body.Code).toBe('ACCOUNT_LOCKED');
    expect((await from('192.0.2.10', 'target', 'Target-pass-1')).status).toBe(200);
  });

  it("locks a name everywhere after ten addresses' worth of failures within the lock's minutes", async () => {
    const id = await newUser('spread', 'Spread-pass-1');
    const addresses = Array.from({ length: 10 }, (_, i) => `198.18.0.${i + 1}`);
    const answers = await Promise.all(
      addresses.flatMap((a) => Array.from({ length: 5 }, (_, i) => from(a, 'spread', `wrong-${i}`))),
    );
    expect(answers.every((a) => a.status === 400)).toBe(true);
    expect((await from('192.0.2.77', 'spread', 'Spread-pass-1')).body.Code).toBe('ACCOUNT_LOCKED');
    // The users screen shows the lock that holds for every address.
    const user = await stored('users', id);
    expect(user.FailedLogins).toBe(50);
    expect(user.LockedUntil).not.toBeNull();
  });

  it('an administrator lifts a lock at once; a user without the users right cannot, and the lock stays', async () => {
    const id = await newUser('unlockme', 'Unlock-pass-1');
    for (let i = 0; i < 5; i++) await from('203.0.113.7', 'unlockme', 'nope');
    expect((await from('203.0.113.7', 'unlockme', 'Unlock-pass-1')).body.Code).toBe('ACCOUNT_LOCKED');
    const before = await counts('unlockme');
    expect(before).toContainEqual({ source: '203.0.113.7', failures: 5, locked: true });

    const refused = await asLimited('/mvc/users/RunAction', { Action: 'unlockSignIn', autoids: [id] });
    expect(refused.status).toBe(403);
    expect(refused.body.Code).toBe('NO_RIGHTS');
    expect(await counts('unlockme')).toEqual(before);
    expect((await from('203.0.113.7', 'unlockme', 'Unlock-pass-1')).body.Code).toBe('ACCOUNT_LOCKED');

    const lifted = await post(server.app, '/mvc/users/RunAction', { Action: 'unlockSignIn', autoids: [id] });
    expect(lifted.body).toMatchObject({ Succeeded: 1, Failed: 0 });
    expect(await counts('unlockme')).toEqual([]);
    expect((await from('203.0.113.7', 'unlockme', 'Unlock-pass-1')).status).toBe(200);
    // Nothing left to lift: the item is ignored, not failed.
    expect(
      (await post(server.app, '/mvc/users/RunAction', { Action: 'unlockSignIn', autoids: [id] })).body,
    ).toMatchObject({ Succeeded: 0, Ignored: 1 });
  });

  it('a deactivated or locked-out user gets the answer of a wrong password', async () => {
    const id = (
      await post(server.app, '/mvc/users/save', {
        Username: 'gone',
        Password: 'Gone-pass-1',
        PasswordRetype: 'Gone-pass-1',
        Activated: false,
      })
    ).body.AutoID;
    const res = await call(server.app, '/mvc/account/login', undefined, { username: 'gone', password: 'Gone-pass-1' });
    expect(res).toMatchObject({ status: 400, body: { Error: 'Gebruikersnaam of wachtwoord onjuist.' } });
    expect(id).toBeGreaterThan(0);
  });
});

describe('sessions', () => {
  it('end for good when a user is deactivated or locked out: taking it back does not revive them', async () => {
    const id = (
      await post(server.app, '/mvc/users/save', {
        Username: 'revive',
        Password: 'Revive-pass-1',
        PasswordRetype: 'Revive-pass-1',
      })
    ).body.AutoID;
    for (const change of [{ Activated: false }, { LockedOut: true }]) {
      const session = await signIn(server.app, 'revive', 'Revive-pass-1');
      expect((await call(server.app, '/mvc/products/GetFlexData', session)).status).toBe(
        403 /* no rights, but signed in */,
      );
      expect(
        (await server.app.inject({ method: 'GET', url: '/mvc/user/getcurrentuser', headers: { cookie: session } }))
          .statusCode,
      ).toBe(200);
      const user = await stored('users', id);
      expect((await post(server.app, '/mvc/users/save', { ...user, ...change })).status).toBe(200);
      const back = await stored('users', id);
      expect((await post(server.app, '/mvc/users/save', { ...back, Activated: true, LockedOut: false })).status).toBe(
        200,
      );
      const res = await server.app.inject({
        method: 'GET',
        url: '/mvc/user/getcurrentuser',
        headers: { cookie: session },
      });
      expect(res.statusCode).toBe(403);
      expect(JSON.parse(res.body).Authenticated).toBe(false);
    }
  });

  it('end whatever path writes the user, and a password follows the rules on it too', async () => {
    // The write pipeline as an action, a named call or a merge call it, outside the save call.
    const id = (
      await post(server.app, '/mvc/users/save', {
        Username: 'pathless',
        Password: 'Pathless-pass-1',
        PasswordRetype: 'Pathless-pass-1',
      })
    ).body.AutoID;
    await signIn(server.app, 'pathless', 'Pathless-pass-1');
    const snapshot = server.engine.registry.snapshot;
    const users = snapshot.table('users');
    if (!users) throw new Error('no users table');
    const write = (record: Record<string, unknown>) =>
      inTransaction(server.engine.pool, (client) =>
        writeIn(client, {
          model: users,
          principal: SYSTEM_PRINCIPAL,
          id,
          record,
          ctx: { tableOf: (name) => snapshot.table(name), byDefinition: true },
        }),
      );
    const hash = async () =>
      (await server.engine.pool.query('SELECT password, passwordretype FROM users WHERE autoid = $1', [id])).rows;
    const before = await hash();
    await expect(write({ Password: 'Other-pass-1' })).rejects.toMatchObject({
      fields: { PasswordRetype: [{ id: 'validation.password_mismatch' }] },
    });
    await expect(write({ Password: 'short', PasswordRetype: 'short' })).rejects.toMatchObject({
      fields: { Password: expect.arrayContaining([expect.objectContaining({ id: 'validation.password_min_length' })]) },
    });
    expect(await hash()).toEqual(before);
    // The sessions go in the write's own transaction (this process's cache follows at its notification).
    const sessions = async () =>
      Number(
        (
          await server.engine.pool.query<{ n: string }>('SELECT count(*) AS n FROM core_session WHERE user_id = $1', [
            id,
          ])
        ).rows[0].n,
      );
    expect(await sessions()).toBe(1);
    await write({ Activated: false });
    expect(await sessions()).toBe(0);
  });

  it('cannot be ended from another site: sign-out and sign-in are refused cross-site', async () => {
    const session = await signIn(server.app, 'admin', ADMIN_PASSWORD);
    const out = await call(
      server.app,
      '/mvc/account/logout',
      session,
      {},
      { origin: 'http://evil.example', host: 'localhost:80' },
    );
    expect(out.status).toBe(403);
    expect(
      (await server.app.inject({ method: 'GET', url: '/mvc/user/getcurrentuser', headers: { cookie: session } }))
        .statusCode,
    ).toBe(200);
    const login = await call(
      server.app,
      '/mvc/account/login',
      undefined,
      { username: 'admin', password: ADMIN_PASSWORD },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(login.status).toBe(403);
  });
});

describe('text and dates at the edge', () => {
  it('answers impossible dates in filters with 400 naming the field', async () => {
    for (const [FieldName, Value] of [
      ['Introduced', '2021-02-30'],
      ['Introduced', '0000-01-01'],
      ['LastCount', '2021-02-29T10:00'],
      ['OpensAt', '24:00'],
    ]) {
      const res = await asLimited('/mvc/products/GetFlexData', {
        operatorFilter: [{ FieldName, Operator: '=', Value }],
      });
      expect(res.status, `${FieldName} ${Value}`).toBe(400);
      expect(res.body.Error).toContain(FieldName);
    }
    const saved = await asLimited('/mvc/products/save', { ID: 'DATE', Introduced: '2021-02-30' });
    expect(saved.status).toBe(400);
    expect(saved.body.ModelState).toHaveProperty('Introduced');
    expect((await asLimited('/mvc/products/save', { ID: 'LEAP', Introduced: '2024-02-29' })).status).toBe(200);
  });

  it('searches case-insensitively beyond ASCII, and decomposed text finds composed text', async () => {
    await post(server.app, '/mvc/products/save', { ID: 'CREME', Descr: 'Crème brûlée' });
    for (const term of ['CRÈME', 'crème', 'BRÛLÉE', 'Cre\u0300me']) {
      const res = await post(server.app, '/mvc/products/GetFlexData', { searchExpressions: term });
      expect(
        res.body.Data.map((r: Row) => r.ID),
        term,
      ).toEqual(['CREME']);
    }
    // Decomposed text is stored composed, so it is found by composed text too.
    await post(server.app, '/mvc/products/save', { ID: 'CAFE', Descr: 'Cafe\u0301' });
    expect(
      (await post(server.app, '/mvc/products/GetFlexData', { searchExpressions: 'CAFÉ' })).body.Data.map(
        (r: Row) => r.ID,
      ),
    ).toEqual(['CAFE']);
  });

  it('refuses bodies of the wrong shape and text that is not JSON', async () => {
    for (const payload of ['[]', '42', '"x"', 'null']) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/mvc/products/GetFlexData',
        headers: { cookie: limited, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
    const plain = await server.app.inject({
      method: 'POST',
      url: '/mvc/products/save',
      headers: { cookie: limited, 'content-type': 'text/plain' },
      payload: '{"ID":"PLAIN"}',
    });
    expect(plain.statusCode).toBe(415);
  });
});

describe('headers', () => {
  it('every answer carries the security headers, and call answers are not stored', async () => {
    for (const url of ['/health', '/mvc/user/getcurrentuser', '/mvc/nothing']) {
      const res = await server.app.inject({ method: 'GET', url, headers: { cookie: limited } });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      // Only the runtime's own scripts run, and no code is made from text: no eval, no new Function.
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self';");
      expect(res.headers['content-security-policy'], url).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    }
    const api = await server.app.inject({
      method: 'GET',
      url: '/mvc/user/getcurrentuser',
      headers: { cookie: limited },
    });
    expect(api.headers['cache-control']).toBe('no-store');
  });
});

/** The test database itself, for what the API does not show (rows written, triggers). */
let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
});
const downloadRequests = async () => Number((await db.query('SELECT count(*) FROM downloadrequests')).rows[0].count);

describe('calls by GET and from other sites', () => {
  it('a named call that changes anything answers a GET with 404 and starts nothing', async () => {
    const admin = await signIn(server.app);
    const before = await downloadRequests();
    for (const url of ['/mvc/products/ExportData', '/mvc/Products/exportdata?data=1', '/mvc/products/rename']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await server.app.inject({ method, url, headers: { cookie: admin } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        if (method === 'GET') expect(res.json().Code).toBe('NO_SUCH_CALL');
      }
    }
    expect(await downloadRequests()).toBe(before);
    // A reading kind still answers a GET, and the export itself is a POST.
    expect(
      (await server.app.inject({ method: 'GET', url: '/mvc/products/nosuchcall', headers: { cookie: admin } }))
        .statusCode,
    ).toBe(404);
    expect((await call(server.app, '/mvc/products/ExportData', admin, {})).status).toBe(200);
    expect(await downloadRequests()).toBe(before + 1);
  });

  it("takes no call from another site's page, GET included", async () => {
    const admin = await signIn(server.app);
    const before = await downloadRequests();
    const elsewhere: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'http://evil.example', host: 'localhost:80' },
    ];
    for (const headers of elsewhere) {
      for (const [method, url] of [
        ['GET', '/mvc/user/getcurrentuser'],
        ['GET', '/mvc/products/GetForm'],
        ['GET', '/mvc/products/ExportData'],
        ['POST', '/mvc/products/ExportData'],
      ] as const) {
        const res = await server.app.inject({
          method,
          url,
          headers: { cookie: admin, ...headers },
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json()).toMatchObject({ Code: 'NO_RIGHTS', Authenticated: true });
      }
    }
    expect(await downloadRequests()).toBe(before);
    // The runtime's own calls, and an address typed or bookmarked, are no other site.
    for (const headers of [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { origin: 'http://localhost:3000', host: 'localhost:3000' },
      {},
    ]) {
      expect(
        (
          await server.app.inject({
            method: 'GET',
            url: '/mvc/user/getcurrentuser',
            headers: { cookie: admin, ...headers },
          })
        ).statusCode,
        JSON.stringify(headers),
      ).toBe(200);
    }
  });
});

describe('counts', () => {
  it('a download request moves the count of download requests at once, as any insert does', async () => {
    const admin = await signIn(server.app);
    const count = async (): Promise<number> =>
      (await call(server.app, '/mvc/downloadrequests/GetFlexData', admin, {})).body.Meta.Count;
    const before = await count();
    expect(await downloadRequests()).toBe(before);
    expect((await call(server.app, '/mvc/downloadrequests/RequestExport', admin, { Table: 'countries' })).status).toBe(
      200,
    );
    expect(await count()).toBe(before + 1);
    expect((await call(server.app, '/mvc/products/ExportData', admin, {})).status).toBe(200);
    expect(await count()).toBe(before + 2);
    expect(await downloadRequests()).toBe(before + 2);
  });
});

describe('row limits', () => {
  it('refuses a user field that is no field of the users table when the limit is saved, and writes nothing', async () => {
    const group = (await post(server.app, '/mvc/securitygroups/GetFlexData', { dataFilter: { ID: 'limited' } })).body
      .Data[0].AutoID;
    const limits = async () => (await db.query('SELECT autoid, userfield FROM rowlimits ORDER BY autoid')).rows;
    const before = await limits();
    for (const UserField of ['__proto__', 'constructor', 'prototype', 'toString', 'Password', 'NoSuchField']) {
      const res = await post(server.app, '/mvc/rowlimits/save', {
        SecurityGroup: group,
        TableName: 'products',
        FieldName: 'ID',
        Kind: 'userfield',
        UserField,
      });
      expect(res.status, UserField).toBe(400);
      expect(res.body.ModelState.UserField[0], UserField).toContain(`'${UserField}' is geen veld van de gebruikers`);
    }
    // Nor can a stored limit be changed to one.
    const stored = (await post(server.app, '/mvc/rowlimits/GetFlexData', { dataFilter: { TableName: 'countries' } }))
      .body.Data[0];
    const item = (await post(server.app, '/mvc/rowlimits/GetItem', { autoid: stored.AutoID })).body;
    expect((await post(server.app, '/mvc/rowlimits/save', { ...item, UserField: '__proto__' })).status).toBe(400);
    expect(await limits()).toEqual(before);
    // A real field of the user is taken.
    expect((await post(server.app, '/mvc/rowlimits/save', { ...item, UserField: 'username' })).status).toBe(200);
  });

  it('names its table and field from the catalogues: a label or a name the table lacks is refused on the field, and nothing is written', async () => {
    const group = (await post(server.app, '/mvc/securitygroups/GetFlexData', { dataFilter: { ID: 'limited' } })).body
      .Data[0].AutoID;
    const count = async () => Number((await db.query('SELECT count(*) FROM rowlimits')).rows[0].count);
    const before = await count();
    const byLabel = await post(server.app, '/mvc/rowlimits/save', {
      SecurityGroup: group,
      TableName: 'Landen',
      FieldName: 'ID',
      Kind: 'own',
    });
    expect(byLabel.status).toBe(400);
    expect(byLabel.body.ModelState.TableName[0]).toContain("'Landen' is geen bekende tabel");
    const noField = await post(server.app, '/mvc/rowlimits/save', {
      SecurityGroup: group,
      TableName: 'countries',
      FieldName: 'Omschrijving',
      Kind: 'own',
    });
    expect(noField.status).toBe(400);
    expect(noField.body.ModelState.FieldName[0]).toContain("'Omschrijving' is geen veld van tabel countries");
    expect(await count()).toBe(before);

    // The picker offers the fields of the chosen table by their labels, and AutoID.
    const fields = await post(server.app, '/mvc/_catalogues/fields', { searchKey: 'omschr', Table: 'countries' });
    expect(fields.body.Data.map((e: { ID: string; Name: string }) => [e.ID, e.Name])).toEqual([
      ['Descr', 'Omschrijving'],
    ]);
    const all = await post(server.app, '/mvc/_catalogues/fields', { Table: 'countries', pageSize: 100 });
    expect(all.body.Data.map((e: { ID: string }) => e.ID)).toEqual(expect.arrayContaining(['AutoID', 'ID', 'Descr']));
    expect((await post(server.app, '/mvc/_catalogues/fields', { Table: 'nosuchtable' })).body.Data).toEqual([]);
    expect(
      (await post(server.app, '/mvc/_catalogues/fields/single', { ID: 'Descr', Table: 'countries' })).body.Descr,
    ).toBe('Omschrijving (Descr)');
    // A stored limit shows its field by label; the limited user may not look fields up.
    const stored = (await post(server.app, '/mvc/rowlimits/GetFlexData', { dataFilter: { TableName: 'countries' } }))
      .body.Data[0];
    const item = (await post(server.app, '/mvc/rowlimits/GetItem', { autoid: stored.AutoID })).body;
    expect(item.FieldName_Descr).toBe('Code (ID)');
    expect(item.TableName_Descr).toBe('Landen (countries)');
    expect((await asLimited('/mvc/_catalogues/fields', { Table: 'countries' })).status).toBe(403);
  });

  it('a fixed value admits only the rows whose field holds it, and a limit that names nothing valid is explained', async () => {
    const user = (
      await post(server.app, '/mvc/users/save', {
        Username: 'counter',
        Password: 'Counter-pass-1',
        PasswordRetype: 'Counter-pass-1',
      })
    ).body.AutoID;
    const group = (await post(server.app, '/mvc/securitygroups/save', { ID: 'counter', Descr: 'Balie' })).body.AutoID;
    await post(server.app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode: '9.1', Action: 'read' });
    await post(server.app, '/mvc/usergroups/save', { User: user, SecurityGroup: group });
    await post(server.app, '/mvc/countries/save', { ID: 'FX1', Descr: 'Balieland' });
    await post(server.app, '/mvc/countries/save', { ID: 'FX2', Descr: 'Ander land' });
    const limit = await post(server.app, '/mvc/rowlimits/save', {
      SecurityGroup: group,
      TableName: 'countries',
      FieldName: 'ID',
      Kind: 'value',
      Value: 'FX1',
    });
    expect(limit.status, JSON.stringify(limit.body)).toBe(200);
    const cookie = await signIn(server.app, 'counter', 'Counter-pass-1');
    const seen = await call(server.app, '/mvc/countries/GetFlexData', cookie, { pageSize: 100 });
    expect(seen.body.Data.map((c: { ID: string }) => c.ID)).toEqual(['FX1']);
    // A value that does not fit its field is refused on the value, and nothing is written.
    const count = async () => Number((await db.query('SELECT count(*) FROM rowlimits')).rows[0].count);
    const before = await count();
    for (const [FieldName, Value] of [
      ['Stock', 'veel'],
      ['Active', 'ja'],
      ['Status', 'nosuchstatus'],
      ['Introduced', '7-12-2026'],
    ]) {
      const unfit = await post(server.app, '/mvc/rowlimits/save', {
        SecurityGroup: group,
        TableName: 'products',
        FieldName,
        Kind: 'value',
        Value,
      });
      expect(unfit.status, FieldName).toBe(400);
      expect(unfit.body.ModelState.Value[0], FieldName).toContain(`'${Value}' is geen geldige waarde voor veld`);
    }
    expect(await count()).toBe(before);

    // A limit stored before names were checked, on a table by its label: it limits nothing, and says so.
    await db.query(
      `INSERT INTO rowlimits (securitygroup, tablename, fieldname, kind) VALUES ($1, 'Relaties', 'Accountmanager', 'own')`,
      [group],
    );
    const why = await get(server.app, '/mvc/security/explain?username=counter&right=9.1&action=read&table=countries');
    expect(why.status).toBe(200);
    expect(why.body.InvalidRowLimits).toEqual([
      {
        Group: 'counter',
        Table: 'relaties',
        Field: 'Accountmanager',
        Kind: 'own',
        Problem: 'table relaties is not in the definitions: this limit limits nothing',
      },
    ]);
  });
});

describe('writes that lose to a concurrent one', () => {
  const runs = async (sequence: string) =>
    Number(
      (await db.query(`SELECT last_value, is_called FROM ${sequence}`)).rows.map((r) =>
        r.is_called ? r.last_value : 0,
      )[0],
    );
  const rows = async (id: string) =>
    Number((await db.query('SELECT count(*) FROM countries WHERE id = $1', [id])).rows[0].count);
  beforeAll(async () => {
    // PostgreSQL itself ends the save's transaction as a lost serialization or a deadlock does;
    // a sequence counts every run, rolled back or not.
    await db.query(`CREATE SEQUENCE race_runs; CREATE SEQUENCE deadlock_runs;
      CREATE FUNCTION lose_to_concurrent() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.id = 'RACE' AND nextval('race_runs') <= 3 THEN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001'; END IF;
        IF NEW.id = 'DEADLOCK' THEN PERFORM nextval('deadlock_runs'); RAISE EXCEPTION 'deadlock detected' USING ERRCODE = '40P01'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER lose_to_concurrent BEFORE INSERT OR UPDATE ON countries FOR EACH ROW EXECUTE FUNCTION lose_to_concurrent();`);
  });
  afterAll(async () => {
    await db.query('DROP TRIGGER lose_to_concurrent ON countries');
  });

  it('a save that lost three times is run again and saved once', async () => {
    const res = await call(server.app, '/mvc/countries/save', await signIn(server.app), {
      ID: 'RACE',
      Descr: 'Na drie botsingen',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await runs('race_runs')).toBe(4);
    expect(await rows('RACE')).toBe(1);
  });

  it('a save that keeps losing answers 409 with a retryable code and writes nothing', async () => {
    const res = await call(server.app, '/mvc/countries/save', await signIn(server.app), {
      ID: 'DEADLOCK',
      Descr: 'Altijd een impasse',
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      Code: 'TRANSACTION_CONFLICT',
      Retryable: true,
      Error: expect.stringMatching(/niets opgeslagen/),
    });
    expect(res.headers['retry-after']).toBeDefined();
    // The first run and three more.
    expect(await runs('deadlock_runs')).toBe(4);
    expect(await rows('DEADLOCK')).toBe(0);
  });
});
