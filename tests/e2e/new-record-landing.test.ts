// A record made on a detail screen stays within reach: a new order is a basket, which the Orders
// screen's default data set (Open) does not show, so once the record closes the grid says where it
// landed, goes there and points the row out; a basket placed as an order before it closes falls
// outside the data set of Mijn winkelmanden, which the grid says too, and the record still opens.
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

useProduct();
beforeAll(async () => {
  // Numbers of their own, first in the grid's ID-descending order.
  await save('administrations', {
    ID: 'E2E-LAND',
    Descr: 'E2E Landing',
    OrderPrefix: 'ZZ-LAND-',
    OrderNextNumber: 1,
    OrderMinLength: 3,
  });
  await save('relations', { ID: 'E2E-LAND-KLANT', Descr: 'E2E Landing Klant' });
});

const poll = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });
const menu = () => page.getByRole('navigation', { name: 'Menu' });
const record = () => page.locator('.app-record-screen');
const title = () => record().locator('.detail-header-title').textContent();
const footerSave = () => record().locator('.app-modal-footer').getByRole('button', { name: 'Opslaan' });
const notice = () => page.locator('.detail-landing');
/** The overview grid's row showing the text (the grid behind an open record too). */
const overviewRow = (text: string) =>
  page.locator('.app-page-grid [role="grid"] [role="row"][data-autoid]').filter({ hasText: text });
const dataSet = (name: string) =>
  page.getByRole('group', { name: 'Gegevensset' }).getByRole('button', { name, exact: true });

async function openScreen(name: string) {
  await menu().getByRole('searchbox').fill(name);
  await menu().getByRole('button', { name, exact: true }).click();
  await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
  await menu().getByRole('searchbox').fill('');
}

async function pick(scope: ReturnType<Page['locator']>, label: string, text: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await scope.getByRole('option', { name: text }).first().click();
}

/** Toevoegen, the order's fields, Opslaan: answers the number the order got. */
async function makeOrder(descr: string): Promise<string> {
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  await poll(title).toBe('Nieuw');
  await record().getByLabel('Omschrijving', { exact: true }).fill(descr);
  await pick(record(), 'Administratie', 'E2E Landing');
  await record().getByLabel('Orderdatum', { exact: true }).fill('2-3-2026');
  await pick(record(), 'Afleverrelatie', 'E2E Landing Klant');
  await footerSave().click();
  await poll(title).toMatch(/^ZZ-LAND-\d{3} - /);
  return (await title())!.split(' - ')[0];
}

async function closeRecord() {
  await page.keyboard.press('Escape');
  await poll(() => record().count()).toBe(0);
}

it('says in which data set a new order landed, goes there and points the row out', async () => {
  await signInAt(page, product.url);
  await openScreen('Orders');
  await poll(() => dataSet('Open').getAttribute('aria-pressed')).toBe('true');
  const id = await makeOrder('E2E Landing in Alle');
  expect(id).toBe('ZZ-LAND-001');
  await closeRecord();

  await poll(() => notice().textContent()).toContain('ZZ-LAND-001 staat in Alle');
  expect(await dataSet('Open').getAttribute('aria-pressed')).toBe('true');
  await notice().getByRole('button', { name: 'Naar Alle' }).click();

  await poll(() => dataSet('Alle').getAttribute('aria-pressed')).toBe('true');
  expect(await notice().count()).toBe(0);
  const row = overviewRow(id);
  await poll(() => row.getAttribute('aria-selected')).toBe('true');
  await poll(() => row.evaluate((element) => element === document.activeElement)).toBe(true);
});

it('says nothing when the data set shown holds the new record', async () => {
  const id = await makeOrder('E2E Landing hier');
  expect(id).toBe('ZZ-LAND-002');
  // The lookup of where the record landed: the data set shown holds it, so it is the only one.
  const lookup = page.waitForResponse(
    (r) => r.url().endsWith('/GetFlexData') && (r.request().postData() ?? '').includes('"FieldName":"AutoID"'),
  );
  await closeRecord();
  const answer = await lookup;
  expect(JSON.parse(answer.request().postData()!).dataSet).toBe('all');
  expect((await answer.json()).Data).toHaveLength(1);
  // Two frames after the answer: what it led to is drawn.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await notice().count()).toBe(0);
  const row = overviewRow(id);
  await poll(() => row.count()).toBe(1);
});

it('says a new record outside every data set the user sees was saved, and opens it from there', async () => {
  await openScreen('Mijn winkelmanden');
  const id = await makeOrder('E2E Landing geplaatst');
  await chooseTransition(record().getByRole('toolbar', { name: 'Acties' }), 'Order plaatsen');
  await poll(() => record().getByRole('toolbar', { name: 'Acties' }).textContent()).toContain('Status: Order');
  await closeRecord();

  await poll(() => notice().textContent()).toContain(
    `${id} is opgeslagen, maar valt buiten de gegevenssets die u mag zien`,
  );
  expect(
    await notice()
      .getByRole('button', { name: /^Naar / })
      .count(),
  ).toBe(0);
  await notice().getByRole('button', { name: 'Openen' }).click();
  await poll(title).toBe(`${id} - E2E Landing geplaatst`);
  expect(await notice().count()).toBe(0);
  await closeRecord();
});

it('opens the new record from the notice over the data set that holds it, the row pointed out once it closes', async () => {
  await openScreen('Orders');
  await dataSet('Open').click();
  const id = await makeOrder('E2E Landing geopend');
  await closeRecord();
  await poll(() => notice().textContent()).toContain(`${id} staat in Alle`);
  await notice().getByRole('button', { name: 'Openen' }).click();
  await poll(title).toBe(`${id} - E2E Landing geopend`);
  expect(await dataSet('Alle').getAttribute('aria-pressed')).toBe('true');
  // The grid behind has loaded the row; the record keeps the focus while it is open.
  const row = overviewRow(id);
  await poll(() => row.count()).toBe(1);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await record().evaluate((element) => element.contains(document.activeElement))).toBe(true);
  expect(await row.getAttribute('aria-selected')).toBe('false');
  await closeRecord();
  await poll(() => row.getAttribute('aria-selected')).toBe('true');
  await poll(() => row.evaluate((element) => element === document.activeElement)).toBe(true);
  expect(await notice().count()).toBe(0);
});
