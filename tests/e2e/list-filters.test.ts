// List and choice columns in Chromium, as a user sees them: in the cost-code grid the Kostensoort
// column (a list) is filtered by typing part of a category's description, and by picking
// categories by name; in the brand grid the Merksoort column (a choice) shows its labels, not
// its codes, and is filtered by picking a label.
import { beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, post } from '../integration/harness.ts';
import { screenshot } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';

useProduct();
beforeAll(async () => {
  const save = async (table: string, record: Record<string, unknown>) => {
    const res = await post(product.server.app, `/mvc/${table}/save`, record);
    if (res.status !== 200) throw new Error(`${table}: ${JSON.stringify(res.body)}`);
    return res.body.AutoID as number;
  };
  const staff = await save('costcategories', { ID: 'PERS', Descr: 'Personeelskosten' });
  const material = await save('costcategories', { ID: 'MAT', Descr: 'Materiaal' });
  for (const [ID, Descr, CostCategory] of [
    ['KP-1', 'Werkplaats', staff],
    ['KP-2', 'Magazijn', material],
    ['KP-3', 'Kantoor', staff],
    ['KP-4', 'Werf', null],
  ] as const) {
    await save('costcodes', { ID, Descr, CostCategory });
  }
  for (const [ID, Descr, BrandType] of [
    ['M-1', 'Bosch', 'object'],
    ['M-2', 'Makita', 'article'],
    ['M-3', 'Fluke', 'measuringdevice'],
  ] as const) {
    await save('brands', { ID, Descr, BrandType });
  }
  await page.goto(product.url);
  await page.getByLabel('Gebruikersnaam').fill('admin');
  await page.getByLabel('Wachtwoord').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
});

async function open(screen: string) {
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: screen, exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(screen);
}
const rows = () => page.locator('[role="row"][data-autoid]');
const codes = () =>
  rows().evaluateAll((list) =>
    list.map((r) => r.querySelector('[role="gridcell"]:not(.grid-select)')?.textContent ?? ''),
  );
/** The texts of one column's cells, by its header's position. */
async function cells(title: string): Promise<string[]> {
  const titles = await page
    .getByRole('grid')
    .first()
    .getByRole('columnheader')
    .evaluateAll((hs) => hs.map((h) => h.getAttribute('aria-label')));
  const index = titles.indexOf(title);
  return rows().evaluateAll(
    (list, i) => list.map((r) => r.querySelectorAll('[role="gridcell"]')[i]?.textContent ?? ''),
    index,
  );
}

it('a list column is filtered by typing part of the description it shows, and by picking rows by name', async () => {
  await open('Kostenplaatsen');
  await expect.poll(() => codes()).toEqual(['KP-1', 'KP-2', 'KP-3', 'KP-4']);
  expect(await cells('Kostensoort')).toEqual(['Personeelskosten', 'Materiaal', 'Personeelskosten', '']);

  await page.getByLabel('Filter Kostensoort').fill('pers');
  await expect.poll(() => codes()).toEqual(['KP-1', 'KP-3']);
  await screenshot(page, 'list-filters-quick');
  await page.getByLabel('Filter Kostensoort').fill('');
  await expect.poll(() => codes()).toEqual(['KP-1', 'KP-2', 'KP-3', 'KP-4']);

  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await page.getByRole('button', { name: 'Filter toevoegen' }).click();
  const filters = page.getByRole('group', { name: 'Geavanceerde filters' });
  await filters.getByLabel('Veld').selectOption({ label: 'Kostensoort' });
  // Filtered by what it shows: no ordering of the ids it stores.
  expect(await filters.getByLabel('Operator').locator('option').allTextContents()).toEqual([
    'bevat',
    'bevat niet',
    'is een van',
    'is',
    'is niet',
    'is leeg',
  ]);
  await filters.getByLabel('Operator').selectOption({ label: 'is een van' });
  const search = filters.getByRole('combobox', { name: 'Waarde' });
  await search.fill('mat');
  await page.getByRole('option', { name: 'Materiaal' }).click();
  await expect.poll(() => codes()).toEqual(['KP-2']);
  await search.fill('pers');
  await page.getByRole('option', { name: 'Personeelskosten' }).click();
  await expect.poll(() => codes()).toEqual(['KP-1', 'KP-2', 'KP-3']);
  await screenshot(page, 'list-filters-picked');
  await filters.getByRole('button', { name: 'Materiaal verwijderen' }).click();
  await expect.poll(() => codes()).toEqual(['KP-1', 'KP-3']);
  await page.getByRole('button', { name: 'Filters wissen' }).click();
  await expect.poll(() => codes()).toEqual(['KP-1', 'KP-2', 'KP-3', 'KP-4']);
});

it('a choice column shows its labels, not its codes, and is filtered by a label', async () => {
  await open('Merken');
  // The demo pack brings brands of its own: this test's carry codes M-1 to M-3.
  await page.getByRole('searchbox', { name: 'Zoeken' }).first().fill('M-');
  await expect.poll(() => codes()).toEqual(['M-1', 'M-2', 'M-3']);
  expect(await cells('Merksoort')).toEqual(['Object', 'Artikel', 'Meetinstrument']);

  const quick = page.getByLabel('Filter Merksoort');
  expect(await quick.locator('option').allTextContents()).toEqual(['Alle', 'Object', 'Artikel', 'Meetinstrument']);
  await quick.selectOption({ label: 'Artikel' });
  await expect.poll(() => codes()).toEqual(['M-2']);
  await screenshot(page, 'list-filters-choice');
  await quick.selectOption({ label: 'Alle' });
  await expect.poll(() => codes()).toEqual(['M-1', 'M-2', 'M-3']);

  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await page.getByRole('button', { name: 'Filter toevoegen' }).click();
  const filters = page.getByRole('group', { name: 'Geavanceerde filters' });
  await filters.getByLabel('Veld').selectOption({ label: 'Merksoort' });
  await filters.getByLabel('Operator').selectOption({ label: 'is niet' });
  await filters.getByRole('combobox', { name: 'Waarde' }).selectOption({ label: 'Object' });
  await expect.poll(() => codes()).toEqual(['M-2', 'M-3']);
});
