// A grid is one tab stop, in Chromium: an administrator crosses the Relaties, Objecten and Orders
// grids with one Tab each, moves through the rows with the arrows, PageDown, Home and End, goes up
// to the column filters, and opens a row with Enter as a click would.
import { expect, it } from 'vitest';
import { page, useProduct } from './fixture.ts';

useProduct({ signIn: true });

const poll = expect.poll;
const menu = () => page.getByRole('navigation', { name: 'Menu' });
const grid = () => page.getByRole('grid').first();
const rows = () => grid().locator('[role="row"][data-autoid]');
const record = () => page.locator('.app-record-screen');

async function openScreen(title: string) {
  await menu().getByRole('searchbox').fill(title);
  await menu().getByRole('button', { name: title, exact: true }).click();
  await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
  await menu().getByRole('searchbox').fill('');
  await poll(() => rows().count()).toBeGreaterThan(5);
}

/** Where the focus is: inside the grid (and on which row), or not. */
const focus = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      inGrid: Boolean(el?.closest('[role="grid"]')),
      row: el?.getAttribute('role') === 'row' ? Number(el.dataset.rowIndex) : null,
      label: el?.getAttribute('aria-label') ?? '',
    };
  });

/** The Tab stops the grid had when every row, row checkbox, header control and filter was one. */
const controlsInGrid = () =>
  grid().evaluate(
    (g) =>
      g.querySelectorAll('[role="row"][data-autoid], input, select, button, [role="separator"]').length -
      g.querySelectorAll('input[type="checkbox"][disabled]').length,
  );

/** From the search box: Tabs until the focus is in the grid, then Tabs until it has left it. */
async function tabsToCross(): Promise<number> {
  await page.getByRole('searchbox', { name: 'Zoeken' }).first().focus();
  for (let i = 0; i < 60 && !(await focus()).inGrid; i++) await page.keyboard.press('Tab');
  expect((await focus()).inGrid).toBe(true);
  let presses = 0;
  while ((await focus()).inGrid && presses < 200) {
    await page.keyboard.press('Tab');
    presses++;
  }
  return presses;
}

const crossed: Record<string, { before: number; after: number }> = {};

for (const screen of ['Relaties', 'Objecten', 'Orders']) {
  it(`crosses the ${screen} grid with one Tab`, async () => {
    await openScreen(screen);
    const before = await controlsInGrid();
    const after = await tabsToCross();
    crossed[screen] = { before, after };
    expect(after).toBe(1);
  });
}

it('moves through the rows with the arrows, PageDown, Home and End; Enter opens the row', async () => {
  console.log('Tab stops to cross (every control a stop, as before / now):', JSON.stringify(crossed));
  await openScreen('Relaties');
  await page.getByRole('searchbox', { name: 'Zoeken' }).first().focus();
  while (!(await focus()).inGrid) await page.keyboard.press('Tab');
  expect((await focus()).row).toBe(0);
  await page.keyboard.press('ArrowDown');
  await poll(async () => (await focus()).row).toBe(1);
  await page.keyboard.press('PageDown');
  await poll(async () => (await focus()).row).toBeGreaterThan(2);
  const count = await rows().count();
  await page.keyboard.press('End');
  // The last row loaded (it may first scroll in: the rows are virtual).
  await poll(async () => (await focus()).row).toBeGreaterThanOrEqual(count - 1);
  await page.keyboard.press('Home');
  await poll(async () => (await focus()).row).toBe(0);
  // Up from the first row: the column filters; down again: back to the row.
  await page.keyboard.press('ArrowUp');
  await poll(async () => (await focus()).label).toMatch(/^Filter /);
  await page.keyboard.press('ArrowDown');
  await poll(async () => (await focus()).row).toBe(0);
  await page.keyboard.press('ArrowDown');
  await poll(async () => (await focus()).row).toBe(1);
  const code = (await grid().locator('[data-row-index="1"] [role="gridcell"]').first().textContent())!.trim();
  await page.keyboard.press('Enter');
  await poll(() => record().count()).toBe(1);
  await poll(() => record().locator('.detail-header-title').textContent()).toContain(code);
});
