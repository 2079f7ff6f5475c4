// No dead ends on the maintenance screens, in Chromium: a user who may only read a table opens a
// row read-only and sees a field the grid does not show (a detail screen's record too); a screen
// they may not open (a stale link, a right taken away since sign-in) and an account without any
// screen say so and whom to ask; the administrator saves and deletes with the toolbar's Verwijderen and the Delete key, is asked
// naming the record or counting the rows, hears that it worked, and keeps focus on the grid.
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, get, post } from '../integration/harness.ts';
import { openPage, screenshot } from './browser.ts';
import { browser, product, useProduct } from './fixture.ts';

const PASSWORD = 'Rita-pass-1';
let lockGrant = 0;

async function save(table: string, record: Record<string, unknown>): Promise<number> {
  const answer = await post(product.server.app, `/mvc/${table}/save`, record);
  if (answer.status !== 200) throw new Error(`saving ${table} failed: ${JSON.stringify(answer.body)}`);
  return answer.body.AutoID as number;
}

useProduct({ page: false });
beforeAll(async () => {
  // Rita may read block reasons (10.59), lock reasons (10.52) and relations (2.1), nothing else;
  // Nora is in no group.
  const rita = await save('users', {
    Username: 'rita',
    PersonName: 'Rita Raadpleger',
    Password: PASSWORD,
    PasswordRetype: PASSWORD,
  });
  await save('users', { Username: 'nora', PersonName: 'Nora Nieuw', Password: PASSWORD, PasswordRetype: PASSWORD });
  const readers = await save('securitygroups', { ID: 'readers', Descr: 'Raadplegers' });
  await save('securitygrants', { SecurityGroup: readers, RightCode: '10.59', Action: 'read' });
  lockGrant = await save('securitygrants', { SecurityGroup: readers, RightCode: '10.52', Action: 'read' });
  await save('securitygrants', { SecurityGroup: readers, RightCode: '2.1', Action: 'read' });
  await save('usergroups', { User: rita, SecurityGroup: readers });
  await save('blockreasons', { ID: 'WAN', Descr: 'Wanbetaling', Notes: 'Alleen na drie herinneringen' });
  await save('relations', { ID: 'RA001', Descr: 'Raadpleeg BV' });
  for (const [ID, Descr] of [
    ['DEL1', 'Eerste'],
    ['DEL2', 'Tweede'],
    ['DEL3', 'Derde'],
    ['DEL4', 'Vierde'],
    ['DEL5', 'Vijfde'],
  ]) {
    await save('blockreasons', { ID, Descr });
  }
});

async function signIn(page: Page, username: string, password: string, address = product.url) {
  await page.goto(address);
  await page.getByLabel('Gebruikersnaam').fill(username);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu' });
const dataRows = (page: Page) => page.getByRole('grid').locator('[role="row"][data-autoid]');
const row = (page: Page, code: string) => dataRows(page).filter({ hasText: code });
const toasts = (page: Page, text: string) =>
  page
    .locator('.app-toasts')
    .getByRole('status')
    .filter({ hasText: new RegExp(`^${text}$`) });
/** The record whose grid row has focus, if a row has it. */
const focusedRow = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[role="row"]')?.getAttribute('data-autoid') ?? null);
const autoidOf = (page: Page, code: string) => row(page, code).getAttribute('data-autoid');

/** Screenshots after the dialogs' fade-in, so they show what the user reads (spinners keep turning: not waited for). */
async function capture(page: Page, name: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished),
    ),
  );
  await screenshot(page, name);
}

async function openScreen(page: Page, title: string) {
  await menu(page).getByRole('button', { name: title, exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
}

it('opens a row read-only through Bekijken for a user who may only read, with the fields the grid leaves out', async () => {
  const page = await openPage(browser);
  await signIn(page, 'rita', PASSWORD);
  await openScreen(page, 'Blokkeerredenen');
  await expect.poll(() => row(page, 'WAN').count()).toBe(1);
  // The text area is not a grid column; the record shows it.
  expect(await page.getByRole('columnheader', { name: /Opmerkingen/ }).count()).toBe(0);
  expect(await page.locator('.grid-toolbar').getByRole('button', { name: 'Verwijderen' }).count()).toBe(0);

  // A row click needs the update right (spec 1 §6): the click and Enter only make the row the
  // one Bekijken opens.
  const view = page.getByRole('dialog', { name: 'Bekijken' });
  await row(page, 'WAN').click();
  await expect.poll(() => focusedRow(page)).toBe(await autoidOf(page, 'WAN'));
  await page.keyboard.press('Enter');
  expect(await view.count()).toBe(0);
  await page.locator('.grid-toolbar').getByRole('button', { name: 'Bekijken' }).click();
  await expect.poll(() => view.getByLabel('Opmerkingen').inputValue()).toBe('Alleen na drie herinneringen');
  expect(await view.getByLabel('Opmerkingen').getAttribute('readonly')).not.toBeNull();
  expect(await view.getByLabel('Omschrijving', { exact: true }).getAttribute('readonly')).not.toBeNull();
  expect(await view.getByRole('note').textContent()).toBe(
    'U kunt dit item alleen bekijken: u heeft geen recht om het te wijzigen.',
  );
  expect(await view.getByRole('button', { name: 'Opslaan' }).count()).toBe(0);
  await capture(page, 'record-read-only');
  await page.keyboard.press('Escape');
  await expect.poll(() => view.count()).toBe(0);

  // By keyboard too: Bekijken takes the row last focused.
  await row(page, 'WAN').focus();
  await page.locator('.grid-toolbar').getByRole('button', { name: 'Bekijken' }).press('Enter');
  await expect.poll(() => view.getByLabel('Opmerkingen').inputValue()).toBe('Alleen na drie herinneringen');
  await view.getByRole('button', { name: 'Sluiten' }).last().click();
  await expect.poll(() => view.count()).toBe(0);

  // A right taken away after sign-in: the menu still offers the screen, the page says why it is empty.
  expect((await post(product.server.app, '/mvc/securitygrants/delete', { autoid: lockGrant })).status).toBe(200);
  await expect
    .poll(
      async () =>
        (await get(product.server.app, '/mvc/security/explain?username=rita&right=10.52&action=read')).body.Allowed,
    )
    .toBe(false);
  await menu(page).getByRole('button', { name: 'Vergrendelredenen', exact: true }).click();
  await expect
    .poll(() =>
      page
        .getByRole('alert')
        .filter({ hasText: 'U heeft geen recht om het scherm "Vergrendelredenen" te openen.' })
        .count(),
    )
    .toBe(1);
  expect(await page.getByText('Een beheerder kan u dat recht geven via "Rechten van groepen".').count()).toBe(1);
  expect(await page.getByRole('grid').count()).toBe(0);
  await page.context().close();
});

it("opens a detail screen's record read-only through Bekijken for a user who may only read it", async () => {
  const page = await openPage(browser);
  await signIn(page, 'rita', PASSWORD);
  await openScreen(page, 'Relaties');
  await page.getByRole('searchbox', { name: 'Zoeken', exact: true }).fill('RA001');
  await expect.poll(() => dataRows(page).count()).toBe(1);
  const record = page.locator('.app-record-screen');
  await row(page, 'RA001').click();
  await expect.poll(() => focusedRow(page)).toBe(await autoidOf(page, 'RA001'));
  expect(await record.count()).toBe(0);
  await page.locator('.grid-toolbar').getByRole('button', { name: 'Bekijken' }).click();
  await expect.poll(() => record.getByLabel('Naam', { exact: true }).inputValue()).toBe('Raadpleeg BV');
  expect(await record.getByLabel('Naam', { exact: true }).getAttribute('readonly')).not.toBeNull();
  expect(await record.getByRole('note').textContent()).toBe(
    'U kunt dit item alleen bekijken: u heeft geen recht om het te wijzigen.',
  );
  expect(await record.getByRole('button', { name: 'Opslaan' }).count()).toBe(0);
  await page.context().close();
});

it('says so when a link names a screen the user may not open', async () => {
  const page = await openPage(browser);
  await signIn(page, 'rita', PASSWORD, `${product.url}/?route=countries`);
  await expect
    .poll(() =>
      page
        .getByRole('alert')
        .filter({
          hasText: 'Het scherm "countries" kan niet worden geopend: u heeft er geen recht op, of het bestaat niet.',
        })
        .count(),
    )
    .toBe(1);
  expect(await page.getByRole('grid').count()).toBe(0);
  // The menu still leads to what the user may open.
  await openScreen(page, 'Blokkeerredenen');
  await page.context().close();
});

it('tells a user without any screen whom to ask', async () => {
  // The start page says it (its own sentence); the page is not blank.
  const page = await openPage(browser);
  await signIn(page, 'nora', PASSWORD);
  await expect
    .poll(() => page.getByText(/Uw account heeft nog geen rechten op schermen\. Vraag een beheerder/).count())
    .toBe(1);
  await capture(page, 'record-no-screens');
  await page.context().close();
});

it('saves and deletes with the toolbar and the Delete key, naming the record and saying it worked', async () => {
  const page = await openPage(browser);
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await openScreen(page, 'Blokkeerredenen');
  await page.getByRole('searchbox', { name: 'Zoeken', exact: true }).fill('DEL');
  await expect.poll(() => dataRows(page).count()).toBe(5);
  const confirmation = page.getByRole('dialog', { name: 'Verwijderen' });
  const toolbarDelete = page.locator('.grid-toolbar').getByRole('button', { name: 'Verwijderen' });
  expect(await toolbarDelete.isDisabled()).toBe(true);

  // A save says so, and focus is back on the row.
  const first = await autoidOf(page, 'DEL1');
  await row(page, 'DEL1').click();
  const form = page.getByRole('dialog', { name: 'Bewerken' });
  await form.getByLabel('Omschrijving', { exact: true }).fill('Eerste (gewijzigd)');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect.poll(() => toasts(page, 'Opgeslagen').count()).toBe(1);
  await expect.poll(() => form.count()).toBe(0);
  await expect.poll(() => row(page, 'Eerste (gewijzigd)').count()).toBe(1);
  await expect.poll(() => focusedRow(page)).toBe(first);

  // The toolbar's Verwijderen on a selected row: the question names it.
  await row(page, 'DEL2').getByRole('checkbox', { name: 'Rij selecteren' }).check();
  await toolbarDelete.click();
  await expect
    .poll(() => confirmation.locator('p').textContent())
    .toBe('Weet u zeker dat u "DEL2 - Tweede" wilt verwijderen?');
  await capture(page, 'record-delete-named');
  await confirmation.getByRole('button', { name: 'Ja', exact: true }).click();
  await expect.poll(() => toasts(page, 'Verwijderd').count()).toBe(1);
  await expect.poll(() => dataRows(page).count()).toBe(4);
  // Focus is on the row that took the deleted one's place.
  const third = await autoidOf(page, 'DEL3');
  await expect.poll(() => focusedRow(page)).toBe(third);

  // The Delete key on the focused row.
  await page.keyboard.press('Delete');
  await expect
    .poll(() => confirmation.locator('p').textContent())
    .toBe('Weet u zeker dat u "DEL3 - Derde" wilt verwijderen?');
  await confirmation.getByRole('button', { name: 'Ja', exact: true }).click();
  await expect.poll(() => dataRows(page).count()).toBe(3);
  await expect.poll(() => focusedRow(page)).toBe(await autoidOf(page, 'DEL4'));

  // The Delete key on a row of a selection of two: the question counts them.
  await row(page, 'DEL4').getByRole('checkbox', { name: 'Rij selecteren' }).check();
  await row(page, 'DEL5').getByRole('checkbox', { name: 'Rij selecteren' }).check();
  await row(page, 'DEL4').focus();
  await page.keyboard.press('Delete');
  await expect.poll(() => confirmation.locator('p').textContent()).toBe('Weet u zeker dat u 2 rijen wilt verwijderen?');
  await confirmation.getByRole('button', { name: 'Ja', exact: true }).click();
  await expect.poll(() => toasts(page, '2 rijen verwijderd').count()).toBe(1);
  await expect.poll(() => dataRows(page).count()).toBe(1);
  await expect.poll(() => focusedRow(page)).toBe(first);
  const left = await product.server.engine.pool.query(`SELECT id FROM blockreasons WHERE id LIKE 'DEL%' ORDER BY id`);
  expect(left.rows.map((r) => r.id)).toEqual(['DEL1']);
  await page.context().close();
});
