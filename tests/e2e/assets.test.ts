// A back-office user works the asset side in Chromium: creates a rental product with a rental
// rate, creates three objects of it on the product's Objecten tab, puts two of them in a move
// basket from the objects grid and processes the basket, locks one object with a reason, and
// finds the history in the object's location log, move log and status log. An object's deep
// link opens it at start.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseTransition, screenshot, signInAt } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';

useProduct();

const sql = (text: string, values: unknown[] = []) => product.server.engine.pool.query(text, values);
const menu = () => page.getByRole('navigation', { name: 'Menu' });
const overview = () => page.getByRole('grid').first();
const rows = (grid = overview()) => grid.locator('[role="row"][data-autoid]');
const record = () => page.locator('.app-record-screen');
const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });
const panel = () => record().getByRole('tabpanel');
const footerSave = (scope = record()) => scope.locator('.app-modal-footer').getByRole('button', { name: 'Opslaan' });

/** Picks an entry of a list picker by typing part of its text. */
async function pick(scope: ReturnType<Page['locator']>, label: string, text: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await scope.getByRole('option', { name: text }).first().click();
}

async function openScreen(title: string) {
  await menu().getByRole('searchbox').fill(title);
  await menu().getByRole('button', { name: title, exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
  await menu().getByRole('searchbox').fill('');
}

async function search(text: string) {
  await page.getByRole('searchbox', { name: 'Zoeken' }).first().fill(text);
}

it('creates a rental product with a rental rate', async () => {
  await signInAt(page, product.url);
  await openScreen('Producten');
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  await expect.poll(() => record().locator('.detail-header-title').textContent()).toBe('Nieuw');
  await record().getByLabel('Producttype', { exact: true }).selectOption({ label: 'Verhuur' });
  await record().getByLabel('Productcode', { exact: true }).fill('E2E-HW');
  await record().getByLabel('Omschrijving', { exact: true }).fill('Hoogwerker E2E 12 m');
  await pick(record(), 'Status', 'Actief');
  await footerSave().click();
  await expect.poll(() => record().locator('.detail-header-title').textContent()).toContain('E2E-HW');

  await record().getByRole('tab', { name: 'Huurtarieven' }).click();
  await panel().getByRole('button', { name: 'Toevoegen', exact: true }).click();
  const form = dialog('Toevoegen');
  await expect.poll(() => form.getByLabel('Product', { exact: true }).inputValue()).toBe('Hoogwerker E2E 12 m');
  await pick(form, 'Huurtariefcode', 'Standaardtarief');
  await form.getByLabel('Ingangsdatum', { exact: true }).fill('1-1-2026');
  await form.getByLabel('Dag 1', { exact: true }).fill('145');
  await form.getByLabel('Week', { exact: true }).fill('560');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect.poll(() => form.count()).toBe(0);
  await expect.poll(() => rows(panel().getByRole('grid')).count()).toBe(1);
  const rate = await sql(`SELECT r.day1, r.week, c.id FROM productrentalrates r JOIN products p ON p.autoid = r.product
    JOIN rentalratecodes c ON c.autoid = r.ratecode WHERE p.id = 'E2E-HW'`);
  expect(rate.rows.map((r) => [Number(r.day1), Number(r.week), r.id])).toEqual([[145, 560, 'STD']]);
});

it("creates three objects of the product, numbered by their type's generator", async () => {
  await record().getByRole('tab', { name: 'Objecten' }).click();
  for (const serial of ['SN-E2E-1', 'SN-E2E-2', 'SN-E2E-3']) {
    await panel().getByRole('button', { name: 'Toevoegen', exact: true }).click();
    const form = dialog('Toevoegen');
    await expect.poll(() => form.getByLabel('Product', { exact: true }).inputValue()).toBe('Hoogwerker E2E 12 m');
    await form.getByLabel('Omschrijving', { exact: true }).fill(`Hoogwerker E2E ${serial}`);
    await pick(form, 'Objecttype', 'Minigraver');
    await form.getByLabel('Serienummer', { exact: true }).fill(serial);
    await pick(form, 'Huidige locatie', 'Depot Utrecht');
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await expect.poll(() => form.count()).toBe(0);
  }
  await expect.poll(() => rows(panel().getByRole('grid')).count()).toBe(3);
  const objects = await sql(
    `SELECT o.id FROM objects o JOIN products p ON p.autoid = o.product WHERE p.id = 'E2E-HW' ORDER BY o.serialnumber`,
  );
  expect(objects.rows.map((r) => r.id)).toEqual([
    expect.stringMatching(/^OBJ-\d{6}$/),
    expect.stringMatching(/^OBJ-\d{6}$/),
    expect.stringMatching(/^OBJ-\d{6}$/),
  ]);
  await screenshot(page, 'assets-product-objects');
});

it('puts two objects in a new move basket from the objects grid and processes the basket', async () => {
  await page.keyboard.press('Escape');
  await openScreen('Verplaatsmanden');
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  await record().getByLabel('Code', { exact: true }).fill('VM-E2E');
  await record().getByLabel('Omschrijving', { exact: true }).fill('Naar depot Rotterdam');
  await pick(record(), 'Naar locatie', 'Depot Rotterdam-Waalhaven');
  await footerSave().click();
  await expect.poll(() => record().locator('.detail-header-title').textContent()).toContain('VM-E2E');
  await page.keyboard.press('Escape');

  await openScreen('Objecten');
  await search('SN-E2E');
  await expect.poll(() => rows().count()).toBe(3);
  for (const serial of ['SN-E2E-1', 'SN-E2E-2'])
    await rows().filter({ hasText: serial }).getByRole('checkbox', { name: 'Rij selecteren' }).check();
  await page
    .getByRole('group', { name: 'Acties' })
    .getByRole('button', { name: 'Aan verplaatsmand toevoegen' })
    .click();
  const prompt = dialog('Aan verplaatsmand toevoegen (2 items)');
  await pick(prompt, 'Verplaatsmand', 'Naar depot Rotterdam');
  await prompt.getByRole('button', { name: 'Uitvoeren' }).click();
  // The basket items made are not offered to open: the dialog closes at once, no result dialog follows.
  await expect.poll(() => prompt.count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Openen' }).count()).toBe(0);
  await expect
    .poll(async () =>
      Number(
        (
          await sql(
            `SELECT count(*) FROM movebasketitems i JOIN movebaskets b ON b.autoid = i.basket WHERE b.id = 'VM-E2E'`,
          )
        ).rows[0].count,
      ),
    )
    .toBe(2);

  await openScreen('Verplaatsmanden');
  await search('VM-E2E');
  await rows().filter({ hasText: 'VM-E2E' }).click();
  await record().getByRole('tab', { name: 'Objecten' }).click();
  await expect.poll(() => rows(panel().getByRole('grid')).count()).toBe(2);
  await chooseTransition(record().getByRole('toolbar', { name: 'Acties' }), 'Verwerken');
  const run = dialog('Verwerken');
  await run.getByLabel('Reden van de verplaatsing', { exact: true }).fill('Inzet project Rotterdam');
  await run.getByRole('button', { name: 'Uitvoeren' }).click();
  await expect.poll(() => run.count()).toBe(0);
  await expect.poll(() => record().locator('.detail-header').textContent()).toContain('Verwerkt');
  const moved = await sql(
    `SELECT o.serialnumber, l.id FROM objects o JOIN locations l ON l.autoid = o.location WHERE o.serialnumber LIKE 'SN-E2E-%' ORDER BY 1`,
  );
  expect(moved.rows.map((r) => [r.serialnumber, r.id])).toEqual([
    ['SN-E2E-1', 'LOC-002'],
    ['SN-E2E-2', 'LOC-002'],
    ['SN-E2E-3', 'LOC-001'],
  ]);
  await page.keyboard.press('Escape');
});

it('locks an object with a reason and finds its history in the location log, the move log and the status log', async () => {
  await openScreen('Objecten');
  await search('SN-E2E-1');
  await expect.poll(() => rows().count()).toBe(1);
  await rows().first().click();
  await expect.poll(() => record().count()).toBe(1);
  await chooseTransition(record().getByRole('toolbar', { name: 'Acties' }), 'Vergrendelen');
  const lock = dialog('Vergrendelen');
  await pick(lock, 'Vergrendelreden', 'Schade gemeld');
  await lock.getByRole('button', { name: 'Uitvoeren' }).click();
  await expect.poll(() => lock.count()).toBe(0);
  await expect.poll(() => record().locator('.detail-header').textContent()).toContain('VergrendeldVergrendeld');

  await record().getByRole('tab', { name: 'Locatielog' }).click();
  const locationLog = rows(panel().getByRole('grid'));
  // Created in Utrecht, moved to Rotterdam by the basket, with the basket's reason.
  await expect.poll(() => locationLog.count()).toBe(2);
  await expect
    .poll(() => locationLog.allTextContents())
    .toContainEqual(expect.stringContaining('Inzet project Rotterdam'));
  await expect.poll(() => panel().textContent()).toContain('Depot Rotterdam-Waalhaven');

  await record().getByRole('tab', { name: 'Verplaatslog' }).click();
  await expect.poll(() => rows(panel().getByRole('grid')).count()).toBe(1);
  await expect.poll(() => rows(panel().getByRole('grid')).first().textContent()).toContain('Depot Utrecht');

  await record().getByRole('tab', { name: 'Statuslog' }).click();
  const log = panel().getByRole('table');
  // The lock, beside the status the object got when it was made.
  await expect
    .poll(() => log.locator('tbody tr').allTextContents())
    .toContainEqual(expect.stringContaining('Vergrendeld'));
  await screenshot(page, 'assets-object-history');

  // The locked object refuses to move: the server says so under its location.
  await record().getByRole('tab', { name: 'Details' }).click();
  await pick(record(), 'Huidige locatie', 'Depot Utrecht');
  await footerSave().click();
  await expect
    .poll(() => record().getByText('Een vergrendeld object kan niet worden verplaatst.').count())
    .toBeGreaterThan(0);
  const stored = await sql(
    `SELECT l.id FROM objects o JOIN locations l ON l.autoid = o.location WHERE o.serialnumber = 'SN-E2E-1'`,
  );
  expect(stored.rows[0].id).toBe('LOC-002');
});

it('asks before a type change loses filled-in properties, and loses them only on yes', async () => {
  // The refused move is still unsaved: closing asks, and it is not saved.
  await page.keyboard.press('Escape');
  await dialog('Wijzigingen niet opgeslagen').getByRole('button', { name: 'Niet opslaan' }).click();
  await expect.poll(() => record().count()).toBe(0);
  await search('SN-E2E-2');
  await expect.poll(() => rows().count()).toBe(1);
  await rows().first().click();
  // Hoogwerker brings the property Werkhoogte (m): filled in on the Eigenschappen tab.
  await pick(record(), 'Objecttype', 'Hoogwerker');
  await footerSave().click();
  await expect.poll(() => record().locator('.detail-header').textContent()).toContain('Hoogwerker');
  await record().getByRole('tab', { name: 'Eigenschappen' }).click();
  await panel().getByRole('button', { name: 'Toevoegen', exact: true }).click();
  const form = dialog('Toevoegen');
  await pick(form, 'Eigenschap', 'Werkhoogte (m)');
  await form.getByLabel('Waarde', { exact: true }).fill('12');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect.poll(() => rows(panel().getByRole('grid')).count()).toBe(1);

  await record().getByRole('tab', { name: 'Details' }).click();
  await pick(record(), 'Objecttype', 'Aggregaat');
  await footerSave().click();
  const question = dialog('Bevestigen');
  await expect
    .poll(() => question.textContent())
    .toContain('gaan 1 ingevulde eigenschappen verloren (Werkhoogte (m)); 0 blijven behouden');
  await question.getByRole('button', { name: 'Nee', exact: true }).click();
  const type = async () =>
    (
      await sql(
        `SELECT t.id FROM objects o JOIN objecttypes t ON t.autoid = o.objecttype WHERE o.serialnumber = 'SN-E2E-2'`,
      )
    ).rows[0].id;
  const valueCount = async () =>
    Number(
      (
        await sql(
          `SELECT count(*) FROM objectpropertyvalues v JOIN objects o ON o.autoid = v.object WHERE o.serialnumber = 'SN-E2E-2'`,
        )
      ).rows[0].count,
    );
  expect(await type()).toBe('OT-HWK');
  expect(await valueCount()).toBe(1);
  await footerSave().click();
  await dialog('Bevestigen').getByRole('button', { name: 'Ja', exact: true }).click();
  await expect.poll(type).toBe('OT-AGG');
  expect(await valueCount()).toBe(0);
});

it('opens an object at start from its deep link /frontoffice/object/{id}', async () => {
  const id = Number((await sql(`SELECT autoid FROM objects WHERE serialnumber = 'SN-E2E-3'`)).rows[0].autoid);
  const code = (await sql('SELECT id FROM objects WHERE autoid = $1', [id])).rows[0].id;
  await page.goto(`${product.url}/frontoffice/object/${id}`);
  await expect
    .poll(() => record().locator('.detail-header-title').textContent())
    .toBe(`${code} - Hoogwerker E2E SN-E2E-3`);
});
