// From a delivered order to the books, as a back-office user does it in Chromium: Factureren on
// the order makes its invoice and offers to open it; the invoice is completed (numbered, then
// read-only) and its e-invoice made; its sales journal is there under Journaalposten; voided with a reason, the invoice
// is posted in reverse.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseTransition } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';

useProduct({ signIn: true });

const ORDER = 'BE-ORD-00003';
/** The first row a query answers; its columns are what the test reads of the database. */
async function one(text: string, values: unknown[] = []): Promise<Record<string, unknown>> {
  const row: Record<string, unknown> | undefined = (await product.server.engine.pool.query(text, values)).rows[0];
  if (!row) throw new Error(`no row: ${text}`);
  return row;
}
const textOf = (value: unknown): string => (typeof value === 'string' ? value : String(value));
/** Waits for what the user sees: a screen's calls may take longer than expect.poll's default second. */
const poll = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });

const menu = () => page.getByRole('navigation', { name: 'Menu' });
const overview = () => page.getByRole('grid').first();
const rows = () => overview().locator('[role="row"][data-autoid]');
const record = () => page.locator('.app-record-screen');
const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });
const recordActions = () => record().getByRole('toolbar', { name: 'Acties' });
const panel = () => record().getByRole('tabpanel');
const childRows = () => panel().getByRole('grid').locator('[role="row"][data-autoid]');

async function openScreen(name: string) {
  await menu().getByRole('searchbox').fill(name);
  await menu().getByRole('button', { name, exact: true }).click();
  await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
  await menu().getByRole('searchbox').fill('');
}

async function chooseDataSet(name: string) {
  await page.getByRole('group', { name: 'Gegevensset' }).getByRole('button', { name, exact: true }).click();
}

async function search(text: string) {
  await page.getByRole('searchbox', { name: 'Zoeken' }).first().fill(text);
  await poll(() => rows().filter({ hasText: text }).count()).toBe(1);
  return rows().filter({ hasText: text });
}

async function pick(scope: ReturnType<Page['locator']>, label: string, text: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await scope.getByRole('option', { name: text }).first().click();
}

it('invoices a delivered order and opens the invoice it made', async () => {
  await openScreen('Orders');
  await chooseDataSet('Alle');
  const order = await search(ORDER);
  await order.getByRole('checkbox', { name: 'Rij selecteren' }).check();
  await page.getByRole('group', { name: 'Acties' }).first().getByRole('button', { name: 'Factureren' }).click();
  // It asks up to which date rental periods are billed, starting at today.
  const asked = dialog('Factureren');
  await poll(() => asked.getByLabel('Factureren tot en met', { exact: true }).inputValue()).not.toBe('');
  await asked.getByRole('button', { name: 'Uitvoeren' }).click();
  const result = dialog('Factureren');
  // The result stays up: it offers the invoice it made.
  await poll(() => result.getByText('Gelukt').count()).toBe(1);
  await result.getByRole('button', { name: 'Openen' }).click();
  const invoice = dialog('Facturen');
  const descr = textOf((await one(`SELECT descr FROM orders WHERE id = $1`, [ORDER])).descr);
  await poll(() => invoice.getByLabel('Omschrijving', { exact: true }).inputValue()).toBe(descr);
  await invoice.locator('.app-modal-footer').getByRole('button', { name: 'Sluiten' }).click();
  await result.locator('.app-modal-footer').getByRole('button', { name: 'Sluiten' }).click();
  await poll(() => result.count()).toBe(0);
});

it('completes the invoice: numbered, read-only, posted under Journaalposten', async () => {
  const made = await one(
    `SELECT i.autoid, i.descr, count(l.autoid)::int AS lines FROM invoices i JOIN invoicelines l ON l.invoice = i.autoid
      JOIN orders o ON o.autoid = l."order" WHERE o.id = $1 GROUP BY i.autoid, i.descr`,
    [ORDER],
  );
  expect(made.lines).toBe(3);
  await openScreen('Facturen');
  await chooseDataSet('Alle');
  await (await search(textOf(made.descr))).click();
  await poll(() => record().count()).toBe(1);
  await record().getByRole('tab', { name: 'Factuurregels' }).click();
  await poll(() => childRows().count()).toBe(3);
  await chooseTransition(recordActions(), 'Afronden');
  await poll(() => recordActions().textContent()).toContain('Status: Afgerond');
  await poll(() => record().getByRole('note').first().textContent()).toBe(
    'Dit item heeft de status Afgerond en kan niet meer worden gewijzigd.',
  );
  // Its lines can no longer be added to.
  expect(await panel().getByRole('button', { name: 'Toevoegen' }).count()).toBe(0);
  const number = textOf((await one(`SELECT id FROM invoices WHERE autoid = $1`, [made.autoid])).id);
  expect(number).toMatch(/^BE-FAC-\d{5}$/);
  // Its e-invoice: a UBL document of the completed invoice.
  await recordActions().getByRole('button', { name: 'E-factuur maken' }).click();
  await poll(() => dialog('E-factuur maken').count()).toBe(0);
  const einvoice = await one(`SELECT count(*)::int AS n FROM einvoices WHERE invoice = $1`, [made.autoid]);
  expect(einvoice.n).toBe(1);

  await page.keyboard.press('Escape');
  await openScreen('Journaalposten');
  await (await search(number)).click();
  await poll(() => record().count()).toBe(1);
  await record().getByRole('tab', { name: 'Regels' }).click();
  // Revenue (and VAT, where there is any) per line, and the debtor.
  const posted = await one(
    `SELECT count(*)::int AS n FROM journallines WHERE journal = (SELECT autoid FROM journals WHERE invoice = $1)`,
    [made.autoid],
  );
  expect(posted.n).toBeGreaterThanOrEqual(4);
  await poll(() => childRows().count()).toBe(posted.n);
  await poll(() => recordActions().textContent()).toContain('Status: Geboekt');
  await page.keyboard.press('Escape');
});

it('voids the completed invoice with a reason, posting the reverse', async () => {
  const made = await one(
    `SELECT DISTINCT i.autoid, i.id FROM invoices i JOIN invoicelines l ON l.invoice = i.autoid
      JOIN orders o ON o.autoid = l."order" WHERE o.id = $1`,
    [ORDER],
  );
  await openScreen('Facturen');
  await chooseDataSet('Alle');
  await (await search(textOf(made.id))).click();
  await poll(() => record().count()).toBe(1);
  await chooseTransition(recordActions(), 'Vervallen verklaren');
  const prompt = dialog('Vervallen verklaren');
  await pick(prompt, 'Reden', 'Dubbel gefactureerd');
  await prompt.getByRole('button', { name: 'Uitvoeren' }).click();
  await poll(() => prompt.count()).toBe(0);
  await poll(() => recordActions().textContent()).toContain('Status: Vervallen');
  const books = await one(
    `SELECT count(DISTINCT j.autoid)::int AS journals,
            sum(coalesce(l.debit, 0) - coalesce(l.credit, 0))::float AS net
       FROM journals j JOIN journallines l ON l.journal = j.autoid WHERE j.invoice = $1`,
    [made.autoid],
  );
  expect(books).toEqual({ journals: 2, net: 0 });
});
