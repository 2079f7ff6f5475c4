// The licence and its modules, as a customer's administrator and their users meet them: the
// product code, activation codes that are forged, tampered with, for another installation or
// expired (each refused, nothing stored), and a licence without a module closing that module on
// every path (grids, items, lookups, views, screens, import) in this process and another one.
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_CODES, readPastedLicence } from '../../definitions/language/index.ts';
import { issueActivation } from '../../server/security/licence.ts';
import { DEV_LICENCE_PRIVATE_KEY, post, secondProcess, signIn, startTestServer, type TestServer } from './harness.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
let server: TestServer;
let other: ChildProcess | undefined;
let code: string;
const NAME = 'Verhuurcentrale Test';
const nextYear = `${new Date().getUTCFullYear() + 1}-12-31`;
const issue = (over: Partial<{ name: string; productCode: string; modules: string[]; expires: string }> = {}) =>
  issueActivation(DEV_LICENCE_PRIVATE_KEY, {
    name: NAME,
    productCode: code,
    modules: MODULE_CODES.filter((m) => m !== 'relations'),
    expires: nextYear,
    ...over,
  } as never);
const licences = async () => Number((await server.engine.pool.query('SELECT count(*) FROM licences')).rows[0].count);
const save = (activationCode: string, productCode = code, licenseName = NAME) =>
  post(server.app, '/mvc/license/Save', { licenseName, productCode, activationCode });

beforeAll(async () => {
  server = await startTestServer({
    config: { packsDir: path.join(ROOT, 'definitions', 'packs'), packs: ['base', 'demo'] },
  });
  code = (await post(server.app, '/mvc/license/PrCode')).body.ProductCode;
}, 90_000);
afterAll(async () => {
  other?.kill('SIGTERM');
  await server?.close();
});

describe('the product code and an unlicensed installation', () => {
  it('answers a product code of 32 characters that stays the same', async () => {
    expect(code).toMatch(/^[A-Z0-9]{32}$/);
    expect((await post(server.app, '/mvc/license/PrCode')).body.ProductCode).toBe(code);
  });

  it('runs without a licence with the modules its setting names (all), and says so', async () => {
    const licence = (await post(server.app, '/mvc/license/Get')).body;
    expect(licence).toMatchObject({ Licensed: false, licenseName: null, Modules: MODULE_CODES });
    expect(licence.productCode.split('-').map((s: string) => s.length)).toEqual([10, 5, 10, 7]);
  });
});

describe('activation codes that are refused', () => {
  it.each([
    [
      'forged: signed by another key',
      () => {
        const [payload] = issue().split('.');
        return `${payload}.${Buffer.alloc(64, 7).toString('base64url')}`;
      },
      'licence.forged',
    ],
    [
      'tampered: a module added to a signed code',
      () => {
        const [payload, signature] = issue().split('.');
        const terms = JSON.parse(Buffer.from(payload, 'base64url').toString());
        terms.m.push('relations');
        return `${Buffer.from(JSON.stringify(terms)).toString('base64url')}.${signature}`;
      },
      'licence.forged',
    ],
    [
      'for another installation',
      () => issue({ productCode: 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789' }),
      'licence.other_product',
    ],
    ['expired', () => issue({ expires: '2020-01-01' }), 'licence.expired'],
    ['for another licence name', () => issue({ name: 'Iemand anders' }), 'licence.other_name'],
    ['not a code at all', () => '--- geen code ---', 'licence.malformed'],
  ])('%s: 400 with the reason on the form, nothing stored', async (_what, make, key) => {
    const before = await licences();
    const answer = await save(make());
    expect(answer.status).toBe(400);
    expect(answer.body.Key).toBe(key);
    expect(answer.body.ModelState.activationCode).toEqual([answer.body.Error]);
    expect(await licences()).toBe(before);
    expect((await post(server.app, '/mvc/license/Get')).body.Licensed).toBe(false);
  });

  it('refuses a licence posted by a user without the licence right', async () => {
    await post(server.app, '/mvc/users/save', {
      Username: 'gewoon',
      Password: 'Gewoon-pass-1',
      PasswordRetype: 'Gewoon-pass-1',
    });
    const cookie = await signIn(server.app, 'gewoon', 'Gewoon-pass-1');
    const res = await server.app.inject({
      method: 'POST',
      url: '/mvc/license/Save',
      headers: { cookie },
      payload: { licenseName: NAME, productCode: code, activationCode: issue() },
    });
    expect(res.statusCode).toBe(403);
    // Which modules are active every signed-in user may ask.
    const modules = await server.app.inject({
      method: 'POST',
      url: '/mvc/license/ActivatedModules',
      headers: { cookie },
      payload: {},
    });
    expect(modules.json()).toEqual({ Modules: MODULE_CODES, Licensed: false });
  });
});

describe('a licence without the relations module', () => {
  it("activates, with the pasted text as the vendor's tool prints it", async () => {
    const pasted = readPastedLicence(
      `Licentienaam: ${NAME}\nProductcode: ${code.slice(0, 10)}-${code.slice(10, 15)}-${code.slice(15, 25)}-${code.slice(25)}\nActiveringscode: ${issue()}`,
    );
    expect(pasted).not.toBeNull();
    const answer = await save(pasted!.activationCode!, pasted!.productCode, pasted!.licenseName);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ Licensed: true, licenseName: NAME, Expires: nextYear });
    expect(answer.body.Modules).not.toContain('relations');
    expect(await licences()).toBe(1);
  });

  it('closes the module on every path with a clear message, for full access too', async () => {
    const closed = async (url: string, body: unknown = {}) => {
      const res = await post(server.app, url, body);
      expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(403);
      return res.body;
    };
    const grid = await closed('/mvc/relations/GetFlexData', {});
    expect(grid.Code).toBe('MODULE_INACTIVE');
    expect(grid.Error).toContain('Relatiebeheer (CRM)');
    await closed('/mvc/relations/GetItem', { autoid: 1 });
    await closed('/mvc/relations/save', { ID: 'X', Descr: 'X' });
    await closed('/mvc/persons/GetFlexData', {});
    await closed('/mvc/relationaddresses/GetFlexData', {});
    await closed('/mvc/_lists/relations', {});
    await closed('/mvc/relations/getflexgridlayouts', {});
    const screens = (
      await server.app.inject({
        method: 'GET',
        url: '/mvc/definitions/screens',
        headers: { cookie: await signIn(server.app) },
      })
    ).json().Screens as { name: string }[];
    expect(screens.map((s) => s.name)).not.toContain('relations');
    expect(screens.map((s) => s.name)).not.toContain('persons');
    expect(screens.map((s) => s.name)).toContain('licenses');
    const destinations = (await post(server.app, '/mvc/import/GetDestinations', {})).body.Data.map(
      (d: { ID: string }) => d.ID,
    );
    expect(destinations).not.toContain('relations');
    expect(destinations).toContain('costcodes');
    // Other modules' tables answer as before.
    const costcodes = await post(server.app, '/mvc/costcodes/GetFlexData', {});
    expect(costcodes.status).toBe(200);
    // Their grid, with its rows: what a user of them sees, not just a 200.
    expect(costcodes.body.Meta.Columns.map((c: { FieldName: string }) => c.FieldName)).toContain('ID');
    expect(costcodes.body.Data).toHaveLength(costcodes.body.Meta.Count);
  });

  it('cannot be deleted, changed or made through the generic calls, full access included: the licence and its history stay', async () => {
    const rows = async () =>
      (
        await server.engine.pool.query(
          'SELECT autoid, modules, activationcode, timestamp FROM licences ORDER BY autoid',
        )
      ).rows;
    const before = await rows();
    const item = await post(server.app, '/mvc/licences/GetItem', { autoid: before[0].autoid });
    expect(item.status).toBe(200);
    for (const [url, body] of [
      ['/mvc/licences/delete', { autoid: before[0].autoid }],
      ['/mvc/licences/delete', { autoid: 99_999 }],
      ['/mvc/licences/save', { ...item.body, Modules: MODULE_CODES.join(',') }],
      ['/mvc/licences/save', { ...item.body, AutoID: 0 }],
    ] as const) {
      const res = await post(server.app, url, body);
      expect(res.status, url).toBe(403);
      expect(res.body).toMatchObject({
        Code: 'NO_RIGHTS',
        Key: 'errors.read_only_table',
        Error:
          'De rijen van Licenties houdt het product zelf bij: ze worden niet via deze aanroep gemaakt, gewijzigd of verwijderd.',
      });
    }
    expect(await rows()).toEqual(before);
    expect((await post(server.app, '/mvc/license/Get')).body).toMatchObject({ Licensed: true, Lapsed: false });
    expect((await post(server.app, '/mvc/relations/GetFlexData', {})).body.Code).toBe('MODULE_INACTIVE');
  });

  it('reaches another server process without a restart, and a new licence opens the module again everywhere', async () => {
    const second = await secondProcess(server, { PACKS: 'base,demo' });
    other = second.child;
    const { base, cookie } = second;
    const grid = () =>
      fetch(`${base}/mvc/relations/GetFlexData`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: '{}',
      }).then((r) => r.status);
    expect(await grid()).toBe(403);
    expect((await save(issue({ modules: [...MODULE_CODES] }))).status).toBe(200);
    for (const start = Date.now(); (await grid()) !== 200;) {
      if (Date.now() - start > 2000) throw new Error('the other process did not follow the new licence within 2 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await post(server.app, '/mvc/relations/GetFlexData', {})).status).toBe(200);
  }, 120_000);
});

describe('a licence that lapses', () => {
  it('opens no module: an installation whose licence expired does not fall back to its setting for unlicensed use', async () => {
    // Time passes: the licence saved last reaches its last day (the hourly read finds it so).
    const lapsed = issue({ modules: [...MODULE_CODES], expires: '2020-12-31' });
    await server.engine.pool.query(
      "INSERT INTO licences (licensename, productcode, activationcode, modules, expires, createdby, modifiedby) VALUES ($1, $2, $3, $4, '2020-12-31', 'admin', 'admin')",
      [NAME, code, lapsed, MODULE_CODES.join(',')],
    );
    await server.engine.licence.refresh();
    expect((await post(server.app, '/mvc/license/Get')).body).toMatchObject({
      Licensed: false,
      Lapsed: true,
      Modules: [],
    });
    for (const table of ['relations', 'orders', 'products']) {
      const res = await post(server.app, `/mvc/${table}/GetFlexData`, {});
      expect(res.status, table).toBe(403);
      expect(res.body.Code).toBe('MODULE_INACTIVE');
    }
    // The administration stays open, so a new licence can be entered.
    const screens = (
      await server.app.inject({
        method: 'GET',
        url: '/mvc/definitions/screens',
        headers: { cookie: await signIn(server.app) },
      })
    ).json().Screens as { name: string }[];
    expect(screens.map((s) => s.name)).toEqual(expect.arrayContaining(['licenses', 'users']));
    expect(screens.map((s) => s.name)).not.toContain('relations');
    expect((await save(issue({ modules: ['relations'] }))).status).toBe(200);
    expect((await post(server.app, '/mvc/relations/GetFlexData', {})).status).toBe(200);
    expect((await post(server.app, '/mvc/orders/GetFlexData', {})).body.Code).toBe('MODULE_INACTIVE');
  });
});
