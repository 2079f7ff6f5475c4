// Printing in Chromium: an invoice opened from its grid offers "Afdrukken" with the invoice report
// in each content language; choosing it opens the print-blob dialog with the PDF the server made.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { post } from '../integration/harness.ts';
import { signInAt } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';

async function save(table: string, record: Record<string, unknown>): Promise<number> {
  const answer = await post(product.server.app, `/mvc/${table}/save`, record);
  if (answer.status !== 200) throw new Error(`saving ${table} failed: ${JSON.stringify(answer.body)}`);
  return Number(answer.body.AutoID);
}

let invoice = 0;
useProduct();
beforeAll(async () => {
  const customer = await save('relations', { ID: 'E2E-PRINTKLANT', Descr: 'E2E Printklant' });
  invoice = await save('invoices', {
    Descr: 'E2E Afdrukfactuur',
    InvoiceRelation: customer,
    InvoiceDate: '2026-11-30',
  });
  await save('contracts', {
    Relation: customer,
    CustomerReference: 'E2E-GRAFIEK',
    StartDate: '2026-02-01',
    ContractPrice: 75,
  });
});

const poll = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });
const menu = () => page.getByRole('navigation', { name: 'Menu' });
const record = () => page.locator('.app-record-screen');

it('prints an invoice from its record: the dialog holds the PDF to view, print or save', async () => {
  await signInAt(page, product.url);
  await menu().getByRole('searchbox').fill('Facturen');
  await menu().getByRole('button', { name: 'Facturen', exact: true }).click();
  await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Facturen');
  await page.getByRole('searchbox', { name: 'Zoeken' }).first().fill('E2E Afdrukfactuur');
  const row = page
    .getByRole('grid')
    .first()
    .locator('[role="row"][data-autoid]')
    .filter({ hasText: 'E2E Afdrukfactuur' });
  await poll(() => row.count()).toBe(1);
  await row.click();
  await poll(() => record().count()).toBe(1);

  await record().getByRole('button', { name: 'Afdrukken' }).click();
  const choices = page.getByRole('menuitem');
  // The user's own language first, then the others the report is offered in.
  await poll(() => choices.first().textContent()).toBe('Factuur (Nederlands)');
  await poll(() => choices.filter({ hasText: 'Factuur (Engels)' }).count()).toBe(1);
  await choices.first().click();
  const dialog = page.getByRole('dialog', { name: `Factuur ${invoice}.pdf` });
  await poll(() => dialog.count()).toBe(1);
  await poll(() => dialog.getByRole('button', { name: 'Afdrukken' }).count()).toBe(1);
  // Saved from the dialog, the file is the PDF the server made.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Opslaan' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Factuur ${invoice}.pdf`);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
});

it('shows a chart of a dashboard with a table of the same numbers', async () => {
  // A fresh start of the product, signed in still, without the record of the test before.
  await page.goto(product.url);
  await poll(() => menu().getByRole('searchbox').count()).toBe(1);
  await menu().getByRole('searchbox').fill('Contractdashboard');
  await menu().getByRole('button', { name: 'Contractdashboard', exact: true }).click();
  const figure = page.getByRole('figure', { name: 'Contracten per status' });
  await poll(() => figure.count()).toBe(1);
  // The drawing (recharts' SVG) is there, hidden from screen readers; the table says its numbers.
  await poll(() => figure.locator('svg.recharts-surface').count()).toBe(1);
  const table = page.getByRole('table', { name: 'Contractprijs per contractsoort' });
  await poll(() => table.getByRole('columnheader').allTextContents()).toEqual(['Groep', 'Contractprijs']);
  // Each group's sum in the user's number format (a whole sum without decimals, a part with a comma).
  await poll(async () => (await table.getByRole('cell').allTextContents()).length).toBeGreaterThanOrEqual(2);
  const sums = (await table.getByRole('cell').allTextContents()).filter((_, i) => i % 2 === 1);
  for (const sum of sums) expect(sum).toMatch(/^[\d.]+(,\d{1,2})?$/);
});
