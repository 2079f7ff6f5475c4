// A back-office user works orders and purchasing in Chromium: fills a basket, places it as an
// order and moves it to backorder, cancels a line and undoes it on the order's own lines tab while
// the order total follows (amounts in Dutch notation with their two decimals, the line's status by
// its label, and no word of someone else's change for what the server keeps of the order),
// buys the missing stock from "Voorraad inkopen" on a purchase order, receives it with one bulk
// and one unique item, and finds the stock, the stock log, the received lines and the new object,
// after which the order can be supplied from stock.
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { post } from '../integration/harness.ts';
import { chooseTransition, screenshot as capture, signInAt } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';

async function save(table: string, record: Record<string, unknown>): Promise<number> {
  const answer = await post(product.server.app, `/mvc/${table}/save`, record);
  if (answer.status !== 200) throw new Error(`saving ${table} failed: ${JSON.stringify(answer.body)}`);
  return answer.body.AutoID as number;
}
const sql = (text: string, values: unknown[] = []) => product.server.engine.pool.query(text, values);
const one = async (text: string, values: unknown[] = []) => (await sql(text, values)).rows[0];

useProduct();
beforeAll(async () => {
  // An administration of its own numbers the scenario's orders, purchase orders and receipts:
  // their numbers are known and cannot meet the demo pack's.
  await save('administrations', {
    ID: 'E2E-ADM',
    Descr: 'E2E Administratie',
    OrderPrefix: 'E2E-ORD-',
    OrderNextNumber: 1,
    OrderMinLength: 3,
    PurchasePrefix: 'E2E-INK-',
    PurchaseNextNumber: 1,
    PurchaseMinLength: 3,
    ReceiptPrefix: 'E2E-ONT-',
    ReceiptNextNumber: 1,
    ReceiptMinLength: 3,
  });
  await save('relations', { ID: 'E2E-KLANT', Descr: 'E2E Bouwbedrijf De Klant' });
  await save('relations', { ID: 'E2E-LEV', Descr: 'E2E Hekkenfabriek' });
  const warehouse = await save('warehouses', { ID: 'E2E-MAG', Descr: 'E2E Magazijn' });
  await save('vatcodes', { ID: 'E2E-H21', Descr: 'E2E btw hoog', Percentage: 21 });
  // The demo's reasons are for alternative products, none for cancelling.
  await save('reasons', { ID: 'E2E-MINDER', Descr: 'E2E Klant wil minder', Kind: 'cancel' });
  const type = await save('objecttypes', { ID: 'E2E-OT', Descr: 'E2E Aggregaattype' });
  const status = Number((await one(`SELECT autoid FROM productstatuses WHERE id = 'ACTIEF'`)).autoid);
  const bulk = await save('products', {
    ProductType: 'sale',
    ID: 'E2E-HEK',
    Descr: 'E2E Bouwhek',
    Status: status,
    StockType: 'bulk',
    Price: 50,
  });
  await save('products', {
    ProductType: 'rental',
    ID: 'E2E-AGG',
    Descr: 'E2E Aggregaat 20 kVA',
    Status: status,
    StockType: 'unique',
    ObjectType: type,
  });
  await save('productwarehouses', { Product: bulk, Warehouse: warehouse, MinimumStock: 5, MaximumStock: 10 });
});

/** Waits for what the user sees: a screen's calls may take longer than expect.poll's default second. */
const poll = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });

const menu = () => page.getByRole('navigation', { name: 'Menu' });
const overview = () => page.getByRole('grid').first();
const rows = (grid = overview()) => grid.locator('[role="row"][data-autoid]');
const record = () => page.locator('.app-record-screen');
const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });
const panel = () => record().getByRole('tabpanel');
const childRows = () => rows(panel().getByRole('grid'));
const footerSave = (scope = record()) => scope.locator('.app-modal-footer').getByRole('button', { name: 'Opslaan' });
const title = () => record().locator('.detail-header-title').textContent();
const recordActions = () => record().getByRole('toolbar', { name: 'Acties' });
/** The notice that someone else changed the open record. */
const changedNotice = () => record().getByRole('alert').filter({ hasText: 'door iemand anders' });

/** A header field of the open record, by its label. */
const header = (label: string) =>
  record()
    .locator('.detail-header-field')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .textContent();

/** A screenshot once the dialogs have faded in (spinners keep turning: they are not waited for). */
async function screenshot(name: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished),
    ),
  );
  await capture(page, name);
}

/** Picks an entry of a list picker by typing part of its text. */
async function pick(scope: ReturnType<Page['locator']>, label: string, text: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await scope.getByRole('option', { name: text }).first().click();
}

async function openScreen(name: string) {
  await menu().getByRole('searchbox').fill(name);
  await menu().getByRole('button', { name, exact: true }).click();
  await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
  await menu().getByRole('searchbox').fill('');
}

/** The text of a grid row's cell under a column title. */
async function cell(grid: ReturnType<Page['locator']>, row: ReturnType<Page['locator']>, column: string) {
  const titles = await grid
    .getByRole('columnheader')
    .evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label')));
  const index = titles.indexOf(column);
  if (index < 0) throw new Error(`no column ${column} in ${titles.join(', ')}`);
  return row.getByRole('gridcell').nth(index).textContent();
}

async function search(text: string) {
  await page.getByRole('searchbox', { name: 'Zoeken' }).first().fill(text);
}

/** Searches the overview and opens the one row that shows the text. */
async function openRow(text: string) {
  await search(text);
  const row = rows().filter({ hasText: text });
  await poll(() => row.count()).toBe(1);
  await row.click();
  await poll(() => record().count()).toBe(1);
}

async function closeRecord() {
  await page.keyboard.press('Escape');
  await poll(() => record().count()).toBe(0);
}

async function chooseDataSet(name: string) {
  await page.getByRole('group', { name: 'Gegevensset' }).getByRole('button', { name, exact: true }).click();
}

/** Runs a transition or action from the open record's toolbar, answering its prompts. */
async function runOnRecord(label: string, answer?: (prompt: ReturnType<Page['locator']>) => Promise<void>) {
  await chooseTransition(recordActions(), label);
  if (answer) {
    const prompt = dialog(label);
    await answer(prompt);
    await prompt.getByRole('button', { name: 'Uitvoeren' }).click();
  }
  // All succeeded: the batch result closes by itself.
  await poll(() => dialog(label).count()).toBe(0);
}

it('starts on the purchase order lines after sign-in', async () => {
  await signInAt(page, product.url);
  await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Inkooporderregels');
});

it('fills a basket with two lines and sees its totals', async () => {
  await openScreen('Mijn winkelmanden');
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  await poll(title).toBe('Nieuw');
  await record().getByLabel('Omschrijving', { exact: true }).fill('E2E Hekken en aggregaat');
  await pick(record(), 'Administratie', 'E2E Administratie');
  await record().getByLabel('Orderdatum', { exact: true }).fill('2-3-2026');
  await pick(record(), 'Afleverrelatie', 'E2E Bouwbedrijf De Klant');
  await footerSave().click();
  await poll(title).toBe('E2E-ORD-001 - E2E Hekken en aggregaat');

  await record().getByRole('tab', { name: 'Levering' }).click();
  await pick(record(), 'Magazijn', 'E2E Magazijn');
  await footerSave().click();
  await poll(() => footerSave().count()).toBe(0);

  await record().getByRole('tab', { name: 'Orderregels' }).click();
  const lines = [
    { type: 'Verkoop', product: 'E2E Bouwhek', descr: 'E2E hekken voor de bouwplaats', quantity: '3', price: '50' },
    { type: 'Verhuur', product: 'E2E Aggregaat 20 kVA', descr: 'E2E aggregaat in huur', quantity: '1', price: '100' },
  ];
  for (const line of lines) {
    await panel().getByRole('button', { name: 'Toevoegen' }).click();
    const form = dialog('Toevoegen');
    await poll(() => form.getByLabel('Order', { exact: true }).inputValue()).toContain('E2E Hekken en aggregaat');
    await form.getByLabel('Regelsoort', { exact: true }).selectOption({ label: line.type });
    await pick(form, 'Artikel', line.product);
    // Choosing the article fills the line from it before anything is saved.
    await poll(() => form.getByLabel('Omschrijving', { exact: true }).inputValue()).toBe(line.product);
    await form.getByLabel('Omschrijving', { exact: true }).fill(line.descr);
    await form.getByLabel('Aantal', { exact: true }).fill(line.quantity);
    await form.getByLabel('Prijs', { exact: true }).fill(line.price);
    await pick(form, 'Btw-code', 'E2E btw hoog');
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await poll(() => form.count()).toBe(0);
  }
  await poll(() => childRows().count()).toBe(2);
  // 3 x 50 and 1 x 100, with 21 % VAT.
  await poll(() => header('Totaal incl. btw')).toBe('302,50');
  await poll(() => recordActions().textContent()).toContain('Status: Mand');
  // The server keeps the totals without a new TimeStamp, and says the order changed: that is no
  // one else's change. The event arrives like any other; give it the time it takes.
  await page.waitForTimeout(1500);
  expect(await changedNotice().count()).toBe(0);
  await screenshot('orders-basket');
});

it('places the basket as an order and puts it on backorder', async () => {
  await runOnRecord('Order plaatsen');
  await poll(() => recordActions().textContent()).toContain('Status: Order');
  await runOnRecord('Backorder');
  await poll(() => recordActions().textContent()).toContain('Status: Backorder');
  expect(await one(`SELECT status, frombasket FROM orders WHERE id = 'E2E-ORD-001'`)).toEqual({
    status: 4,
    frombasket: true,
  });
  await closeRecord();
  // No longer a basket: gone from the user's baskets.
  await poll(() => rows().filter({ hasText: 'E2E Hekken en aggregaat' }).count()).toBe(0);
});

it("cancels a line with a reason on the order's lines tab and undoes it, the order total following", async () => {
  await openScreen('Orders');
  await openRow('E2E-ORD-001');
  await poll(title).toBe('E2E-ORD-001 - E2E Hekken en aggregaat');
  // The status is kept as a number and reads as its label.
  await poll(() => header('Status')).toBe('Backorder');
  await record().getByRole('tab', { name: 'Orderregels' }).click();
  await poll(() => childRows().count()).toBe(2);
  const lines = panel().getByRole('grid');
  const line = childRows().filter({ hasText: 'E2E aggregaat in huur' });
  await poll(() => cell(lines, line, 'Geannuleerd')).toBe('Niet geannuleerd');

  // The lines' own actions, on the selected line from the tab's toolbar.
  await line.getByRole('checkbox', { name: 'Rij selecteren' }).check();
  await panel()
    .getByRole('group', { name: 'Acties' })
    .getByRole('button', { name: 'Regel annuleren', exact: true })
    .click();
  const prompt = dialog('Regel annuleren');
  await pick(prompt, 'Reden', 'E2E Klant wil minder');
  await prompt.getByLabel('Toelichting', { exact: true }).fill('Klant huurt zelf een aggregaat');
  await prompt.getByRole('button', { name: 'Uitvoeren' }).click();
  // All succeeded: the batch result closes by itself.
  await poll(() => prompt.count()).toBe(0);
  await poll(() => cell(lines, line, 'Geannuleerd')).toBe('Geannuleerd');
  // The order was read again: its total without the cancelled line.
  await poll(() => header('Totaal incl. btw')).toBe('181,50');
  await page.waitForTimeout(1500);
  expect(await changedNotice().count()).toBe(0);
  await screenshot('orders-line-cancelled');

  // The line's dialog offers them too, with the line's status.
  await line.click();
  const form = dialog('Bewerken');
  await poll(() => form.getByLabel('Geannuleerd aantal', { exact: true }).inputValue()).toBe('1,00');
  expect(await form.getByLabel('Geannuleerd', { exact: true }).inputValue()).toBe('Geannuleerd');
  const lineActions = form.getByRole('toolbar', { name: 'Acties' });
  await poll(() => lineActions.textContent()).toContain('Status: Geannuleerd');
  expect(await lineActions.getByRole('button', { name: 'Regel annuleren', exact: true }).count()).toBe(0);
  await screenshot('orders-line-dialog');
  await chooseTransition(lineActions, 'Annulering ongedaan maken');
  await poll(() => dialog('Annulering ongedaan maken').count()).toBe(0);
  await poll(() => form.getByLabel('Geannuleerd aantal', { exact: true }).inputValue()).toBe('0,00');
  await poll(() => form.getByLabel('Geannuleerd', { exact: true }).inputValue()).toBe('Niet geannuleerd');
  await poll(() => lineActions.textContent()).toContain('Status: Niet geannuleerd');
  await form.getByRole('button', { name: 'Sluiten', exact: true }).last().click();
  await poll(() => form.count()).toBe(0);
  await poll(() => cell(lines, line, 'Geannuleerd')).toBe('Niet geannuleerd');
  await poll(() => header('Totaal incl. btw')).toBe('302,50');
  await page.waitForTimeout(1500);
  expect(await changedNotice().count()).toBe(0);

  await record().getByRole('tab', { name: 'Financieel' }).click();
  await poll(() => record().getByLabel('Totaal excl. btw', { exact: true }).inputValue()).toBe('250,00');
  await screenshot('orders-order-financial');
  await closeRecord();
});

it('offers merging orders on selected orders only, not on one open order, and shows the status by its label', async () => {
  await openScreen('Orders');
  await openRow('E2E-ORD-001');
  await poll(() => recordActions().textContent()).toContain('Status: Backorder');
  expect(await recordActions().getByRole('button', { name: 'Orders samenvoegen' }).count()).toBe(0);
  await closeRecord();
  const order = rows().filter({ hasText: 'E2E-ORD-001' });
  // The status reads as its label in the grid too (it is kept as a number).
  await poll(() => cell(overview(), order, 'Status')).toBe('Backorder');
  await order.getByRole('checkbox', { name: 'Rij selecteren' }).check();
  const merge = page.getByRole('group', { name: 'Acties' }).first().getByRole('button', { name: 'Orders samenvoegen' });
  expect(await merge.isDisabled()).toBe(true);
  expect(await merge.getAttribute('title')).toBe('Selecteer ten minste 2 rijen.');
  await order.getByRole('checkbox', { name: 'Rij selecteren' }).uncheck();
});

it('buys the missing stock on a new purchase order from "Voorraad inkopen"', async () => {
  await openScreen('Inkooporders');
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  await poll(title).toBe('Nieuw');
  await record().getByLabel('Omschrijving', { exact: true }).fill('E2E Hekken bijbestellen');
  await pick(record(), 'Administratie', 'E2E Administratie');
  await pick(record(), 'Leverancier', 'E2E Hekkenfabriek');
  await record().getByLabel('Orderdatum', { exact: true }).fill('3-3-2026');
  await pick(record(), 'Afleveren in magazijn', 'E2E Magazijn');
  await footerSave().click();
  await poll(title).toBe('E2E-INK-001 - E2E Hekken bijbestellen');
  await closeRecord();

  // The default data set: the products below their minimum stock.
  await openScreen('Voorraad inkopen');
  await page.getByLabel('Filter Product', { exact: true }).fill('E2E Bouwhek');
  const stock = rows().filter({ hasText: 'E2E Magazijn' });
  await poll(() => rows().count()).toBe(1);
  await poll(() => stock.count()).toBe(1);
  expect(await cell(overview(), stock, 'Voorraad')).toBe('0,00');
  await stock.getByRole('checkbox', { name: 'Rij selecteren' }).check();
  await page.getByRole('group', { name: 'Acties' }).getByRole('button', { name: 'Inkopen' }).click();
  const prompt = dialog('Inkopen');
  await pick(prompt, 'Inkooporder', 'E2E Hekken bijbestellen');
  await prompt.getByRole('button', { name: 'Uitvoeren' }).click();
  await poll(() => prompt.count()).toBe(0);

  await openScreen('Inkooporderregels');
  await page.getByLabel('Filter Artikel', { exact: true }).fill('E2E Bouwhek');
  const bought = rows().filter({ hasText: 'E2E Hekken bijbestellen' });
  await poll(() => rows().count()).toBe(1);
  await poll(() => bought.count()).toBe(1);
  expect(await cell(overview(), bought, 'Aantal')).toBe('10,00');
  expect(await cell(overview(), bought, 'Inkooporder')).toBe('E2E Hekken bijbestellen');
  await screenshot('orders-purchase-line');
  // A receipt item's Inkooporderregel picker lists every line of every purchase order by its
  // description alone, and "Inkopen" leaves that empty: the line gets one here, or a receipt
  // could not find it.
  await bought.click();
  await poll(() => record().count()).toBe(1);
  await record().getByLabel('Omschrijving', { exact: true }).fill('E2E Bouwhek aanvullen');
  await footerSave().click();
  await poll(() => footerSave().count()).toBe(0);
  await closeRecord();
});

it('adds a line for the unique product on the purchase order and orders it', async () => {
  await openScreen('Inkooporders');
  await openRow('E2E-INK-001');
  await record().getByRole('tab', { name: 'Regels' }).click();
  await poll(() => childRows().count()).toBe(1);
  await panel().getByRole('button', { name: 'Toevoegen' }).click();
  const form = dialog('Toevoegen');
  await form.getByLabel('Regelsoort', { exact: true }).selectOption({ label: 'Verhuur' });
  await pick(form, 'Artikel', 'E2E Aggregaat 20 kVA');
  await form.getByLabel('Omschrijving', { exact: true }).fill('E2E aggregaat voor de verhuur');
  await form.getByLabel('Aantal', { exact: true }).fill('1');
  await form.getByLabel('Prijs', { exact: true }).fill('4500');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await poll(() => form.count()).toBe(0);
  await poll(() => childRows().count()).toBe(2);
  await runOnRecord('Bestellen');
  await poll(() => recordActions().textContent()).toContain('Status: Order');
  await closeRecord();
});

it('receives the purchase order with a bulk and a unique item', async () => {
  await openScreen('Inkoopontvangsten');
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  await poll(title).toBe('Nieuw');
  await pick(record(), 'Administratie', 'E2E Administratie');
  await pick(record(), 'Leverancier', 'E2E Hekkenfabriek');
  await pick(record(), 'Inkooporder', 'E2E Hekken bijbestellen');
  await pick(record(), 'Magazijn', 'E2E Magazijn');
  await record().getByLabel('Ontvangstdatum', { exact: true }).fill('4-3-2026');
  await footerSave().click();
  await poll(title).toBe('E2E-ONT-001');

  await record().getByRole('tab', { name: 'Ontvangstregels' }).click();
  const items = [
    { kind: 'Bulk', product: 'E2E Bouwhek', line: 'E2E Bouwhek aanvullen', quantity: '10' },
    {
      kind: 'Uniek',
      product: 'E2E Aggregaat 20 kVA',
      line: 'E2E aggregaat voor de verhuur',
      object: 'E2E-OBJ-1',
      serial: 'SN-E2E-AGG-1',
    },
  ];
  for (const item of items) {
    await panel().getByRole('button', { name: 'Toevoegen' }).click();
    const form = dialog('Toevoegen');
    await poll(() => form.getByLabel('Ontvangst', { exact: true }).inputValue()).toBe('E2E-ONT-001');
    await form.getByLabel('Soort', { exact: true }).selectOption({ label: item.kind });
    await pick(form, 'Artikel', item.product);
    await pick(form, 'Inkooporderregel', item.line);
    if (item.quantity) await form.getByLabel('Aantal', { exact: true }).fill(item.quantity);
    if (item.object) await form.getByLabel('Objectnummer', { exact: true }).fill(item.object);
    if (item.serial) await form.getByLabel('Serienummer', { exact: true }).fill(item.serial);
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await poll(() => form.count()).toBe(0);
  }
  await poll(() => childRows().count()).toBe(2);
  await screenshot('orders-receipt-items');

  // A product that lost its object type (from before the rule): the refusal names it and offers
  // to open it; put right there, the receipt goes through.
  await sql(`UPDATE products SET objecttype = NULL WHERE id = 'E2E-AGG'`);
  await chooseTransition(recordActions(), 'Verwerken');
  const refused = dialog('Verwerken');
  await poll(() => refused.textContent()).toContain('Het product E2E Aggregaat 20 kVA heeft geen objecttype');
  await refused.getByRole('button', { name: 'Openen' }).click();
  const productForm = dialog('Producten');
  await poll(() => productForm.getByLabel('Omschrijving', { exact: true }).inputValue()).toBe('E2E Aggregaat 20 kVA');
  await pick(productForm, 'Objecttype', 'E2E Aggregaattype');
  await productForm.getByRole('button', { name: 'Opslaan' }).click();
  await poll(() => productForm.count()).toBe(0);
  await refused.locator('.app-modal-footer').getByRole('button', { name: 'Sluiten' }).click();
  await poll(() => refused.count()).toBe(0);
  await runOnRecord('Verwerken');
  await poll(() => recordActions().textContent()).toContain('Status: Verwerkt');
  // The unique item now names the object it made.
  const unique = childRows().filter({ hasText: 'E2E Aggregaat 20 kVA' });
  await poll(() => cell(panel().getByRole('grid'), unique, 'Object')).not.toBe('');
  await closeRecord();
});

it('sees the stock, the stock log, the received lines and the new object follow', async () => {
  await openScreen('Voorraad inkopen');
  await chooseDataSet('Alle');
  await page.getByLabel('Filter Product', { exact: true }).fill('E2E Bouwhek');
  const stock = rows().filter({ hasText: 'E2E Magazijn' });
  await poll(() => rows().count()).toBe(1);
  await poll(() => stock.count()).toBe(1);
  await poll(() => cell(overview(), stock, 'Voorraad')).toBe('10,00');

  await openScreen('Voorraadmutaties');
  await page.getByLabel('Filter Artikel', { exact: true }).fill('E2E Bouwhek');
  await poll(() => rows().count()).toBe(1);
  const mutation = rows().filter({ hasText: 'E2E-ONT-001' });
  await poll(() => mutation.count()).toBe(1);
  expect(await cell(overview(), mutation, 'Van voorraad')).toBe('0,00');
  expect(await cell(overview(), mutation, 'Naar voorraad')).toBe('10,00');
  expect(await cell(overview(), mutation, 'Reden')).toContain('E2E-ONT-001');
  await screenshot('orders-stock-log');

  await openScreen('Inkooporderregels');
  await chooseDataSet('Ontvangen');
  await search('E2E');
  await poll(() => rows().count()).toBe(2);
  for (const [descr, received] of [
    ['E2E Bouwhek aanvullen', '10,00'],
    ['E2E aggregaat voor de verhuur', '1,00'],
  ]) {
    const line = rows().filter({ hasText: descr });
    expect(await cell(overview(), line, 'Regelstatus')).toBe('Ontvangen');
    expect(await cell(overview(), line, 'Ontvangen')).toBe(received);
  }

  // The purchase order shows what was received on it; the items are made on their receipt only.
  // Received in full, it completed itself.
  await openScreen('Inkooporders');
  await chooseDataSet('Afgerond');
  await openRow('E2E-INK-001');
  await poll(() => recordActions().textContent()).toContain('Status: Afgerond');
  await record().getByRole('tab', { name: 'Ontvangsten' }).click();
  await poll(() => childRows().count()).toBe(2);
  expect(await cell(panel().getByRole('grid'), childRows().filter({ hasText: 'E2E Bouwhek' }), 'Ontvangst')).toBe(
    'E2E-ONT-001',
  );
  expect(await panel().getByRole('button', { name: 'Toevoegen' }).count()).toBe(0);
  await screenshot('orders-purchase-receipts');
  await closeRecord();

  await openScreen('Objecten');
  await search('E2E-OBJ-1');
  await poll(() => rows().count()).toBe(1);
  await poll(() => rows().first().textContent()).toContain('E2E Aggregaat 20 kVA');
  const object = await one(
    `SELECT o.serialnumber, s.id AS supplier FROM objects o JOIN relations s ON s.autoid = o.supplier WHERE o.id = 'E2E-OBJ-1'`,
  );
  expect(object).toEqual({ serialnumber: 'SN-E2E-AGG-1', supplier: 'E2E-LEV' });
});

it('supplies the order from the received stock', async () => {
  await openScreen('Orders');
  await openRow('E2E-ORD-001');
  await runOnRecord('Leveren');
  await poll(() => recordActions().textContent()).toContain('Status: Levering');
  await closeRecord();

  await openScreen('Voorraad inkopen');
  await chooseDataSet('Alle');
  await page.getByLabel('Filter Product', { exact: true }).fill('E2E Bouwhek');
  const stock = rows().filter({ hasText: 'E2E Magazijn' });
  await poll(() => rows().count()).toBe(1);
  await poll(() => stock.count()).toBe(1);
  await poll(() => cell(overview(), stock, 'Voorraad')).toBe('7,00');

  await openScreen('Voorraadmutaties');
  await page.getByLabel('Filter Artikel', { exact: true }).fill('E2E Bouwhek');
  await poll(() => rows().count()).toBe(2);
  const supplied = rows().filter({ hasText: 'E2E-ORD-001' });
  await poll(() => supplied.count()).toBe(1);
  expect(await cell(overview(), supplied, 'Van voorraad')).toBe('10,00');
  expect(await cell(overview(), supplied, 'Naar voorraad')).toBe('7,00');
  await screenshot('orders-supplied');
});
