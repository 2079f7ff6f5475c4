// A back-office user works through a system table in Chromium: open it from the menu, add,
// find, filter, sort, edit, meet a server validation error, archive, delete two records, and be
// stopped before losing unsaved changes.
import { expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../integration/harness.ts';
import { screenshot } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';

useProduct();

const grid = () => page.getByRole('grid');
const dataRows = () => grid().locator('[role="row"][data-autoid]');
const dialog = (name: string) => page.getByRole('dialog', { name });

async function addCostCode(code: string, name: string, budget?: string) {
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  const form = dialog('Toevoegen');
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByLabel('Naam kostenplaats', { exact: true }).fill(name);
  if (budget) await form.getByLabel('Budget', { exact: true }).fill(budget);
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect.poll(() => form.count()).toBe(0);
}

it('signs in and opens a system table from the menu', async () => {
  await page.goto(product.url);
  await page.getByLabel('Gebruikersnaam').fill('admin');
  await page.getByLabel('Wachtwoord').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page
    .getByRole('navigation', { name: 'Menu' })
    .getByRole('button', { name: 'Kostenplaatsen', exact: true })
    .click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Kostenplaatsen');
  await expect.poll(() => page.getByText('Geen resultaten').count()).toBe(1);
});

it('adds records through the form and sees them in the grid', async () => {
  await addCostCode('KP-100', 'Werkplaats Noord', '2500');
  await expect.poll(() => page.getByRole('status').first().textContent()).toBeTruthy();
  await addCostCode('KP-200', 'Werkplaats Zuid', '50');
  await addCostCode('KP-300', 'Kantoor', '900');
  await expect.poll(() => dataRows().count()).toBe(3);
  await screenshot(page, 'grid-costcodes');
});

it('searches, filters with an advanced filter and sorts', async () => {
  await page.getByLabel('Zoeken', { exact: true }).fill('werkplaats');
  await expect.poll(() => dataRows().count()).toBe(2);
  await page.getByLabel('Zoeken', { exact: true }).fill('');
  await expect.poll(() => dataRows().count()).toBe(3);

  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await page.getByRole('button', { name: 'Filter toevoegen' }).click();
  const filters = page.getByRole('group', { name: 'Geavanceerde filters' });
  await filters.getByLabel('Veld').selectOption({ label: 'Budget' });
  await filters.getByLabel('Operator').selectOption('>');
  await filters.getByLabel('Waarde').fill('100');
  await expect.poll(() => dataRows().count()).toBe(2);
  await page.getByRole('button', { name: 'Filters wissen' }).click();
  await expect.poll(() => dataRows().count()).toBe(3);

  const header = grid().getByRole('columnheader', { name: /Naam kostenplaats/ });
  await header.click();
  await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
  await expect.poll(() => dataRows().first().textContent()).toContain('Kantoor');
  await header.click();
  await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
  await expect.poll(() => dataRows().first().textContent()).toContain('Zuid');
});

it('edits a record and shows the server validation error under its field', async () => {
  await dataRows().filter({ hasText: 'KP-300' }).click();
  const form = dialog('Bewerken');
  await form.getByLabel('Code', { exact: true }).fill('KP-100');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  // The unique code is the server's rule; the message names the field by its label.
  await expect.poll(() => form.getByText('De waarde van Code bestaat al.').count()).toBe(1);
  await screenshot(page, 'form-costcode-error');
  await form.getByLabel('Code', { exact: true }).fill('KP-301');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect.poll(() => form.count()).toBe(0);
  await expect.poll(() => dataRows().filter({ hasText: 'KP-301' }).count()).toBe(1);
});

it('archives a record and finds it by switching the data source', async () => {
  await dataRows().filter({ hasText: 'KP-301' }).click();
  const form = dialog('Bewerken');
  await form.getByLabel('Archief', { exact: true }).check();
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect.poll(() => dataRows().count()).toBe(2);
  await page.getByLabel('Gegevensbron').selectOption('1');
  await expect.poll(() => dataRows().count()).toBe(1);
  await page.getByLabel('Gegevensbron').selectOption('2');
  await expect.poll(() => dataRows().count()).toBe(3);
  await page.getByLabel('Gegevensbron').selectOption('0');
  await expect.poll(() => dataRows().count()).toBe(2);
});

it('asks before losing unsaved changes', async () => {
  await dataRows().filter({ hasText: 'KP-100' }).click();
  const form = dialog('Bewerken');
  await form.getByLabel('Naam kostenplaats', { exact: true }).fill('Gewijzigd');
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByText('U heeft nog wijzigingen die niet zijn opgeslagen.').count()).toBe(1);
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await expect.poll(() => form.count()).toBe(1);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Niet opslaan' }).click();
  await expect.poll(() => form.count()).toBe(0);
  await expect.poll(() => dataRows().filter({ hasText: 'Gewijzigd' }).count()).toBe(0);
});

it('deletes two records after confirming with the count', async () => {
  await dataRows().nth(0).getByRole('checkbox').check();
  await dataRows().nth(1).getByRole('checkbox').check();
  await dataRows().nth(0).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Verwijderen' }).click();
  await expect.poll(() => page.getByText('Weet u zeker dat u 2 rijen wilt verwijderen?').count()).toBe(1);
  await page.getByRole('dialog').getByRole('button', { name: 'Ja', exact: true }).click();
  await expect.poll(() => page.getByText('Geen resultaten').count()).toBe(1);
  const left = await product.server.engine.pool.query('SELECT count(*)::int AS n FROM costcodes WHERE NOT archive');
  expect(left.rows[0].n).toBe(0);
});
