// A user switches the language in the header: the runtime's own texts follow from its catalogs,
// and the server answers the menu (screen titles), grid column titles, forms and validation
// errors in the language of the Culture cookie. Expectations come from the files as they are at
// test time: the packs' locales/<lang>.json (keyed by the Dutch text; a text without one stays
// Dutch, as on the server), locales/<lang>/messages.po and locales/<lang>/server.json.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../integration/harness.ts';
import { screenshot } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The packs startProduct loads, in layer order: a later pack's translation wins. */
const PACKS = ['core', 'base', 'demo'];
const SWITCH = ['Nederlands', 'Dansk', 'Deutsch', 'English', 'Español', 'Français', 'Polski', 'Türkçe', '中文'];
const SCREEN = 'Kostenplaatsen';

/** Whether a pack file for the language was there (the German and Chinese ones are being written). */
const packFiles = (language: string) =>
  PACKS.map((p) => path.join(ROOT, 'definitions', 'packs', p, 'locales', `${language}.json`)).filter(existsSync);

/** The definitions' texts in a language: the packs' translations, Dutch where there is none. */
function packText(language: string): (dutch: string) => string {
  const messages: Record<string, string> = {};
  for (const file of packFiles(language))
    Object.assign(messages, (JSON.parse(readFileSync(file, 'utf8')) as { messages: Record<string, string> }).messages);
  return (dutch) => messages[dutch] || dutch;
}

/** The runtime's own texts in a language (its lingui catalog); every one is filled. */
function runtimeText(language: string): (dutch: string) => string {
  const po = readFileSync(path.join(ROOT, 'locales', language, 'messages.po'), 'utf8');
  const entries = new Map(
    [...po.matchAll(/msgid ("(?:[^"\\]|\\.)*")\nmsgstr ("(?:[^"\\]|\\.)*")/g)].map(([, id, str]) => [
      JSON.parse(id) as string,
      JSON.parse(str) as string,
    ]),
  );
  return (dutch) => {
    const text = entries.get(dutch);
    if (!text) throw new Error(`locales/${language}/messages.po has no translation of "${dutch}"`);
    return text;
  };
}

const serverMessage = (language: string, id: string) =>
  (JSON.parse(readFileSync(path.join(ROOT, 'locales', language, 'server.json'), 'utf8')) as Record<string, string>)[id];

let dutchColumns: string[];

useProduct();
beforeAll(async () => {
  for (const language of ['de', 'zh']) {
    if (!packFiles(language).length)
      console.warn(
        `No definitions/packs/*/locales/${language}.json yet: the ${language} screen and column titles are expected in Dutch`,
      );
  }
});

const menu = () => page.locator('nav#app-nav');
const columnTitles = () =>
  page
    .getByRole('grid')
    .locator('[role="columnheader"][aria-label]')
    .evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label') ?? ''));
const heading = () => page.getByRole('heading', { level: 1 }).textContent();

/** A switch loads the language's catalog and reads the screens again: more than a poll's default second. */
const SWITCHED = { timeout: 15_000 };

async function switchTo(endonym: string) {
  await page.locator('select.app-language').selectOption({ label: endonym });
}

it('offers all nine languages by their own names, Dutch first', async () => {
  await page.goto(product.url);
  // The switch is there once the app has rendered, and lists the languages on offer once asked.
  await expect.poll(() => page.locator('select.app-language option').allTextContents()).toEqual(SWITCH);
  await page.getByLabel('Gebruikersnaam').fill('admin');
  await page.getByLabel('Wachtwoord').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await menu().getByRole('button', { name: SCREEN, exact: true }).click();
  await expect.poll(heading).toBe(SCREEN);
  await expect.poll(async () => (await columnTitles()).length).toBeGreaterThan(1);
  dutchColumns = await columnTitles();
});

it('switches to German: the runtime, the menu and the open grid follow', async () => {
  const ui = runtimeText('de');
  const de = packText('de');
  await switchTo('Deutsch');
  await expect.poll(() => page.evaluate(() => document.cookie), SWITCHED).toContain('Culture=de');
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), SWITCHED).toBe('de');
  // The runtime's own texts.
  await expect.poll(() => page.getByRole('button', { name: ui('Toevoegen'), exact: true }).count(), SWITCHED).toBe(1);
  await expect.poll(() => page.getByRole('navigation', { name: ui('Menu') }).count()).toBe(1);
  // The server's: the menu and the page title, and the grid that was open reloads its column titles.
  const title = de(SCREEN);
  if (packFiles('de').length) expect(title).not.toBe(SCREEN);
  await expect.poll(() => menu().getByRole('button', { name: title, exact: true }).count(), SWITCHED).toBe(1);
  await expect.poll(heading).toBe(title);
  await expect.poll(columnTitles, SWITCHED).toEqual(dutchColumns.map(de));
  await screenshot(page, 'languages-de');
});

it('opens the grid from the German menu and shows its German column titles', async () => {
  const de = packText('de');
  await menu()
    .getByRole('button', { name: de(SCREEN), exact: true })
    .click();
  await expect.poll(heading).toBe(de(SCREEN));
  await expect.poll(columnTitles).toEqual(dutchColumns.map(de));
});

it('answers an empty new record with German validation errors under the fields', async () => {
  const ui = runtimeText('de');
  const de = packText('de');
  await page.getByRole('button', { name: ui('Toevoegen'), exact: true }).click();
  const form = page.getByRole('dialog', { name: ui('Toevoegen') });
  // Save shows once something changed: an optional field only, so the required ones stay empty.
  await form.getByLabel(de('Budget'), { exact: true }).fill('5');
  await form.getByRole('button', { name: ui('Opslaan'), exact: true }).click();
  // validation.required names the field by its label in the user's language.
  const required = serverMessage('de', 'validation.required');
  expect(required).toContain('{0}');
  for (const dutchLabel of ['Code', 'Naam kostenplaats']) {
    const field = form.locator('.form-field').filter({ has: page.getByText(de(dutchLabel), { exact: true }) });
    await expect
      .poll(() => field.locator('.form-field-error').textContent())
      .toBe(required.replace('{0}', de(dutchLabel)));
  }
  await screenshot(page, 'languages-de-form');

  // On a phone: the same form, then the grid and the menu, with German's long words.
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'languages-de-narrow-form');
  await form
    .getByRole('button', { name: ui('Sluiten'), exact: true })
    .last()
    .click();
  await page.getByRole('button', { name: ui('Niet opslaan'), exact: true }).click();
  await expect.poll(() => form.count()).toBe(0);
  await screenshot(page, 'languages-de-narrow-grid');
  await page.getByRole('button', { name: ui('Menu openen') }).click();
  await expect.poll(() => menu().isVisible()).toBe(true);
  await screenshot(page, 'languages-de-narrow-menu');
  await page.getByRole('button', { name: ui('Menu openen') }).click();
  await page.setViewportSize({ width: 1400, height: 900 });
});

it('switches to Chinese: the menu shows the Chinese title', async () => {
  const ui = runtimeText('zh');
  const zh = packText('zh');
  await switchTo('中文');
  await expect.poll(() => page.getByRole('button', { name: ui('Toevoegen'), exact: true }).count(), SWITCHED).toBe(1);
  const title = zh(SCREEN);
  if (packFiles('zh').length) expect(title).not.toBe(SCREEN);
  await expect.poll(() => menu().getByRole('button', { name: title, exact: true }).count(), SWITCHED).toBe(1);
  await expect.poll(heading).toBe(title);
  await expect.poll(columnTitles, SWITCHED).toEqual(dutchColumns.map(zh));
  await screenshot(page, 'languages-zh');
});

it('corrects a definition text and a runtime string as administrator, and sees both at once without a reload', async () => {
  const ui = runtimeText('en');
  const en = packText('en');
  await switchTo('English');
  await expect.poll(() => page.getByRole('button', { name: ui('Toevoegen'), exact: true }).count(), SWITCHED).toBe(1);
  await menu()
    .getByRole('button', { name: en('Vertalingen'), exact: true })
    .click();
  await expect.poll(heading).toBe(en('Vertalingen'));
  // The task opens on the user's own language.
  await expect.poll(() => page.getByLabel(ui('Vertalen naar')).inputValue()).toBe('en');

  // A definition text: the grid's column title.
  await page.getByLabel(ui('Zoeken'), { exact: true }).fill('Naam kostenplaats');
  const label = page.getByRole('textbox', { name: 'Naam kostenplaats', exact: true });
  await expect.poll(() => label.inputValue()).toBe(en('Naam kostenplaats'));
  await label.fill('Cost centre title');
  await label.press('Enter');
  await expect
    .poll(() =>
      page
        .getByRole('status')
        .filter({ hasText: ui('Opgeslagen') })
        .count(),
    )
    .toBe(1);

  // A runtime string: the grid's Add button.
  await page.getByLabel(ui('Bron')).selectOption('runtime');
  await page.getByLabel(ui('Zoeken'), { exact: true }).fill('Toevoegen');
  const add = page.getByRole('textbox', { name: 'Toevoegen', exact: true });
  await expect.poll(() => add.inputValue()).toBe(ui('Toevoegen'));
  await add.fill('Add new');
  await page
    .getByRole('row')
    .filter({ has: add })
    .getByRole('button', { name: ui('Opslaan'), exact: true })
    .click();
  await expect
    .poll(() =>
      page
        .getByRole('row')
        .filter({ has: add })
        .getByRole('button', { name: ui('Herstellen') })
        .count(),
    )
    .toBe(1);

  // A placeholder dropped is refused on the box, in English, and nothing changes.
  await page.getByLabel(ui('Zoeken'), { exact: true }).fill('{current} van {total} rijen');
  const results = page.getByRole('textbox', { name: '{current} van {total} rijen', exact: true });
  await results.fill('results');
  await results.press('Enter');
  await expect.poll(() => page.getByRole('alert').filter({ hasText: '{current} {total}' }).count()).toBe(1);
  await screenshot(page, 'translations-task');
  // Escape puts the box back; with nothing unsaved, the menu leaves without asking.
  await results.press('Escape');
  await expect.poll(() => results.inputValue()).toBe(ui('{current} van {total} rijen'));

  await menu()
    .getByRole('button', { name: en(SCREEN), exact: true })
    .click();
  await expect.poll(heading).toBe(en(SCREEN));
  await expect.poll(columnTitles, SWITCHED).toContain('Cost centre title');
  await expect.poll(() => page.getByRole('button', { name: 'Add new', exact: true }).count(), SWITCHED).toBe(1);

  // The dashboard counts both corrections for English.
  await menu()
    .getByRole('button', { name: en('Vertaaldashboard'), exact: true })
    .click();
  const english = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'English' }) });
  await expect
    .poll(() => english.getByRole('cell').allTextContents())
    .toEqual([expect.stringContaining('(100%)'), '0', '2', '0', '']);
  await screenshot(page, 'translations-dashboard');
});
