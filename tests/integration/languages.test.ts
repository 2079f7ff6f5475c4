// Definitions and server messages in the user's language: the culture cookie, else the browser's
// Accept-Language, else Dutch; a text without a translation stays Dutch, never a key.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server.app);
});
afterAll(async () => {
  await server?.close();
});

const call = async (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload: unknown = {}) => {
  const res = await server.app.inject({
    method,
    url,
    headers: { ...headers, cookie: `${admin}${headers.cookie ? `; ${headers.cookie}` : ''}` },
    ...(method === 'POST' ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() };
};
const label = (form: { Properties: { FieldName: string; Label: string }[] }, name: string) =>
  form.Properties.find((p) => p.FieldName === name)?.Label;

it("answers GetForm, grid column titles and the screens in the culture cookie's language, Dutch where a text has none", async () => {
  const form = (await call('GET', '/mvc/products/GetForm', { cookie: 'Culture=en' })).body;
  expect(label(form, 'ID')).toBe('Item number');
  expect(label(form, 'Price')).toBe('Price');
  // No English for it in any pack: the Dutch text, never a key.
  expect(label(form, 'Barcode')).toBe('Streepjescode');
  const grid = (
    await call(
      'POST',
      '/mvc/products/GetFlexData',
      { cookie: 'Culture=c%3Den%7Cuic%3Den' },
      { flexGridLayoutColumns: ['ID', 'Stock'] },
    )
  ).body;
  expect(grid.Meta.Columns.map((c: { Title: string }) => c.Title)).toEqual(['Item number', 'Stock']);
  // The system columns have titles of their own, in the user's language too.
  const titles = async (cookie: string) =>
    (
      (
        await call(
          'POST',
          '/mvc/products/GetFlexData',
          { cookie },
          { flexGridLayoutColumns: ['CreateDate', 'CreatedBy', 'ModifiedBy'] },
        )
      ).body.Meta.Columns as { Title: string }[]
    ).map((c) => c.Title);
  expect(await titles('Culture=nl')).toEqual(['Aangemaakt op', 'Aangemaakt door', 'Gewijzigd door']);
  expect(await titles('Culture=de')).toEqual(['Erstellt am', 'Erstellt von', 'Geändert von']);
  // The core pack's screens, by the core pack's own English.
  const screens = (await call('GET', '/mvc/definitions/screens', { cookie: 'Culture=en' })).body.Screens as {
    name: string;
    title: string;
  }[];
  const { readFileSync } = await import('node:fs');
  const core = JSON.parse(
    readFileSync(new URL('../../definitions/packs/core/locales/en.json', import.meta.url), 'utf8'),
  ).messages;
  expect(screens.find((s) => s.name === 'importtasks')?.title).toBe(core.Importtaken);
  expect(core.Importtaken).not.toBe('Importtaken');
});

it("takes the browser's language without a cookie, and Dutch for an unknown or hostile cookie", async () => {
  expect(
    label(
      (await call('GET', '/mvc/products/GetForm', { 'accept-language': 'fr;q=0.5, de-DE;q=0.9, en;q=0.1' })).body,
      'Price',
    ),
  ).toBe('Preis');
  expect(
    label(
      (await call('GET', '/mvc/products/GetForm', { cookie: 'Culture=xx', 'accept-language': 'en' })).body,
      'Price',
    ),
  ).toBe('Price');
  expect(label((await call('GET', '/mvc/products/GetForm', { cookie: 'Culture=%3Cscript%3E' })).body, 'Price')).toBe(
    'Prijs',
  );
  expect(label((await call('GET', '/mvc/products/GetForm', {})).body, 'Price')).toBe('Prijs');
});

it("answers an error in the user's language, with its key and arguments", async () => {
  const answer = await call('POST', '/mvc/products/save', { cookie: 'Culture=en' }, { Descr: 'Zonder nummer' });
  expect(answer.status).toBe(400);
  // The field by its label in the user's language, not its internal name.
  expect(answer.body.ModelState.ID[0]).toMatch(/required/i);
  expect(answer.body.ModelState.ID[0]).toContain('Item number');
  expect(answer.body.TranslationModelState.ModelState.ID[0].Key).toBe('validation.required');
  const german = await call('POST', '/mvc/nosuchtable/GetFlexData', { cookie: 'Culture=de' });
  expect(german.status).toBe(404);
  expect(german.body.Error).not.toBe((await call('POST', '/mvc/nosuchtable/GetFlexData', {})).body.Error);
});

it('offers every language when no table lists the content languages, before sign-in too', async () => {
  const res = await server.app.inject({ method: 'GET', url: '/mvc/definitions/languages' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ Languages: ['nl', 'da', 'de', 'en', 'es', 'fr', 'pl', 'tr', 'zh'], Default: 'nl' });
});
