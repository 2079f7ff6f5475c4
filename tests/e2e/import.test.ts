// Spreadsheet import in Chromium, as a back-office user meets it: on the Relaties overview,
// Importeren opens the start card with Relaties chosen; the template downloads as an .xlsx whose
// first row holds the field labels (its second row the notes); filled with four relations, one
// with a relation group that does not exist and a payment term that is no number, one with another
// relation group that does not exist, it is imported: Start waits for the file, the progress bar
// reaches 100, the result shows red with 2 created and 2 failed, the dialog lists the failed rows
// with all three problems (reached with the arrow keys), the output file holds the bad row's
// problems in its last column, and exactly two relations were added. The task then opens
// read-only from the importtasks grid, its failed rows with it.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import type { Download } from 'playwright-core';
import { ADMIN_PASSWORD } from '../integration/harness.ts';
import { screenshot } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';

let before: number;
let filled: Buffer;
let templateLabels: string[];

useProduct();

const MARK = 'E2EIMP';
const BAD_GROUP = 'GEENGROEP';
const OTHER_GROUP = 'OOKGEEN';

const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });
const bytesOf = async (download: Download) => readFile(await download.path());
const relationCount = async () =>
  Number((await product.server.engine.pool.query('SELECT count(*) AS n FROM relations')).rows[0].n);

async function sheetOf(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.worksheets[0];
}
const rowValues = (sheet: ExcelJS.Worksheet, n: number) =>
  (sheet.getRow(n).values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)));

it('signs in and opens Importeren on the Relaties overview, with Relaties chosen', async () => {
  before = await relationCount();
  await page.goto(product.url);
  await page.getByLabel('Gebruikersnaam').fill('admin');
  await page.getByLabel('Wachtwoord').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect.poll(() => page.getByRole('navigation', { name: 'Menu' }).count()).toBe(1);
  await page.goto(`${product.url}/?route=relations`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Relaties');
  await expect.poll(() => page.locator('.grid-count').first().textContent()).toMatch(/resultaten/);
  const open = page.getByRole('toolbar', { name: 'Bewerken' }).getByRole('button', { name: 'Importeren' });
  await open.click();
  const start = dialog('Importeren');
  await expect.poll(() => start.count()).toBe(1);
  const destination = start.getByLabel('Bestemming', { exact: true });
  await expect
    .poll(() => destination.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent))
    .toBe('Relaties');
  // Choosing the file is the first step: focus starts on its button.
  await expect
    .poll(() =>
      start.getByRole('button', { name: 'Bestand: Bestand kiezen' }).evaluate((el) => el === document.activeElement),
    )
    .toBe(true);
  expect(await start.getByRole('button', { name: 'Import starten' }).isDisabled()).toBe(true);
  // Past the fade-in.
  await page.waitForTimeout(400);
  await screenshot(page, 'import-start');
});

it('downloads the template: an .xlsx with the field labels in its first row and notes in its second', async () => {
  const start = dialog('Importeren');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    start.getByRole('button', { name: 'Sjabloon downloaden' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = await bytesOf(download);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  const sheet = await sheetOf(bytes);
  const labels = rowValues(sheet, 1);
  templateLabels = labels;
  expect(labels).toEqual(expect.arrayContaining(['Relatiecode', 'Naam', 'Relatiegroep']));
  const notes = rowValues(sheet, 2).filter(Boolean);
  expect(notes.length).toBeGreaterThan(0);
  for (const note of notes) expect(note.startsWith('[')).toBe(true);

  // Four relations under the labels; the third names a relation group that does not exist and a
  // payment term that is no number (two problems), the fourth another group that does not exist.
  expect(labels).toContain('Betalingstermijn');
  const column = (label: string) => labels.indexOf(label) + 1;
  const rows = [
    [`${MARK}01`, 'Import Een BV', '', ''],
    [`${MARK}02`, 'Import Twee BV', '', ''],
    [`${MARK}03`, 'Import Drie BV', BAD_GROUP, 'dertig'],
    [`${MARK}04`, 'Import Vier BV', OTHER_GROUP, ''],
  ];
  rows.forEach(([code, name, group, term], i) => {
    const row = sheet.getRow(3 + i);
    row.getCell(column('Relatiecode')).value = code;
    row.getCell(column('Naam')).value = name;
    if (group) row.getCell(column('Relatiegroep')).value = group;
    if (term) row.getCell(column('Betalingstermijn')).value = term;
    row.commit();
  });
  filled = Buffer.from(await sheet.workbook.xlsx.writeBuffer());
});

it('imports the file: Start after choosing it, the progress bar to 100, the result in red with the counts', async () => {
  const start = dialog('Importeren');
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    start.getByRole('button', { name: 'Bestand: Bestand kiezen' }).click(),
  ]);
  await chooser.setFiles({
    name: 'relaties-import.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: filled,
  });
  await expect.poll(() => start.getByText('relaties-import.xlsx').count()).toBe(1);
  const go = start.getByRole('button', { name: 'Import starten' });
  expect(await go.isDisabled()).toBe(false);
  await go.click();

  const card = dialog('Importtaak');
  await expect.poll(() => card.count()).toBe(1);
  const bar = card.getByRole('progressbar', { name: 'Voortgang' });
  await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 60_000 }).toBe('100');
  const result = card.locator('.import-result');
  await expect.poll(() => result.count(), { timeout: 30_000 }).toBe(1);
  expect(await result.getAttribute('class')).toContain('import-result--failure');
  expect(await result.locator('strong').textContent()).toBe('Geslaagd met fouten');
  const counts = await card.locator('.import-counts > div').allTextContents();
  expect(counts).toEqual(['Totaal4', 'Aangemaakt2', 'Bijgewerkt0', 'Mislukt2', 'Overgeslagen0']);
  expect(await card.locator('[data-state]').textContent()).toBe('Verwerkt');
  expect(await card.getByText('4 van 4 rijen').count()).toBe(1);
  await screenshot(page, 'import-finished');
});

it('lists the failed rows with every problem, in Dutch, each field by its label; the arrow keys go from row to row', async () => {
  const card = dialog('Importtaak');
  const failures = card.getByRole('region', { name: 'Mislukte rijen' });
  await expect.poll(() => failures.count()).toBe(1);
  const rows = failures.getByRole('row', { name: /^Rij \d+$/ });
  expect(await rows.count()).toBe(2);
  // Sheet rows 5 and 6: under the header and the notes row.
  expect(await rows.locator('th').allTextContents()).toEqual(['5', '6']);
  expect(await rows.nth(0).locator('td').first().textContent()).toContain(`Relatiecode: ${MARK}03`);
  expect(await rows.nth(0).getByRole('listitem').allTextContents()).toEqual([
    'Betalingstermijn: dit is geen getal in de gekozen notatie (zoals 1.234,5).',
    `Relatiegroep: de code ${BAD_GROUP} bestaat niet of kan niet worden gekozen.`,
  ]);
  expect(await rows.nth(1).getByRole('listitem').allTextContents()).toEqual([
    `Relatiegroep: de code ${OTHER_GROUP} bestaat niet of kan niet worden gekozen.`,
  ]);
  // One row is in the tab order; the arrow keys move between the rows.
  await rows.nth(0).focus();
  await page.keyboard.press('ArrowDown');
  expect(await rows.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await rows.nth(1).getAttribute('tabindex')).toBe('0');
  expect(await rows.nth(0).getAttribute('tabindex')).toBe('-1');
  await page.keyboard.press('Home');
  expect(await rows.nth(0).evaluate((el) => el === document.activeElement)).toBe(true);
  await screenshot(page, 'import-failed-rows');
});

it("downloads the output file: the bad row's problems in its last column", async () => {
  const card = dialog('Importtaak');
  const link = card.getByRole('link', { name: /^Uitvoerbestand .* downloaden$/ });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const sheet = await sheetOf(await bytesOf(download));
  const header = rowValues(sheet, 1);
  const codeColumn = header.indexOf('Relatiecode');
  const last = sheet.actualColumnCount;
  let message = '';
  sheet.eachRow((row, n) => {
    if (n > 1 && String(row.getCell(codeColumn + 1).value ?? '') === `${MARK}03`)
      message = String(row.getCell(last).value ?? '');
  });
  expect(message).toBe(
    `Betalingstermijn: dit is geen getal in de gekozen notatie (zoals 1.234,5). Relatiegroep: de code ${BAD_GROUP} bestaat niet of kan niet worden gekozen.`,
  );
});

it('added exactly the two good relations, which the overview shows at once', async () => {
  expect(await relationCount()).toBe(before + 2);
  const added = await product.server.engine.pool.query(
    `SELECT id, blocked FROM relations WHERE id LIKE '${MARK}%' ORDER BY id`,
  );
  // Fields the file left empty have their defaults, as a new relation in the form has them.
  expect(added.rows.map((r) => [r.id, r.blocked])).toEqual([
    [`${MARK}01`, false],
    [`${MARK}02`, false],
  ]);
  // The grid behind the dialog (active relations) reloaded when the import ended.
  const shown = page.getByRole('grid').first().locator('[role="row"][data-autoid]').filter({ hasText: MARK });
  await expect.poll(() => shown.count()).toBe(2);
});

it('closes with Escape, focus back on Importeren', async () => {
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog('Importtaak').count()).toBe(0);
  await expect
    .poll(() => page.getByRole('button', { name: 'Importeren' }).evaluate((el) => el === document.activeElement))
    .toBe(true);
});

it("exports the overview for import: the spreadsheet has the template's columns", async () => {
  await page.getByRole('button', { name: 'Exporteren' }).first().click();
  const menu = page.getByRole('menu', { name: 'Exporteren' });
  expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
    'Exporteren zoals getoond',
    'Exporteren voor import',
  ]);
  await menu.getByRole('menuitem', { name: 'Exporteren voor import' }).click();
  const notice = page.locator('.live-job');
  await expect.poll(() => notice.textContent(), { timeout: 60_000 }).toContain('Het bestand is klaar.');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    notice.getByRole('link', { name: /downloaden$/ }).click(),
  ]);
  const sheet = await sheetOf(await bytesOf(download));
  expect(rowValues(sheet, 1)).toEqual(templateLabels);
  await notice.getByRole('button', { name: 'Melding sluiten' }).click();
});

it('opens the task read-only from a row of the importtasks grid', async () => {
  await page.goto(`${product.url}/?route=importtasks`);
  const row = page.getByRole('grid').locator('[role="row"][data-autoid]').first();
  await expect.poll(() => row.count()).toBe(1);
  await row.click();
  const card = dialog('Importtaak');
  await expect.poll(() => card.locator('.import-result').count()).toBe(1);
  expect(await card.getByRole('progressbar', { name: 'Voortgang' }).getAttribute('aria-valuenow')).toBe('100');
  expect(await card.getByRole('link', { name: 'Invoerbestand relaties-import.xlsx downloaden' }).count()).toBe(1);
  // Its failed rows come with it, read again.
  const failed = card.getByRole('region', { name: 'Mislukte rijen' }).getByRole('row', { name: /^Rij \d+$/ });
  await expect.poll(() => failed.count()).toBe(2);
  // Read-only: no edit form, no cancel of a finished import.
  expect(await dialog('Bewerken').count()).toBe(0);
  expect(await card.getByRole('button', { name: 'Import annuleren' }).count()).toBe(0);
  await page.waitForTimeout(400);
  await screenshot(page, 'import-task-from-grid');
});
