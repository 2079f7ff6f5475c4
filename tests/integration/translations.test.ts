// Translations corrected at run time: an administrator changes the translation of a definition
// text in the site layer, and the forms and menus of this process and of another answer it at
// once; the dashboard counts what is translated, missing and stale per language.
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { post, secondProcess, signIn, startTestServer, type TestServer } from './harness.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
let server: TestServer;
let other: ChildProcess | undefined;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({
    config: { packsDir: path.join(ROOT, 'definitions', 'packs'), packs: ['base', 'demo'] },
  });
  admin = await signIn(server.app);
}, 90_000);
afterAll(async () => {
  other?.kill('SIGTERM');
  await server?.close();
});

const english = async (base?: string, cookie = admin) => {
  const url = '/mvc/costcodes/GetForm';
  const headers = { cookie: `${cookie}; Culture=en` };
  const body = base
    ? await (await fetch(`${base}${url}`, { headers })).json()
    : (await server.app.inject({ method: 'GET', url, headers })).json();
  return body.Properties.find((p: { FieldName: string }) => p.FieldName === 'Descr').Label as string;
};

it('counts per language what is translated: the shipped packs are complete', async () => {
  const dashboard = (await post(server.app, '/mvc/translations/Dashboard', {})).body;
  expect(dashboard.Texts).toBeGreaterThan(1000);
  expect(
    dashboard.Languages.map((l: { Language: string; Missing: number; Stale: number }) => [
      l.Language,
      l.Missing,
      l.Stale,
    ]),
  ).toEqual(['da', 'de', 'en', 'es', 'fr', 'pl', 'tr', 'zh'].map((l) => [l, 0, 0]));
});

it("corrects a translation in this process and another at once, and removing the correction restores the pack's", async () => {
  const shipped = await english();
  const second = await secondProcess(server, { PACKS: 'base,demo' });
  other = second.child;
  const { base, cookie } = second;
  const dutch = (await server.app.inject({ method: 'GET', url: '/mvc/costcodes/GetForm', headers: { cookie: admin } }))
    .json()
    .Properties.find((p: { FieldName: string }) => p.FieldName === 'Descr').Label as string;

  const saved = await post(server.app, '/mvc/translations/Save', {
    Language: 'en',
    Text: dutch,
    Translation: 'Cost centre <b>name</b>',
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body.Translation).toBe('Cost centre <b>name</b>');
  expect(await english()).toBe('Cost centre <b>name</b>');
  for (const start = Date.now(); (await english(base, cookie)) !== 'Cost centre <b>name</b>';) {
    if (Date.now() - start > 2000) throw new Error('the other process did not follow within 2 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(
    (await post(server.app, '/mvc/translations/Save', { Language: 'en', Text: dutch, Translation: '' })).status,
  ).toBe(200);
  expect(await english()).toBe(shipped);
});

it('refuses an unknown text, Dutch as a target, and a user without the right', async () => {
  expect(
    (
      await post(server.app, '/mvc/translations/Save', {
        Language: 'en',
        Text: 'Bestaat niet in de definities',
        Translation: 'x',
      })
    ).body.Key,
  ).toBe('request.unknown_text');
  expect(
    (await post(server.app, '/mvc/translations/Save', { Language: 'nl', Text: 'Naam', Translation: 'x' })).body.Key,
  ).toBe('request.language');
  await post(server.app, '/mvc/users/save', {
    Username: 'vertaler',
    Password: 'Vertaler-pass-1',
    PasswordRetype: 'Vertaler-pass-1',
  });
  const cookie = await signIn(server.app, 'vertaler', 'Vertaler-pass-1');
  const res = await server.app.inject({
    method: 'POST',
    url: '/mvc/translations/Save',
    headers: { cookie },
    payload: { Language: 'en', Text: 'Naam', Translation: 'x' },
  });
  expect(res.statusCode).toBe(403);
});

const list = async (body: Record<string, unknown>) => {
  const res = await post(server.app, '/mvc/translations/List', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    Total: number;
    Items: { Source: string; Text: string; Dutch: string; Shipped: string | null; Corrected: string | null }[];
  };
};

it('lists the texts of a language from both sources, searched and filtered, a page at a time', async () => {
  const all = await list({ Language: 'de', Take: 5 });
  expect(all.Items).toHaveLength(5);
  expect(all.Total).toBeGreaterThan(1000);
  const runtime = await list({ Language: 'de', Source: 'runtime', Search: 'toevoegen', Take: 500 });
  expect(runtime.Items.map((e) => [e.Dutch, e.Shipped])).toContainEqual(['Toevoegen', 'Hinzufügen']);
  // A search finds the shipped translation too.
  expect(
    (await list({ Language: 'de', Source: 'runtime', Search: 'hinzufügen' })).Items.some(
      (e) => e.Dutch === 'Toevoegen',
    ),
  ).toBe(true);
  const definitions = await list({ Language: 'de', Source: 'definition', Search: 'Naam kostenplaats' });
  expect(definitions.Items).toContainEqual({
    Source: 'definition',
    Text: 'Naam kostenplaats',
    Dutch: 'Naam kostenplaats',
    Shipped: expect.any(String),
    Corrected: null,
  });
  expect((await list({ Language: 'de', Filter: 'missing' })).Total).toBe(0);
  expect((await list({ Language: 'de', Filter: 'corrected' })).Total).toBe(0);
  // Every list has its maximum.
  expect((await post(server.app, '/mvc/translations/List', { Language: 'de', Take: 10_000 })).status).toBe(400);
});

it('corrects a runtime string: answered compiled under the catalog id to anyone, and counted as corrected', async () => {
  const [entry] = (await list({ Language: 'en', Source: 'runtime', Search: '{current} van {total} rijen' })).Items;
  expect(entry.Shipped).toBe('{current} of {total} rows');
  const saved = await post(server.app, '/mvc/translations/Save', {
    Language: 'en',
    Source: 'runtime',
    Text: entry.Text,
    Translation: 'row {current} of {total}',
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  // Public: the sign-in page shows runtime strings too.
  const texts = (await server.app.inject({ method: 'GET', url: '/mvc/definitions/runtimetexts?language=en' })).json();
  expect(Object.values(texts.Messages)).toContainEqual(['row ', ['current'], ' of ', ['total']]);
  expect(
    (await server.app.inject({ method: 'GET', url: '/mvc/definitions/runtimetexts?language=de' })).json().Messages,
  ).toEqual({});
  const dashboard = (await post(server.app, '/mvc/translations/Dashboard', { Language: 'en' })).body;
  expect(dashboard.Languages[0]).toMatchObject({ Language: 'en', Corrected: 1, Missing: 0 });
  expect((await list({ Language: 'en', Filter: 'corrected' })).Items).toEqual([
    { ...entry, Corrected: 'row {current} of {total}' },
  ]);
  expect(
    (
      await post(server.app, '/mvc/translations/Save', {
        Language: 'en',
        Source: 'runtime',
        Text: entry.Text,
        Translation: null,
      })
    ).status,
  ).toBe(200);
  expect(
    (await server.app.inject({ method: 'GET', url: '/mvc/definitions/runtimetexts?language=en' })).json().Messages,
  ).toEqual({});
});

it("refuses a runtime translation that drops a placeholder or is no valid message, on the field, in the user's language; nothing is written", async () => {
  const [entry] = (await list({ Language: 'en', Source: 'runtime', Search: '{current} van {total} rijen' })).Items;
  const headers = { cookie: `${admin}; Culture=de` };
  const dropped = await server.app.inject({
    method: 'POST',
    url: '/mvc/translations/Save',
    headers,
    payload: { Language: 'en', Source: 'runtime', Text: entry.Text, Translation: 'results' },
  });
  expect(dropped.statusCode).toBe(400);
  expect(dropped.json().ModelState.Translation).toEqual([
    'Die Übersetzung muss dieselben Platzhalter enthalten wie der Ausgangstext: {current} {total}.',
  ]);
  const broken = await server.app.inject({
    method: 'POST',
    url: '/mvc/translations/Save',
    headers,
    payload: { Language: 'en', Source: 'runtime', Text: entry.Text, Translation: '{current of {total}' },
  });
  expect(broken.statusCode).toBe(400);
  expect(broken.json().TranslationModelState.ModelState.Translation[0].Key).toBe('translation.syntax');
  expect((await list({ Language: 'en', Filter: 'corrected' })).Total).toBe(0);
});

it('shows a correction of a text that is gone as stale, and lets it be removed', async () => {
  // As after an upgrade that changed a Dutch text: the site layer still holds its translation.
  await server.engine.pool.query(
    "INSERT INTO core_site_definition (kind, name, body, modified_by, modified_at) VALUES ('locale', 'fr', $1, 'test', now())",
    [{ language: 'fr', messages: { 'Een tekst die niet meer bestaat': 'Un texte disparu' } }],
  );
  await server.engine.registry.refresh();
  const dashboard = (await post(server.app, '/mvc/translations/Dashboard', { Language: 'fr' })).body;
  expect(dashboard.Languages[0]).toMatchObject({
    Stale: 1,
    StaleTexts: [{ Source: 'definition', Text: 'Een tekst die niet meer bestaat' }],
  });
  expect(
    (
      await post(server.app, '/mvc/translations/Save', {
        Language: 'fr',
        Text: 'Een tekst die niet meer bestaat',
        Translation: null,
      })
    ).status,
  ).toBe(200);
  expect((await post(server.app, '/mvc/translations/Dashboard', { Language: 'fr' })).body.Languages[0].Stale).toBe(0);
  // Only removal: a stale text cannot be given a new translation.
  expect(
    (
      await post(server.app, '/mvc/translations/Save', {
        Language: 'fr',
        Text: 'Een tekst die niet meer bestaat',
        Translation: 'x',
      })
    ).body.Key,
  ).toBe('request.unknown_text');
});

it('offers the translation tasks in the menu only to who holds the right', async () => {
  const names = async (cookie: string) =>
    (
      (await server.app.inject({ method: 'GET', url: '/mvc/definitions/screens', headers: { cookie } })).json()
        .Screens as { name: string }[]
    ).map((s) => s.name);
  expect(await names(admin)).toEqual(expect.arrayContaining(['translations', 'translationdashboard']));
  const cookie = await signIn(server.app, 'vertaler', 'Vertaler-pass-1');
  expect(await names(cookie)).not.toContain('translations');
  expect(
    (
      await server.app.inject({
        method: 'POST',
        url: '/mvc/translations/List',
        headers: { cookie },
        payload: { Language: 'en' },
      })
    ).statusCode,
  ).toBe(403);
  expect(
    (await server.app.inject({ method: 'POST', url: '/mvc/translations/Dashboard', headers: { cookie }, payload: {} }))
      .statusCode,
  ).toBe(403);
});
