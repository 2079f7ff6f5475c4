// A warehouse user delivers a rental in Chromium: makes a picklist from a placed rental order,
// picks the line with two specific objects, packs and delivers it, finds the objects at the
// customer's location, scans them back into a return entry and processes it, and sees the order
// completed.
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { post } from '../integration/harness.ts';
import { chooseTransition, screenshot, signInAt } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';

async function save(table: string, record: Record<string, unknown>): Promise<number> {
  const answer = await post(product.server.app, `/mvc/${table}/save`, record);
  if (answer.status !== 200) throw new Error(`saving ${table} failed: ${JSON.stringify(answer.body)}`);
  return answer.body.AutoID;
}
const sql = (text: string, values: unknown[] = []) => product.server.engine.pool.query(text, values);
const one = async (text: string, values: unknown[] = []) => (await sql(text, values)).rows[0];

const ids: Record<string, number> = {};
useProduct();
beforeAll(async () => {
  await save('administrations', {
    ID: 'E2E-LOG',
    Descr: 'E2E Logistiek',
    OrderPrefix: 'E2E-LORD-',
    OrderNextNumber: 1,
    OrderMinLength: 3,
    PickListPrefix: 'E2E-PICK-',
    PickListNextNumber: 1,
    PickListMinLength: 3,
    ReturnEntryPrefix: 'E2E-RET-',
    ReturnEntryNextNumber: 1,
    ReturnEntryMinLength: 3,
  });
  const customer = await save('relations', { ID: 'E2E-HUURDER', Descr: 'E2E Huurder Bouw' });
  const LocationType = Number((await one(`SELECT autoid FROM locationtypes ORDER BY autoid LIMIT 1`)).autoid);
  const yard = await save('locations', { ID: 'E2E-TERREIN', Descr: 'E2E Terrein', LocationType });
  ids.site = await save('locations', {
    ID: 'E2E-BOUW',
    Descr: 'E2E Bouwplaats Huurder',
    LocationType,
    Owner: customer,
  });
  const warehouse = await save('warehouses', { ID: 'E2E-LMAG', Descr: 'E2E Logistiek magazijn', Location: yard });
  const type = await save('objecttypes', { ID: 'E2E-LOT', Descr: 'E2E Trilplaattype' });
  const status = Number((await one(`SELECT autoid FROM productstatuses WHERE id = 'ACTIEF'`)).autoid);
  const rental = await save('products', {
    ProductType: 'rental',
    ID: 'E2E-TRIL',
    Descr: 'E2E Trilplaat',
    Status: status,
    StockType: 'unique',
    ObjectType: type,
  });
  for (const ID of ['E2E-TP-1', 'E2E-TP-2'])
    await save('objects', { ID, Descr: 'E2E Trilplaat', Product: rental, ObjectType: type, Location: yard });
  const administration = Number((await one(`SELECT autoid FROM administrations WHERE id = 'E2E-LOG'`)).autoid);
  ids.order = await save('orders', {
    Descr: 'E2E Huur trilplaten',
    Administration: administration,
    DeliverRelation: customer,
    DeliverLocation: ids.site,
    Warehouse: warehouse,
  });
  await save('orderlines', { Order: ids.order, LineType: 'rental', Product: rental, OrderQuantity: 2, Price: 40 });
  const placed = await post(product.server.app, '/mvc/orders/ChangeStatus', {
    autoids: [ids.order],
    Transition: 'submitOrder',
    Values: {},
  });
  expect(placed.body.Succeeded).toBe(1);
});

const poll = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 15_000 });
const menu = () => page.getByRole('navigation', { name: 'Menu' });
const overview = () => page.getByRole('grid').first();
const rows = (grid = overview()) => grid.locator('[role="row"][data-autoid]');
const record = () => page.locator('.app-record-screen');
const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });
const panel = () => record().getByRole('tabpanel');
const recordActions = () => record().getByRole('toolbar', { name: 'Acties' });
const footerSave = (scope = record()) => scope.locator('.app-modal-footer').getByRole('button', { name: 'Opslaan' });

async function openScreen(name: string) {
  await menu().getByRole('searchbox').fill(name);
  await menu().getByRole('button', { name, exact: true }).click();
  await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
  await menu().getByRole('searchbox').fill('');
}
async function openRow(text: string) {
  await page.getByRole('searchbox', { name: 'Zoeken' }).first().fill(text);
  const row = rows().filter({ hasText: text });
  await poll(() => row.count()).toBe(1);
  await row.click();
  await poll(() => record().count()).toBe(1);
}
async function closeRecord() {
  await page.keyboard.press('Escape');
  await poll(() => record().count()).toBe(0);
}
/** Confirms a prompt or warning dialog and waits until it is gone. */
async function confirm(name: string, answer?: (prompt: ReturnType<Page['locator']>) => Promise<void>) {
  const prompt = dialog(name);
  await poll(() => prompt.count()).toBe(1);
  if (answer) await answer(prompt);
  await prompt.getByRole('button', { name: 'Uitvoeren' }).click();
  // A row made stays on offer in the result (Openen); it is closed here.
  const close = prompt.locator('.app-modal-footer').getByRole('button', { name: 'Sluiten' });
  await poll(async () => (await prompt.count()) === 0 || (await prompt.getByText('Gelukt').count()) > 0).toBe(true);
  // A transition's result closes by itself when all succeeded; an action that made a row stays.
  if (await prompt.count()) await close.click({ timeout: 5_000 }).catch(() => undefined);
  await poll(() => prompt.count()).toBe(0);
}
const orderStatus = async () => Number((await one('SELECT status FROM orders WHERE autoid = $1', [ids.order])).status);

it('makes a picklist from the placed rental order', async () => {
  await signInAt(page, product.url);
  await openScreen('Orders');
  await openRow('E2E Huur trilplaten');
  await recordActions().getByRole('button', { name: 'Picklijst maken' }).click();
  await confirm('Picklijst maken');
  await poll(async () =>
    Number((await one('SELECT count(*) AS n FROM picklists WHERE "order" = $1', [ids.order])).n),
  ).toBe(1);
  await poll(orderStatus).toBe(3);
  if (await record().count()) await closeRecord();
});

it('picks the rental line with two specific objects, packs and delivers it', async () => {
  await openScreen('Picklijsten');
  await openRow('E2E-PICK-001');
  await record().getByRole('tab', { name: 'Regels' }).click();
  const line = rows(panel().getByRole('grid')).first();
  await poll(() => rows(panel().getByRole('grid')).count()).toBe(1);
  await line.click();
  const form = dialog('Bewerken');
  await poll(() => form.getByRole('toolbar', { name: 'Acties' }).textContent()).toContain('Open');
  await chooseTransition(form.getByRole('toolbar', { name: 'Acties' }), 'Picken');
  await confirm('Picken', async (prompt) => {
    await prompt.getByLabel('Objecten', { exact: true }).fill('E2E-TP-1;E2E-TP-2');
  });
  await poll(async () => (await one(`SELECT status FROM picklists WHERE id = 'E2E-PICK-001'`)).status).toBe('picked');
  // The picklist became Gepickt by itself: opened again, it offers packing.
  await page.keyboard.press('Escape');
  if (await record().count()) await closeRecord();
  await openRow('E2E-PICK-001');
  await poll(() => recordActions().textContent()).toContain('Gepickt');
  await screenshot(page, 'logistics-picked');
  await chooseTransition(recordActions(), 'Inpakken en leveren');
  await confirm('Inpakken en leveren');
  await poll(async () => (await one(`SELECT status FROM picklists WHERE id = 'E2E-PICK-001'`)).status).toBe('packed');
  await poll(orderStatus).toBe(5);
  await closeRecord();
});

it('finds the objects at the customer, locked', async () => {
  await openScreen('Objecten');
  await page
    .getByRole('group', { name: 'Gegevensset' })
    .getByRole('button', { name: 'Vergrendeld', exact: true })
    .click();
  for (const id of ['E2E-TP-1', 'E2E-TP-2']) {
    await page.getByRole('searchbox', { name: 'Zoeken' }).first().fill(id);
    const row = rows().filter({ hasText: id });
    await poll(() => row.count()).toBe(1);
    await poll(() => row.textContent()).toContain('E2E Bouwplaats Huurder');
  }
});

it('scans the objects back into a return entry and sees the order complete', async () => {
  await openScreen('Retourontvangsten');
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  await record().getByLabel('Omschrijving', { exact: true }).fill('E2E Retour trilplaten');
  const input = record().getByLabel('Magazijn', { exact: true });
  await input.click();
  await input.fill('E2E Logistiek magazijn');
  await record().getByRole('option', { name: 'E2E Logistiek magazijn' }).first().click();
  await footerSave().click();
  await poll(() => footerSave().count()).toBe(0);
  await record().getByRole('tab', { name: 'Scanlog' }).click();
  for (const code of ['E2E-TP-1', 'E2E-TP-2']) {
    await panel().getByRole('button', { name: 'Toevoegen' }).click();
    const line = dialog('Toevoegen');
    await line.getByLabel('Gescande code', { exact: true }).fill(code);
    await line.getByRole('button', { name: 'Opslaan' }).click();
    await poll(() => line.count()).toBe(0);
  }
  await poll(() => rows(panel().getByRole('grid')).count()).toBe(2);
  await closeRecord();
  await openRow('E2E Retour trilplaten');
  await chooseTransition(recordActions(), 'Verwerken');
  await confirm('Verwerken');
  await poll(orderStatus).toBe(6);
  const objects = await sql(`SELECT locked, location FROM objects WHERE id IN ('E2E-TP-1', 'E2E-TP-2')`);
  expect(objects.rows.map((o) => o.locked)).toEqual([false, false]);
  await screenshot(page, 'logistics-returned');
  await closeRecord();
});
