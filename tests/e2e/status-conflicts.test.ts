// Status changes of an open record under way of others, in Chromium: a transition of a relation
// someone else changed meanwhile is refused, the record says so and shows the record as it is now,
// and the next try goes through; a user who may not see the record in its new status is taken back
// to the overview with a notice.
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { post } from '../integration/harness.ts';
import { chooseTransition, openPage, signInAt } from './browser.ts';
import { browser, product, useProduct } from './fixture.ts';

const ids: Record<string, number> = {};
const PASSWORD = 'Stella-pass-1';

async function save(table: string, record: Record<string, unknown>): Promise<number> {
  const answer = await post(product.server.app, `/mvc/${table}/save`, record);
  if (answer.status !== 200) throw new Error(`saving ${table} failed: ${JSON.stringify(answer.body)}`);
  return answer.body.AutoID as number;
}
const sql = (text: string, values: unknown[] = []) => product.server.engine.pool.query(text, values);

useProduct({ page: false });
beforeAll(async () => {
  const found = await sql(`SELECT autoid FROM blockreasons WHERE id = 'BETALING'`);
  ids.reason = found.rows.length
    ? Number(found.rows[0].autoid)
    : await save('blockreasons', { ID: 'BETALING', Descr: 'Betalingsachterstand' });
  ids.conflict = await save('relations', { ID: 'SC001', Descr: 'Stale Status BV' });
  ids.hidden = await save('relations', { ID: 'SC002', Descr: 'Verdwijn Techniek' });
  // Stella may read, change and block relations, but sees only those blocked as she is herself:
  // not (a row limit on Blocked, equal to her own LockedOut). Blocking one takes it out of her sight.
  const stella = await save('users', {
    Username: 'stella',
    PersonName: 'Stella Status',
    Password: PASSWORD,
    PasswordRetype: PASSWORD,
    LockedOut: false,
  });
  const group = await save('securitygroups', { ID: 'blockers', Descr: 'Blokkeerders' });
  for (const Action of ['read', 'update'])
    await save('securitygrants', { SecurityGroup: group, RightCode: '2.1', Action });
  await save('securitygrants', { SecurityGroup: group, RightCode: '2.2', Action: 'execute' });
  await save('securitygrants', { SecurityGroup: group, RightCode: '10.59', Action: 'read' });
  // Blocking stamps BlockedBy with the user: she sees herself among the users, no one else.
  await save('securitygrants', { SecurityGroup: group, RightCode: '12.3', Action: 'read' });
  await save('rowlimits', {
    SecurityGroup: group,
    TableName: 'users',
    FieldName: 'Username',
    Kind: 'userfield',
    UserField: 'Username',
  });
  await save('rowlimits', {
    SecurityGroup: group,
    TableName: 'relations',
    FieldName: 'Blocked',
    Kind: 'userfield',
    UserField: 'LockedOut',
  });
  await save('usergroups', { User: stella, SecurityGroup: group });
});

const record = (page: Page) => page.locator('.app-record-screen');
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu' });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
const blocked = async (autoid: number) =>
  (await sql('SELECT blocked FROM relations WHERE autoid = $1', [autoid])).rows[0].blocked as boolean;

/** Picks an entry of a list picker by typing part of its text. */
async function pick(scope: ReturnType<Page['locator']>, label: string, text: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await scope.getByRole('option', { name: text }).first().click();
}

/** Blokkeren on the open record, with a reason. */
async function block(page: Page) {
  await chooseTransition(record(page).getByRole('toolbar', { name: 'Acties' }), 'Blokkeren');
  const prompt = dialog(page, 'Blokkeren');
  await pick(prompt, 'Reden', 'Betalingsachterstand');
  await prompt.getByRole('button', { name: 'Uitvoeren' }).click();
}

it('refuses a transition of a record someone else changed meanwhile, shows it as it is now, and lets the user try again', async () => {
  const page = await openPage(browser);
  await signInAt(page, product.url);
  await expect.poll(() => menu(page).count()).toBe(1);
  await page.goto(`${product.url}/?route=relations&id=${ids.conflict}`);
  await expect.poll(() => record(page).locator('.detail-header-title').textContent()).toBe('SC001 - Stale Status BV');
  await expect.poll(() => record(page).getByLabel('Naam 2', { exact: true }).inputValue()).toBe('');

  // Someone else saves the relation while it is open here.
  const stored = (await post(product.server.app, '/mvc/relations/GetItem', { autoid: ids.conflict })).body;
  await save('relations', { ...stored, Name2: 'Gewijzigd elders' });

  await block(page);
  const refused = record(page).getByRole('alert').filter({ hasText: 'Het item is intussen door een ander gewijzigd.' });
  await expect.poll(() => refused.count()).toBe(1);
  // No batch result to close: the record says it, read again with the other change.
  expect(await dialog(page, 'Blokkeren').count()).toBe(0);
  await expect.poll(() => record(page).getByLabel('Naam 2', { exact: true }).inputValue()).toBe('Gewijzigd elders');
  expect(await blocked(ids.conflict)).toBe(false);

  // The record now carries the current TimeStamp: the same transition goes through.
  await block(page);
  await expect.poll(() => record(page).locator('.detail-header').textContent()).toContain('GeblokkeerdGeblokkeerd');
  expect(await blocked(ids.conflict)).toBe(true);
  await expect.poll(() => refused.count()).toBe(0);
  await page.close();
});

it('takes a user who may not see the record in its new status back to the overview, with a notice', async () => {
  const page = await openPage(browser);
  await signInAt(page, product.url, 'stella', PASSWORD);
  await menu(page).getByRole('button', { name: 'Relaties', exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Relaties');
  await page.getByRole('searchbox', { name: 'Zoeken' }).first().fill('SC002');
  const rows = page.getByRole('grid').first().locator('[role="row"][data-autoid]');
  await expect.poll(() => rows.count()).toBe(1);
  await rows.first().click();
  await expect.poll(() => record(page).locator('.detail-header-title').textContent()).toBe('SC002 - Verdwijn Techniek');

  await block(page);
  await expect.poll(() => record(page).count()).toBe(0);
  const notice = 'U heeft geen rechten om deze status te zien; u bent teruggekeerd naar het overzicht.';
  await expect.poll(() => page.getByRole('alert').filter({ hasText: notice }).count()).toBe(1);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Relaties');
  await expect.poll(() => rows.count()).toBe(0);
  expect(await blocked(ids.hidden)).toBe(true);
  await page.close();
});
