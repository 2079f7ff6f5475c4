// Files and live events in Chromium, as a back-office user meets them: adds two documents to a
// relation in its documents tab (files chosen with the keyboard, kind and language required),
// finds them listed and downloads each under its own name with its own bytes (the PDF through
// the print-blob dialog); sees the relations grid mark itself out of date when someone else (a
// second session, through the API) changes a relation, and Vernieuwen show the change, while the
// user's own save does not; is told when the open relation is changed by someone else; and
// exports the grid, sees the notice finish and downloads the spreadsheet.
import { readFile } from 'node:fs/promises';
import { beforeAll, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { ADMIN_PASSWORD, post, signIn } from '../integration/harness.ts';
import { openPage, screenshot } from './browser.ts';
import { browser, page, product, useProduct } from './fixture.ts';

let other: string;
const ids: Record<string, number> = {};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const NOTES = Buffer.from('Afspraken met Acme:\n- levering op maandag\n- factuur per kwartaal\n');
const PDF_NAME = 'Offerte café 2026.pdf';
const NOTES_NAME = 'notities.txt';
const MARK = 'E2EF';

async function save(table: string, record: Record<string, unknown>): Promise<number> {
  const answer = await post(product.server.app, `/mvc/${table}/save`, record);
  if (answer.status !== 200) throw new Error(`saving ${table} failed: ${JSON.stringify(answer.body)}`);
  return answer.body.AutoID as number;
}

/** A second session of the administrator, elsewhere: what it changes is news to the page. */
async function otherSession(url: string, body: Record<string, unknown>) {
  const res = await product.server.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { cookie: other, 'content-type': 'application/json' },
  });
  if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body) as Record<string, unknown>;
}

async function renameElsewhere(autoid: number, Descr: string) {
  const item = await otherSession('/mvc/relations/GetItem', { autoid });
  await otherSession('/mvc/relations/save', { ...item, Descr });
}

useProduct();
beforeAll(async () => {
  ids.kind = await save('documentkinds', { ID: 'CONTRACT', Descr: 'Contract', ApplyToRelations: true });
  ids.acme = await save('relations', { ID: `${MARK}001`, Descr: 'Acme Files BV' });
  ids.bolt = await save('relations', { ID: `${MARK}002`, Descr: 'Bolt Events BV' });
  other = await signIn(product.server.app);
});

const record = () => page.locator('.app-record-screen');
const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });
const overview = () => page.getByRole('grid').first();
const rows = (grid = overview()) => grid.locator('[role="row"][data-autoid]');
const stale = () => page.locator('.grid-stale');

async function pick(scope: ReturnType<Page['locator']>, label: string, text: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await scope.getByRole('option', { name: text }).first().click();
}

async function bytesOf(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

it('signs in and opens a relation at its documents tab', async () => {
  await page.goto(product.url);
  await page.getByLabel('Gebruikersnaam').fill('admin');
  await page.getByLabel('Wachtwoord').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect.poll(() => page.getByRole('navigation', { name: 'Menu' }).count()).toBe(1);
  await page.goto(`${product.url}/?route=relations&id=${ids.acme}`);
  await expect.poll(() => record().locator('.detail-header-title').textContent()).toBe(`${MARK}001 - Acme Files BV`);
  await record().getByRole('tab', { name: 'Documenten' }).click();
  await expect.poll(() => record().getByRole('tabpanel').getByText('Geen resultaten').count()).toBe(1);
});

it('adds two documents: files chosen with the keyboard, kind and language required', async () => {
  await record().getByRole('tabpanel').getByRole('button', { name: 'Toevoegen' }).click();
  const add = dialog('Documenten toevoegen');
  await expect.poll(() => add.getByLabel('Documentsoort', { exact: true }).count()).toBe(1);
  // Choosing files is the first step: the dialog opens with focus on the button, Enter opens the chooser.
  const choose = add.getByRole('button', { name: 'Bestanden: Bestanden kiezen' });
  await expect.poll(() => choose.evaluate((el) => el === document.activeElement)).toBe(true);
  // The key goes to the button itself, whatever else the busy page is doing meanwhile.
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), choose.press('Enter')]);
  expect(chooser.isMultiple()).toBe(true);
  await chooser.setFiles([
    { name: PDF_NAME, mimeType: 'application/pdf', buffer: PDF },
    { name: NOTES_NAME, mimeType: 'text/plain', buffer: NOTES },
  ]);
  await expect.poll(() => add.getByRole('list', { name: 'Gekozen bestanden' }).locator('li').count()).toBe(2);
  const submit = add.getByRole('button', { name: 'Toevoegen', exact: true });
  // Kind and language are required (spec 2 section 5): nothing is sent before both are chosen.
  expect(await submit.isDisabled()).toBe(true);
  // The kind's picker offers the kinds that apply to relations: a manual (for objects and products) is not among them.
  await add.getByLabel('Documentsoort', { exact: true }).click();
  await expect.poll(() => add.getByRole('option', { name: 'Contract' }).count()).toBe(1);
  expect(await add.getByRole('option', { name: 'Algemeen' }).count()).toBe(1);
  expect(await add.getByRole('option', { name: 'Handleiding' }).count()).toBe(0);
  await pick(add, 'Documentsoort', 'Contract');
  expect(await submit.isDisabled()).toBe(true);
  await pick(add, 'Taal', 'Nederlands');
  await screenshot(page, 'documents-add');
  await submit.click();
  await expect.poll(() => add.count()).toBe(0);

  const grid = record().getByRole('tabpanel').getByRole('grid');
  await expect.poll(() => rows(grid).count()).toBe(2);
  const stored = await product.server.engine.pool.query<{
    descr: string;
    tablename: string;
    recordid: number;
    file_name: string;
  }>(`SELECT d.descr, d.tablename, d.recordid, f.file_name FROM documents d JOIN core_file f ON f.id::text = d.file`);
  expect(
    stored.rows
      .map((r) => [r.descr, r.tablename, Number(r.recordid), r.file_name])
      .sort((a, b) => (a[3] < b[3] ? -1 : 1)),
  ).toEqual([
    [PDF_NAME, 'relations', ids.acme, PDF_NAME],
    [NOTES_NAME, 'relations', ids.acme, NOTES_NAME],
  ]);
  await expect.poll(() => grid.getByRole('link', { name: NOTES_NAME }).count()).toBe(1);
  await screenshot(page, 'documents-listed');
});

it('downloads a document under its own name with its own bytes', async () => {
  const grid = record().getByRole('tabpanel').getByRole('grid');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    grid.getByRole('link', { name: NOTES_NAME }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(NOTES_NAME);
  expect((await bytesOf(download)).equals(NOTES)).toBe(true);
  // The record stays open: the link does not open the row.
  expect(await dialog('Bewerken').count()).toBe(0);
});

it('offers a PDF in the print-blob dialog, and saves it under its own name', async () => {
  const grid = record().getByRole('tabpanel').getByRole('grid');
  await grid.getByRole('link', { name: PDF_NAME }).click();
  const print = dialog(PDF_NAME);
  await expect.poll(() => print.count()).toBe(1);
  expect(await print.getByRole('button', { name: 'Afdrukken' }).count()).toBe(1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    print.getByRole('button', { name: 'Opslaan' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(PDF_NAME);
  expect((await bytesOf(download)).equals(PDF)).toBe(true);
  await expect.poll(() => print.count()).toBe(0);
});

it('tells of a change someone else made to the open relation, and reads it again', async () => {
  await renameElsewhere(ids.acme, 'Acme Files Holding');
  const notice = record().getByRole('alert').filter({ hasText: 'door iemand anders gewijzigd' });
  await expect.poll(() => notice.count()).toBe(1);
  await notice.getByRole('button', { name: 'Opnieuw laden' }).click();
  await expect
    .poll(() => record().locator('.detail-header-title').textContent())
    .toBe(`${MARK}001 - Acme Files Holding`);
  expect(await notice.count()).toBe(0);
  await page.keyboard.press('Escape');
  await expect.poll(() => record().count()).toBe(0);
});

it('marks the grid out of date when someone else changes a relation; Vernieuwen shows the change', async () => {
  await page.getByRole('searchbox', { name: 'Zoeken' }).first().fill(MARK);
  await expect.poll(() => rows().count()).toBe(2);
  expect(await stale().count()).toBe(0);
  await renameElsewhere(ids.bolt, 'Bolt Events Groep');
  await expect.poll(() => stale().count()).toBe(1);
  expect(await stale().textContent()).toContain('Deze gegevens zijn intussen gewijzigd.');
  // The rows stay as they were until the user asks.
  expect(await rows().filter({ hasText: 'Bolt Events BV' }).count()).toBe(1);
  await screenshot(page, 'grid-out-of-date');
  // Keyboard: the notice's Vernieuwen is a button in the tab order.
  await stale().getByRole('button', { name: 'Vernieuwen' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => rows().filter({ hasText: 'Bolt Events Groep' }).count()).toBe(1);
  expect(await stale().count()).toBe(0);
  // The view stays: still searched.
  expect(await page.getByRole('searchbox', { name: 'Zoeken' }).first().inputValue()).toBe(MARK);
  expect(await rows().count()).toBe(2);
});

it("does not mark the grid out of date for the user's own save", async () => {
  await rows().filter({ hasText: 'Bolt Events Groep' }).click();
  await record().getByLabel('Naam 2', { exact: true }).fill('Vestiging Oost');
  await record().locator('.app-modal-footer').getByRole('button', { name: 'Opslaan' }).click();
  await expect
    .poll(
      async () =>
        (await product.server.engine.pool.query('SELECT name2 FROM relations WHERE autoid = $1', [ids.bolt])).rows[0]
          .name2,
    )
    .toBe('Vestiging Oost');
  // The event of the save arrives like any other (often before the save's own answer); give it the time it takes.
  await page.waitForTimeout(1500);
  expect(await record().getByRole('alert').filter({ hasText: 'door iemand anders' }).count()).toBe(0);
  await page.keyboard.press('Escape');
  await expect.poll(() => record().count()).toBe(0);
  await page.waitForTimeout(500);
  expect(await stale().count()).toBe(0);
});

it('exports the grid, shows the notice finish and downloads the spreadsheet', async () => {
  await page.getByRole('button', { name: 'Exporteren' }).first().click();
  await page.getByRole('menuitem', { name: 'Exporteren zoals getoond' }).click();
  const notice = page.locator('.live-job');
  await expect.poll(() => notice.count()).toBe(1);
  await expect.poll(() => notice.textContent(), { timeout: 60_000 }).toContain('Het bestand is klaar.');
  await screenshot(page, 'export-finished');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    notice.getByRole('link', { name: /downloaden$/ }).click(),
  ]);
  // Named as the user knows the screen, in their language.
  expect(download.suggestedFilename()).toBe('Relaties.xlsx');
  const bytes = await bytesOf(download);
  // An .xlsx is a zip.
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  await notice.getByRole('button', { name: 'Melding sluiten' }).click();
  await expect.poll(() => notice.count()).toBe(0);
});

it("uploads a person's photo in the form: a preview of the chosen file, the stored image after saving", async () => {
  const status = (await product.server.engine.pool.query(`SELECT autoid FROM personstatuses WHERE id = 'ACTIEF'`))
    .rows[0].autoid;
  const person = await save('persons', {
    LastName: 'Foto',
    Descr: `${MARK} Piet Foto`,
    Status: Number(status),
    InService: '2020-01-01',
  });
  await page.goto(`${product.url}/?route=persons&id=${person}`);
  await expect.poll(() => record().locator('.detail-header-title').textContent()).toContain('Piet Foto');
  const choose = record().getByRole('button', { name: 'Foto: Bestand kiezen' });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), choose.click()]);
  await chooser.setFiles({ name: 'pasfoto.png', mimeType: 'image/png', buffer: PNG });
  const preview = record().getByRole('img', { name: 'Voorbeeld van pasfoto.png' });
  await expect.poll(() => preview.getAttribute('src')).toMatch(/^blob:/);
  expect(await record().getByText('70 B').count()).toBe(1);
  await record().locator('.app-modal-footer').getByRole('button', { name: 'Opslaan' }).click();
  await expect
    .poll(() => preview.getAttribute('src'))
    .toBe(`/mvc/persons/file?autoid=${person}&field=Photo&thumbnail=1`);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await page.waitForTimeout(1000);
  expect(await record().getByRole('alert').filter({ hasText: 'door iemand anders' }).count()).toBe(0);
  await screenshot(page, 'person-photo');
  const stored = await product.server.engine.pool.query(
    'SELECT f.file_name FROM persons p JOIN core_file f ON f.id::text = p.photo WHERE p.autoid = $1',
    [person],
  );
  expect(stored.rows.map((r) => r.file_name)).toEqual(['pasfoto.png']);
  await page.keyboard.press('Escape');
  await expect.poll(() => record().count()).toBe(0);
});

it('polls every 30 s in a browser without a stream, and still marks the grid out of date', async () => {
  const polling = await openPage(browser);
  await polling.addInitScript(() => {
    Reflect.deleteProperty(window, 'EventSource');
  });
  const polls: string[] = [];
  polling.on('request', (r) => {
    if (r.url().endsWith('/mvc/liveevents/poll')) polls.push(r.postData() ?? '');
  });
  await polling.goto(product.url);
  await polling.getByLabel('Gebruikersnaam').fill('admin');
  await polling.getByLabel('Wachtwoord').fill(ADMIN_PASSWORD);
  await polling.getByRole('button', { name: 'Inloggen' }).click();
  await expect.poll(() => polling.getByRole('navigation', { name: 'Menu' }).count()).toBe(1);
  await polling.goto(`${product.url}/?route=relations`);
  await polling.getByRole('searchbox', { name: 'Zoeken' }).first().fill(MARK);
  await expect.poll(() => polling.getByRole('grid').first().locator('[role="row"][data-autoid]').count()).toBe(2);
  // Each page load asks for the position at once; the first poll follows 30 s later, from it.
  const from = () => polls.map((body) => JSON.parse(body).LastReceived as string | undefined);
  await expect.poll(() => from().filter((p) => p === undefined).length).toBeGreaterThan(0);
  expect(from().filter((p) => p !== undefined)).toEqual([]);
  await renameElsewhere(ids.acme, 'Acme Files Polling');
  await expect.poll(() => polling.locator('.grid-stale').count(), { timeout: 40_000, interval: 1000 }).toBe(1);
  const positions = from().filter((p) => p !== undefined);
  expect(positions).toHaveLength(1);
  expect(positions[0]).toMatch(/^\d+$/);
  await polling.close();
}, 90_000);

it("signs the page out to the login with a notice when the user's sessions are ended elsewhere", async () => {
  const admin = (await product.server.engine.pool.query(`SELECT autoid FROM users WHERE username = 'admin'`)).rows[0]
    .autoid;
  const user = await otherSession('/mvc/users/GetItem', { autoid: Number(admin) });
  // A new password ends every session of the user, this page's too.
  await otherSession('/mvc/users/save', {
    ...user,
    Password: 'Nieuw-wachtwoord-1',
    PasswordRetype: 'Nieuw-wachtwoord-1',
  });
  await expect.poll(() => page.getByRole('button', { name: 'Inloggen' }).count()).toBe(1);
  await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Uw sessie is beëindigd' }).count()).toBe(1);
  await screenshot(page, 'session-ended');
});
