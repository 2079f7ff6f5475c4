// An overhaul order as a workshop runs it in Chromium: Revisieorder maken on an object runs only
// once a workshop is chosen; the order gets an intake, which its maker completes but may not
// approve (the template wants a second person); a second user approves it and completes the
// overhaul, and the first approves that.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browser, page, product, useProduct } from './fixture.ts';
import { chooseTransition, openPage, signInAt } from './browser.ts';
import { post } from '../integration/harness.ts';

useProduct({ signIn: true });

const sql = (text: string, values: unknown[] = []) => product.server.engine.pool.query(text, values);
const poll = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });
const OBJECT = 'OBJ-000009';
const orderStatus = async () =>
  (
    await sql(
      `SELECT o.status FROM overhaulorders o JOIN objects b ON b.autoid = o.object WHERE b.id = $1 ORDER BY o.autoid DESC`,
      [OBJECT],
    )
  ).rows[0]?.status;

const on = (p: Page) => ({
  menu: () => p.getByRole('navigation', { name: 'Menu' }),
  record: () => p.locator('.app-record-screen'),
  dialog: (name: string) => p.getByRole('dialog', { name, exact: true }),
  actions: () => p.locator('.app-record-screen').getByRole('toolbar', { name: 'Acties' }),
  rows: () => p.getByRole('grid').first().locator('[role="row"][data-autoid]'),
});

async function openScreen(p: Page, name: string) {
  const { menu } = on(p);
  await menu().getByRole('searchbox').fill(name);
  await menu().getByRole('button', { name, exact: true }).click();
  await poll(() => p.getByRole('heading', { level: 1 }).textContent()).toBe(name);
  await menu().getByRole('searchbox').fill('');
}

async function pick(scope: ReturnType<Page['locator']>, label: string, text: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await scope.getByRole('option', { name: text }).first().click();
}

/** Opens the object's newest overhaul order from the Revisieorders screen, in the data set named. */
async function openOrder(p: Page, dataSet: string) {
  const { rows, record } = on(p);
  await openScreen(p, 'Revisieorders');
  await p.getByRole('group', { name: 'Gegevensset' }).getByRole('button', { name: dataSet, exact: true }).click();
  await poll(() => rows().filter({ hasText: 'E2E revisie' }).count()).toBe(1);
  await rows().filter({ hasText: 'E2E revisie' }).click();
  await poll(() => record().count()).toBe(1);
}

/** A transition from the open record's Status menu; all succeeded, its result closes by itself. */
async function move(p: Page, label: string, status: string) {
  await chooseTransition(on(p).actions(), label);
  await poll(orderStatus).toBe(status);
}

it('asks the workshop before it makes an overhaul order for an object', async () => {
  const { record, dialog, actions, rows } = on(page);
  await openScreen(page, 'Objecten');
  await page.getByRole('searchbox', { name: 'Zoeken' }).first().fill(OBJECT);
  await poll(() => rows().filter({ hasText: OBJECT }).count()).toBe(1);
  await rows().filter({ hasText: OBJECT }).click();
  await poll(() => record().count()).toBe(1);
  await actions().getByRole('button', { name: 'Revisieorder maken' }).click();
  const prompt = dialog('Revisieorder maken');
  // The workshop is required: the dialog does not run without it.
  const run = prompt.getByRole('button', { name: 'Uitvoeren' });
  await poll(() => run.isDisabled()).toBe(true);
  await pick(prompt, 'Werkplaats', 'Werkplaats Noord');
  await pick(prompt, 'Sjabloon', 'Revisie minigraver');
  await run.click();
  await poll(orderStatus).toBe('overhaul');
  await poll(() => prompt.getByRole('button', { name: 'Openen' }).count()).toBe(1);
  await prompt.locator('.app-modal-footer').getByRole('button', { name: 'Sluiten' }).click();
  await page.keyboard.press('Escape');
  await sql(
    `UPDATE overhaulorders SET descr = 'E2E revisie' WHERE object = (SELECT autoid FROM objects WHERE id = $1)`,
    [OBJECT],
  );
});

it('takes the intake through approval by a second user, and the overhaul to its approval', async () => {
  const { record } = on(page);
  await openOrder(page, 'Open');
  await move(page, 'Intake toevoegen', 'intake');
  await move(page, 'Intake afronden', 'intakecompleted');
  // The maker of the intake may not approve it: the template wants a second person.
  await chooseTransition(on(page).actions(), 'Intake goedkeuren');
  const refused = on(page).dialog('Intake goedkeuren');
  await poll(() => refused.textContent()).toContain('De intake moet door een tweede persoon worden goedgekeurd');
  await refused.locator('.app-modal-footer').getByRole('button', { name: 'Sluiten' }).click();
  expect(await orderStatus()).toBe('intakecompleted');
  await page.keyboard.press('Escape');
  await poll(() => record().count()).toBe(0);

  // A second user of the workshop approves the intake and completes the overhaul.
  const group = (await post(product.server.app, '/mvc/securitygroups/save', { ID: 'E2E-WP', Descr: 'E2E werkplaats' }))
    .body.AutoID;
  const user = (
    await post(product.server.app, '/mvc/users/save', {
      Username: 'werkplaats',
      Password: 'Workshop-pass-1',
      PasswordRetype: 'Workshop-pass-1',
    })
  ).body.AutoID;
  await post(product.server.app, '/mvc/usergroups/save', { User: user, SecurityGroup: group });
  const grants = ['28.1:read', '28.1:update', '28.4:execute', '28.6:execute', '6.1:read', '2.1:read', '10.43:read'];
  for (const grant of grants) {
    const [RightCode, Action] = grant.split(':');
    await post(product.server.app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode, Action });
  }
  const second = await openPage(browser);
  await signInAt(second, product.url, 'werkplaats', 'Workshop-pass-1');
  await openOrder(second, 'Intake gereed voor goedkeuring');
  await move(second, 'Intake goedkeuren', 'overhaul');
  await on(second).record().getByRole('tab', { name: 'Revisie' }).click();
  await move(second, 'Revisie afronden', 'overhaulcompleted');
  await second.close();

  await openOrder(page, 'Revisie gereed voor goedkeuring');
  await move(page, 'Revisie goedkeuren', 'approved');
  const done = (
    await sql(
      `SELECT ia.username AS intake, ca.username AS completed, aa.username AS approved FROM overhaulorders o
         JOIN users ia ON ia.autoid = o.intakeapprovedby JOIN users ca ON ca.autoid = o.completedby
         JOIN users aa ON aa.autoid = o.approvedby WHERE o.descr = 'E2E revisie'`,
    )
  ).rows;
  expect(done).toEqual([{ intake: 'werkplaats', completed: 'werkplaats', approved: 'admin' }]);
});
