// A list field leads to the row it refers to, in Chromium: on an order the deliver relation opens
// in a dialog of its own (its form, changed there, and the order's field shows the new name), and
// "+ Nieuw" in the contact person picker makes a person of the order's relation in a dialog, picks
// it, and Ctrl+S stores the order referring to it. No serious accessibility violation on the way.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { post } from '../integration/harness.ts';
import { signInAt } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const ORDER = 'E2E Picker order';
const RELATION = 'E2E Picker Relatie';

useProduct();
let relationId = 0;
let orderId = 0;

async function save(table: string, record: Record<string, unknown>): Promise<number> {
  const answer = await post(product.server.app, `/mvc/${table}/save`, record);
  if (answer.status !== 200) throw new Error(`saving ${table} failed: ${JSON.stringify(answer.body)}`);
  return answer.body.AutoID;
}
async function item(table: string, autoid: number): Promise<Record<string, unknown>> {
  const answer = await post(product.server.app, `/mvc/${table}/GetItem`, { autoid });
  expect(answer.status).toBe(200);
  return answer.body;
}

beforeAll(async () => {
  relationId = await save('relations', { ID: 'E2E-PICK', Descr: RELATION });
  orderId = await save('orders', { Descr: ORDER, OrderDate: '2026-12-01', DeliverRelation: relationId });
  await signInAt(page, product.url);
});

/** Waits for what the user sees: a screen's calls may take longer than expect.poll's default second. */
const poll = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });
const menu = () => page.getByRole('navigation', { name: 'Menu' });
const record = () => page.locator('.app-record-screen');
const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });
const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');

/** The serious and critical axe violations on the page as it is. */
async function violations(): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  });
}

async function openOrder() {
  await menu().getByRole('searchbox').fill('Orders');
  await menu().getByRole('button', { name: 'Orders', exact: true }).click();
  await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Orders');
  await menu().getByRole('searchbox').fill('');
  // The order is in the data set of every order.
  await page.getByRole('group', { name: 'Gegevensset' }).getByRole('button', { name: 'Alle', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Zoeken' }).first().fill(ORDER);
  const row = page.getByRole('grid').first().locator('[role="row"][data-autoid]').filter({ hasText: ORDER });
  await poll(() => row.count()).toBe(1);
  await row.click();
  await poll(() => record().count()).toBe(1);
}

it('opens the order relation in a dialog, and the field shows the name changed there', async () => {
  await openOrder();
  const field = record().getByLabel('Afleverrelatie', { exact: true });
  await poll(() => field.inputValue()).toBe(RELATION);
  const button = record().getByRole('button', { name: 'Afleverrelatie openen', exact: true });
  await button.click();
  const opened = dialog('Afleverrelatie');
  await poll(() => opened.getByLabel('Relatiecode', { exact: true }).inputValue()).toBe('E2E-PICK');
  expect(await violations()).toEqual([]);
  await opened.getByLabel('Naam', { exact: true }).fill(`${RELATION} BV`);
  await opened.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await poll(() => opened.count()).toBe(0);
  await poll(() => field.inputValue()).toBe(`${RELATION} BV`);
  // Back where the user was, and the order itself holds no change.
  expect(await focusedId()).toBe(await button.getAttribute('id'));
  expect(await record().locator('.app-modal-footer').getByRole('button', { name: 'Opslaan' }).count()).toBe(0);
  expect((await item('relations', relationId)).Descr).toBe(`${RELATION} BV`);
});

it('makes a contact person of the order relation with "+ Nieuw", picks it, and Ctrl+S stores the order', async () => {
  const person = record().getByLabel('Contactpersoon aflevering', { exact: true });
  expect(await person.inputValue()).toBe('');
  await person.click();
  const create = record().getByRole('option', { name: '+ Nieuw', exact: true });
  await poll(() => create.count()).toBe(1);
  expect(await violations()).toEqual([]);
  await create.click();
  const created = dialog('Contactpersoon aflevering: nieuw');
  // The person belongs to the order's relation, as the picker's filter asks; the field is locked.
  const relation = created.getByLabel('Relatie', { exact: true });
  await poll(() => relation.inputValue()).toBe(`${RELATION} BV`);
  expect(await relation.isEditable()).toBe(false);
  await created.getByLabel('Achternaam', { exact: true }).fill('Nieuwpicker');
  await created.getByLabel('Weergavenaam', { exact: true }).fill('E2E Piet Nieuwpicker');
  const status = created.getByLabel('Status', { exact: true });
  if ((await status.inputValue()) === '') {
    await status.click();
    await status.fill('Actief');
    await created.getByRole('option', { name: 'Actief', exact: true }).click();
    await poll(() => status.inputValue()).toBe('Actief');
  }
  expect(await violations()).toEqual([]);
  const savedPerson = page.waitForResponse((r) => r.url().endsWith('/mvc/persons/save'));
  await page.keyboard.press('Control+s');
  expect((await savedPerson).status()).toBe(200);
  await poll(() => created.count()).toBe(0);
  // Picked, the focus back in the field with its list closed, and the order changed.
  await poll(() => person.inputValue()).toBe('E2E Piet Nieuwpicker');
  expect(await focusedId()).toBe(await person.getAttribute('id'));
  expect(await person.getAttribute('aria-expanded')).toBe('false');
  const savedOrder = page.waitForResponse((r) => r.url().endsWith('/mvc/orders/save'));
  await page.keyboard.press('Control+s');
  expect((await savedOrder).status()).toBe(200);

  const [row] = (
    await product.server.engine.pool.query(`SELECT autoid FROM persons WHERE descr = $1`, ['E2E Piet Nieuwpicker'])
  ).rows;
  const personId = Number(row.autoid);
  expect((await item('orders', orderId)).DeliverPerson).toBe(personId);
  expect((await item('persons', personId)).Relation).toBe(relationId);
});

it('leaves the field as it was when the new row is cancelled', async () => {
  const field = record().getByLabel('Factuurrelatie', { exact: true });
  const before = await field.inputValue();
  await field.click();
  const create = record().getByRole('option', { name: '+ Nieuw', exact: true });
  await poll(() => create.count()).toBe(1);
  await create.click();
  const created = dialog('Factuurrelatie: nieuw');
  await poll(() => created.getByLabel('Relatiecode', { exact: true }).count()).toBe(1);
  await created.getByRole('button', { name: 'Sluiten', exact: true }).last().click();
  await poll(() => created.count()).toBe(0);
  expect(await field.inputValue()).toBe(before);
  expect(await record().locator('.app-modal-footer').getByRole('button', { name: 'Opslaan' }).count()).toBe(0);
});
