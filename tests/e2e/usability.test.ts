// A newcomer finds their way: the start page, a menu in areas with favourites and a search by
// title or internal name, an archived row found again, a settings page that refuses an
// out-of-range number on Ctrl+S and asks before its changes are lost, and a menu put away on a
// wide screen.
import { beforeAll, expect, it } from 'vitest';
import { screenshot, signInAt } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';
import { watchPolicyViolations } from './policy-violations.ts';

let violations: () => string[];

useProduct();
beforeAll(async () => {
  violations = await watchPolicyViolations(page);
});

const menu = () => page.getByRole('navigation', { name: 'Menu' });
const heading = () => page.getByRole('heading', { level: 1 }).textContent();
const groupTitles = () =>
  menu()
    .locator('.app-nav-group-toggle')
    .evaluateAll((all) => all.map((s) => s.childNodes[1]?.textContent?.trim() ?? ''));

it('starts a newcomer on the purchase order lines (spec 1 §2), with the menu in areas', async () => {
  await signInAt(page, product.url);
  await expect.poll(heading).toBe('Inkooporderregels');
  // Screens under a screen of Backoffice (Objecten, Locaties, Orders) come after it, as areas of their own.
  await expect
    .poll(groupTitles)
    .toEqual(
      expect.arrayContaining([
        'Beheer',
        'Instellingen',
        'Systeemtabellen',
        'Backoffice',
        'Locaties',
        'Objecten',
        'Orders',
      ]),
    );
  await screenshot(page, 'start-page');
});

it('finds a screen by its title or its internal name, and keeps favourites and recent screens', async () => {
  const filter = menu().getByLabel('Menu filteren');
  await filter.fill('costcodes');
  await expect.poll(() => menu().getByRole('button', { name: 'Kostenplaatsen', exact: true }).count()).toBe(1);
  await expect.poll(() => menu().locator('.app-nav-link').count()).toBe(1);
  await menu().getByRole('button', { name: 'Kostenplaatsen als favoriet' }).click();
  await filter.fill('');
  const favourites = menu()
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Favorieten' }) });
  await expect.poll(() => favourites.getByRole('button', { name: 'Kostenplaatsen', exact: true }).count()).toBe(1);
  await favourites.getByRole('button', { name: 'Kostenplaatsen', exact: true }).click();
  await expect.poll(heading).toBe('Kostenplaatsen');
  await menu().getByRole('button', { name: 'Start', exact: true }).click();
  await expect
    .poll(() => page.getByRole('list', { name: 'Recent geopend' }).getByRole('button').allTextContents())
    .toEqual(['Kostenplaatsen', 'Inkooporderregels']);
  await expect
    .poll(() => page.getByRole('list', { name: 'Favorieten' }).getByRole('button').allTextContents())
    .toEqual(['Kostenplaatsen']);
  // The start page's own search.
  await page.getByLabel('Scherm zoeken').fill('valuta');
  await expect
    .poll(() => page.getByRole('list', { name: 'Gevonden schermen' }).getByRole('button').allTextContents())
    .toEqual(['Valuta']);
});

it('finds an archived row again under Archief, in a table without a switch of its own', async () => {
  await menu().getByRole('button', { name: 'Landen', exact: true }).click();
  await expect.poll(heading).toBe('Landen');
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Toevoegen' });
  await form.getByLabel('Code', { exact: true }).fill('XQ');
  await form.getByLabel('Landnaam', { exact: true }).fill('Archiefland');
  await form.getByLabel('Archief', { exact: true }).check();
  // Ctrl+S saves the dialog.
  await form.getByLabel('Landnaam', { exact: true }).press('Control+s');
  await expect.poll(() => form.count()).toBe(0);
  await page.getByLabel('Zoeken', { exact: true }).fill('Archiefland');
  const rows = page.getByRole('grid').locator('[role="row"][data-autoid]');
  await expect.poll(() => rows.count()).toBe(0);
  await page.getByLabel('Gegevensbron').selectOption({ label: 'Archief' });
  await expect.poll(() => rows.count()).toBe(1);
});

it('refuses a number above its maximum on Ctrl+S, and asks before unsaved changes are lost', async () => {
  await menu().getByRole('button', { name: 'Beveiligingsinstellingen', exact: true }).click();
  await expect.poll(heading).toBe('Beveiligingsinstellingen');
  const length = page.getByLabel('Minimale lengte', { exact: true });
  await expect.poll(() => length.isEditable()).toBe(true);
  const before = await length.inputValue();
  await length.fill('9999');
  await length.press('Tab');
  // Not quietly made 128.
  await expect.poll(() => length.inputValue()).toBe('9999');
  await length.press('Control+s');
  const field = page.locator('.form-field').filter({ has: length });
  await expect.poll(() => field.locator('.form-field-error').textContent()).toContain('128');

  await menu().getByRole('button', { name: 'Kostenplaatsen', exact: true }).first().click();
  const unsaved = page.getByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
  await expect.poll(() => unsaved.count()).toBe(1);
  await unsaved.getByRole('button', { name: 'Annuleren' }).click();
  await expect.poll(heading).toBe('Beveiligingsinstellingen');
  await expect.poll(() => length.inputValue()).toBe('9999');
  await length.fill(before);
  await length.press('Tab');
  await menu().getByRole('button', { name: 'Kostenplaatsen', exact: true }).first().click();
  await expect.poll(heading).toBe('Kostenplaatsen');
});

it('puts the menu away on a wide screen, and keeps it away after a reload', async () => {
  await page.getByRole('button', { name: 'Menu verbergen' }).click();
  await expect.poll(() => menu().isVisible()).toBe(false);
  // The address does not change with the screen (spec 3 §2), so a reload opens the start route.
  await page.reload();
  await expect.poll(heading).toBe('Inkooporderregels');
  await expect.poll(() => menu().isVisible()).toBe(false);
  await page.getByRole('button', { name: 'Menu tonen' }).click();
  await expect.poll(() => menu().isVisible()).toBe(true);
});

it("adds a field from a table's own screen: the dictionary opens on that table and shows only the settings of the chosen type", async () => {
  await menu().getByRole('button', { name: 'Kostenplaatsen', exact: true }).first().click();
  await expect.poll(heading).toBe('Kostenplaatsen');
  await page.getByRole('button', { name: 'Velden aanpassen' }).click();
  await expect.poll(heading).toBe('Velddictionary');
  await expect.poll(() => page.locator('.app-page-scope').textContent()).toContain('Velden van Kostenplaatsen');
  // Beside the dictionary's rows: every field of the table and where it comes from.
  const fields = page.locator('.app-table-fields');
  await expect
    .poll(() => fields.getByRole('row').filter({ hasText: 'Naam kostenplaats' }).getByRole('cell').last().textContent())
    .toBe('Pakket base');
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Toevoegen' });
  await form.getByLabel('Veldnaam', { exact: true }).fill('Kleurcode');
  await form.getByLabel('Omschrijving', { exact: true }).fill('Kleurcode');
  await form.getByLabel('Veldtype', { exact: true }).selectOption({ label: 'Tekst' });
  await expect.poll(() => form.getByLabel('Maximale lengte', { exact: true }).count()).toBe(1);
  await expect.poll(() => form.getByLabel('Decimalen', { exact: true }).count()).toBe(0);
  await form.getByLabel('Maximale lengte', { exact: true }).fill('20');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect.poll(() => form.count()).toBe(0);
  await expect.poll(() => page.getByRole('grid').locator('[role="row"][data-autoid]').count()).toBe(1);
  await expect
    .poll(() => fields.getByRole('row').filter({ hasText: 'Kleurcode' }).getByRole('cell').last().textContent())
    .toBe('Deze installatie');
  await screenshot(page, 'field-dictionary-scoped');

  // The table's own form has the field at once.
  await menu().getByRole('button', { name: 'Kostenplaatsen', exact: true }).first().click();
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  await expect
    .poll(() => page.getByRole('dialog', { name: 'Toevoegen' }).getByLabel('Kleurcode', { exact: true }).count())
    .toBe(1);
  await page.keyboard.press('Escape');
});

it('shows rows as cards on a phone, with the tools behind Meer, and no sideways scrolling', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.getByRole('button', { name: 'Menu openen' }).click();
    await menu().getByRole('button', { name: 'Landen', exact: true }).click();
    await expect.poll(heading).toBe('Landen');
    const cards = page.getByRole('grid').locator('[role="row"].grid-card');
    await expect.poll(() => cards.count()).toBeGreaterThan(2);
    // Each card shows its fields with their titles.
    await expect
      .poll(() => cards.first().locator('.grid-card-title').allTextContents())
      .toEqual(['Code', 'Landnaam', 'ISO-code (3)', 'EU-lid']);
    const scroll = page.locator('.grid-scroll');
    expect(await scroll.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    expect(await page.getByRole('button', { name: 'Filters', exact: true }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Meer', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Filters', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'phone-cards');
    // A card opens its record, as a row does.
    await cards.first().click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Bewerken' }).count()).toBe(1);
    await page.keyboard.press('Escape');
  } finally {
    await page.setViewportSize({ width: 1400, height: 900 });
  }
});

it('ran every screen above within the content policy: the browser reported no violation', () => {
  expect(violations()).toEqual([]);
});
