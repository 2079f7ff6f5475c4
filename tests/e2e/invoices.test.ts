// A back-office user makes a sales invoice in Chromium: a new invoice for a customer, a line whose
// article fills its description, price and VAT code, the invoice's total following in the header,
// a concept asked, and the invoice voided with a reason that stays on it.
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { post } from '../integration/harness.ts';
import { chooseTransition, signInAt } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';

async function save(table: string, record: Record<string, unknown>): Promise<number> {
  const answer = await post(product.server.app, `/mvc/${table}/save`, record);
  if (answer.status !== 200) throw new Error(`saving ${table} failed: ${JSON.stringify(answer.body)}`);
  return answer.body.AutoID as number;
}
const one = async (text: string, values: unknown[] = []) =>
  (await product.server.engine.pool.query(text, values)).rows[0];

useProduct();
beforeAll(async () => {
  await save('relations', { ID: 'E2E-FACTKLANT', Descr: 'E2E Factuurklant' });
  await save('vatcodes', { ID: 'E2E-F21', Descr: 'E2E factuur btw hoog', Percentage: 21 });
  const vat = Number((await one(`SELECT autoid FROM vatcodes WHERE id = 'E2E-F21'`)).autoid);
  const status = Number((await one(`SELECT autoid FROM productstatuses WHERE id = 'ACTIEF'`)).autoid);
  await save('products', {
    ProductType: 'sale',
    ID: 'E2E-FACTHEK',
    Descr: 'E2E Factuurhek',
    Status: status,
    Price: 40,
    Vat: vat,
  });
});

/** Waits for what the user sees: a screen's calls may take longer than expect.poll's default second. */
const poll = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });

const menu = () => page.getByRole('navigation', { name: 'Menu' });
const record = () => page.locator('.app-record-screen');
const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });
const panel = () => record().getByRole('tabpanel');
const childRows = () => panel().getByRole('grid').locator('[role="row"][data-autoid]');
const footerSave = () => record().locator('.app-modal-footer').getByRole('button', { name: 'Opslaan' });
const recordActions = () => record().getByRole('toolbar', { name: 'Acties' });
const header = (label: string) =>
  record()
    .locator('.detail-header-field')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .textContent();

async function pick(scope: ReturnType<Page['locator']>, label: string, text: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await scope.getByRole('option', { name: text }).first().click();
}

it('makes an invoice with a line and sees its total', async () => {
  await signInAt(page, product.url);
  await menu().getByRole('searchbox').fill('Facturen');
  await menu().getByRole('button', { name: 'Facturen', exact: true }).click();
  await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Facturen');
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  await poll(() => record().count()).toBe(1);
  await record().getByLabel('Omschrijving', { exact: true }).fill('E2E Hekken november');
  await pick(record(), 'Factuurrelatie', 'E2E Factuurklant');
  await footerSave().click();
  await poll(() => footerSave().count()).toBe(0);
  await poll(() => recordActions().textContent()).toContain('Status: Nieuw');

  await record().getByRole('tab', { name: 'Factuurregels' }).click();
  await panel().getByRole('button', { name: 'Toevoegen' }).click();
  const form = dialog('Toevoegen');
  await poll(() => form.getByLabel('Factuur', { exact: true }).inputValue()).toContain('E2E Hekken november');
  await pick(form, 'Artikel', 'E2E Factuurhek');
  // Choosing the article fills the line from it before anything is saved.
  await poll(() => form.getByLabel('Omschrijving', { exact: true }).inputValue()).toBe('E2E Factuurhek');
  await form.getByLabel('Aantal', { exact: true }).fill('5');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await poll(() => form.count()).toBe(0);
  await poll(() => childRows().count()).toBe(1);
  // 5 x 40 with 21 % VAT.
  await poll(() => header('Totaal incl. btw')).toBe('242,00');
});

it('asks a concept and voids the invoice with a reason', async () => {
  await chooseTransition(recordActions(), 'Concept aanvragen');
  await poll(() => recordActions().textContent()).toContain('Status: Conceptaanvraag');
  await chooseTransition(recordActions(), 'Vervallen verklaren');
  const prompt = dialog('Vervallen verklaren');
  // Its picker offers reasons of kind void only: "Vervangen" finds an invoice's reason, not a product's.
  const reason = prompt.getByLabel('Reden', { exact: true });
  await reason.click();
  await reason.fill('Vervangen');
  await poll(() => prompt.getByRole('option', { name: 'Vervangen door een nieuwe factuur' }).count()).toBe(1);
  expect(await prompt.getByRole('option', { name: 'Vervangen door nieuwer model' }).count()).toBe(0);
  await pick(prompt, 'Reden', 'Dubbel gefactureerd');
  await prompt.getByLabel('Toelichting', { exact: true }).fill('E2E tweemaal verstuurd');
  await prompt.getByRole('button', { name: 'Uitvoeren' }).click();
  await poll(() => dialog('Vervallen verklaren').count()).toBe(0);
  await poll(() => recordActions().textContent()).toContain('Status: Vervallen');
  expect(
    await one(
      `SELECT i.status, i.voidcomment, r.id AS reason FROM invoices i JOIN reasons r ON r.autoid = i.voidreason
        WHERE i.descr = 'E2E Hekken november'`,
    ),
  ).toEqual({ status: 'voided', voidcomment: 'E2E tweemaal verstuurd', reason: 'FAC-DUBBEL' });
});
