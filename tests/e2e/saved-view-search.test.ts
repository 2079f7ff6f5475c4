// A newcomer saves a view of the orders grid while searching: the name may have spaces, the type
// selector is left alone and the view is personal, and the search text and the quick filter stay
// through saving as, switching views and back, and saving over the view (work in progress is not wiped).
import { expect, it } from 'vitest';
import { post } from '../integration/harness.ts';
import { screenshot } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';

useProduct({ signIn: true });

const search = () => page.getByRole('searchbox', { name: 'Zoeken' }).first();
const quick = () => page.getByRole('textbox', { name: 'Filter Ordernummer' }).first();
const viewName = () => page.locator('.grid-view-name').first().textContent();
const rows = () => page.getByRole('grid').first().locator('[role="row"][data-autoid]');
const SEARCH = 'BE-ORD-00001';

it('saves a view named with spaces as a personal view, keeping the search text', async () => {
  await expect.poll(() => page.getByRole('button', { name: 'Uitloggen' }).count()).toBe(1);
  await page.goto(`${product.url}/?route=orders`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Orders');
  // The demo's first order is delivered: it is in the data set Alle.
  await page.getByRole('group', { name: 'Gegevensset' }).getByRole('button', { name: 'Alle' }).click();
  await expect.poll(() => search().isEnabled()).toBe(true);
  await search().fill(SEARCH);
  await quick().fill('BE');
  await expect.poll(() => rows().count()).toBe(1);

  await page.getByRole('button', { name: 'Opslaan als…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Weergave opslaan als' });
  // The administrator may save both kinds: the personal view comes first and is chosen.
  expect(await dialog.getByLabel('Soort').inputValue()).toBe('1');
  await dialog.getByLabel('Naam').fill('Mijn open orders');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  await expect.poll(() => viewName()).toBe('Mijn open orders');
  expect(await search().inputValue()).toBe(SEARCH);
  expect(await quick().inputValue()).toBe('BE');
  expect(await rows().count()).toBe(1);
  await screenshot(page, 'saved-view-search');

  const listed = await post(product.server.app, '/mvc/orders/getflexgridlayouts', {
    ControlName: 'orders',
    Filter: { PageSize: 100, PageIndex: 0 },
  });
  const saved = (listed.body.Data as { Name: string; LayoutType: number }[]).filter(
    (l) => l.Name === 'Mijn open orders',
  );
  expect(saved.map((l) => l.LayoutType)).toEqual([1]);
});

it('keeps the search text when switching to another view and back to the saved one', async () => {
  const manager = page.getByRole('dialog', { name: 'Weergaven' });
  const choose = async (name: string) => {
    await page.getByRole('button', { name: 'Weergaven', exact: true }).click();
    await manager
      .getByRole('row')
      .filter({ has: page.getByText(name, { exact: true }) })
      .click();
    await manager.getByRole('button', { name: 'Toepassen' }).click();
    await expect.poll(() => manager.count()).toBe(0);
    await expect.poll(() => viewName()).toBe(name);
  };
  await choose('Orders');
  expect(await search().inputValue()).toBe(SEARCH);
  await choose('Mijn open orders');
  expect(await search().inputValue()).toBe(SEARCH);
  // The quick filter was saved with the view.
  expect(await quick().inputValue()).toBe('BE');
  await expect.poll(() => rows().count()).toBe(1);
});

it('keeps the search text when saving over the view', async () => {
  await page.getByRole('combobox', { name: 'Rijen per pagina' }).selectOption('50');
  await page.getByRole('button', { name: 'Weergave opslaan', exact: true }).click();
  await expect.poll(() => page.getByText('De weergave is opgeslagen.').count()).toBeGreaterThan(0);
  await expect.poll(() => page.locator('.grid-view-modified').count()).toBe(0);
  expect(await search().inputValue()).toBe(SEARCH);
  expect(await quick().inputValue()).toBe('BE');
  expect(await rows().count()).toBe(1);
});
