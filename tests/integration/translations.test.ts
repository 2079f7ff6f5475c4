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
  server = await startTestServer({ config: { packsDir: path.join(ROOT, 'definitions', 'packs'), packs: ['base', 'demo'] } });
  admin = await signIn(server.app);
}, 90_000);
afterAll(async () => {
  other?.kill('SIGTERM');
  await server?.close();
});

const english = async (base?: string, cookie = admin) => {
  const url = '/mvc/costcodes/GetForm';
  const headers = { cookie: `${cookie}; Culture=en` };
  const body = base ? await (await fetch(`${base}${url}`, { headers })).json() : (await server.app.inject({ method: 'GET', url, headers })).json();
  return body.Properties.find((p: { FieldName: string }) => p.FieldName === 'Descr').Label as string;
};

it('counts per language what is translated: the shipped packs are complete', async () => {
  const dashboard = (await post(server.app, '/mvc/translations/Dashboard', {})).body;
  expect(dashboard.Texts).toBeGreaterThan(1000);
  expect(dashboard.Languages.map((l: { Language: string; Missing: number; Stale: number }) => [l.Language, l.Missing, l.Stale])).toEqual(
    ['da', 'de', 'en', 'es', 'fr', 'pl', 'tr', 'zh'].map((l) => [l, 0, 0]),
  );
});

it('corrects a translation in this process and another at once, and removing the correction restores the pack\'s', async () => {
  const shipped = await english();
  const second = await secondProcess(server, { PACKS: 'base,demo' });
  other = second.child;
  const { base, cookie } = second;
  const dutch = (await server.app.inject({ method: 'GET', url: '/mvc/costcodes/GetForm', headers: { cookie: admin } })).json()
    .Properties.find((p: { FieldName: string }) => p.FieldName === 'Descr').Label as string;

  const saved = await post(server.app, '/mvc/translations/Save', { Language: 'en', Text: dutch, Translation: 'Cost centre <b>name</b>' });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body.Translation).toBe('Cost centre <b>name</b>');
  expect(await english()).toBe('Cost centre <b>name</b>');
  for (const start = Date.now(); (await english(base, cookie)) !== 'Cost centre <b>name</b>';) {
    if (Date.now() - start > 2000) throw new Error('the other process did not follow within 2 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  expect((await post(server.app, '/mvc/translations/Save', { Language: 'en', Text: dutch, Translation: '' })).status).toBe(200);
  expect(await english()).toBe(shipped);
});

it('refuses an unknown text, Dutch as a target, and a user without the right', async () => {
  expect((await post(server.app, '/mvc/translations/Save', { Language: 'en', Text: 'Bestaat niet in de definities', Translation: 'x' })).body.Key).toBe('request.unknown_text');
  expect((await post(server.app, '/mvc/translations/Save', { Language: 'nl', Text: 'Naam', Translation: 'x' })).body.Key).toBe('request.language');
  await post(server.app, '/mvc/users/save', { Username: 'vertaler', Password: 'Vertaler-pass-1', PasswordRetype: 'Vertaler-pass-1' });
  const cookie = await signIn(server.app, 'vertaler', 'Vertaler-pass-1');
  const res = await server.app.inject({ method: 'POST', url: '/mvc/translations/Save', headers: { cookie }, payload: { Language: 'en', Text: 'Naam', Translation: 'x' } });
  expect(res.statusCode).toBe(403);
});
