// A newcomer's walk at a laptop's size and at a phone's: the administrator's menu starts with the
// administration folded below the business areas and unfolds from the keyboard (kept after a
// reload); an empty child tab carries a light toolbar; on a phone an order's card shows the fields
// its grid definition names, and an opened record keeps its header and actions within a quarter
// of the screen without focusing a field.
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { post } from '../integration/harness.ts';
import { openPage, signInAt } from './browser.ts';
import { browser, product, useProduct } from './fixture.ts';

async function save(table: string, record: Record<string, unknown>): Promise<number> {
  const answer = await post(product.server.app, `/mvc/${table}/save`, record);
  if (answer.status !== 200) throw new Error(`saving ${table} failed: ${JSON.stringify(answer.body)}`);
  return answer.body.AutoID as number;
}
const sql = (text: string, values: unknown[] = []) => product.server.engine.pool.query(text, values);
const ids: Record<string, number> = {};

useProduct({ page: false });
beforeAll(async () => {
  const group = await sql(`SELECT autoid FROM addressgroups ORDER BY autoid LIMIT 1`);
  const addressGroup = group.rows.length
    ? Number(group.rows[0].autoid)
    : await save('addressgroups', { ID: 'FIT', Descr: 'Bezoekadres' });
  ids.empty = await save('relations', { ID: 'FIT001', Descr: 'Fit Leeg BV' });
  ids.full = await save('relations', { ID: 'FIT002', Descr: 'Fit Vol BV' });
  await save('relationaddresses', {
    Relation: ids.full,
    AddressGroup: addressGroup,
    Street: 'Fitstraat 1',
    City: 'Utrecht',
  });
});

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu' });
const groupButton = (page: Page, title: string) =>
  menu(page).getByRole('button', { name: new RegExp(`^${title} \\d+$`) });
const expanded = (page: Page, title: string) => () =>
  groupButton(page, title)
    .evaluateAll((all) => all.map((b) => b.getAttribute('aria-expanded')))
    .then((states) => [...new Set(states)]);
const entry = (page: Page, title: string) => menu(page).getByRole('button', { name: title, exact: true });

it('folds the administration for the administrator, unfolds a group from the keyboard and keeps it so', async () => {
  const page = await openPage(browser, { viewport: { width: 1366, height: 768 }, unfolded: false });
  await signInAt(page, product.url);
  await expect.poll(expanded(page, 'Backoffice')).toEqual(['true']);
  await expect.poll(expanded(page, 'Beheer')).toEqual(['false']);
  await expect.poll(expanded(page, 'Instellingen')).toEqual(['false']);
  await expect.poll(expanded(page, 'Systeemtabellen')).toEqual(['false']);
  expect(await entry(page, 'Kostenplaatsen').count()).toBe(0);
  // The search finds entries of folded groups.
  const filter = menu(page).getByLabel('Menu filteren');
  await filter.fill('Kostenplaatsen');
  await expect.poll(() => entry(page, 'Kostenplaatsen').count()).toBe(1);
  await filter.fill('');
  await expect.poll(() => entry(page, 'Kostenplaatsen').count()).toBe(0);

  // Enter on a heading unfolds its group; Space folds it and unfolds it again.
  await groupButton(page, 'Beheer').focus();
  await page.keyboard.press('Enter');
  await expect.poll(expanded(page, 'Beheer')).toEqual(['true']);
  await expect.poll(() => entry(page, 'Vertalingen').isVisible()).toBe(true);
  await page.keyboard.press('Space');
  await expect.poll(expanded(page, 'Beheer')).toEqual(['false']);
  await page.keyboard.press('Space');
  await expect.poll(expanded(page, 'Beheer')).toEqual(['true']);

  await page.reload();
  await expect.poll(expanded(page, 'Backoffice')).toEqual(['true']);
  await expect.poll(expanded(page, 'Beheer')).toEqual(['true']);
  await expect.poll(expanded(page, 'Systeemtabellen')).toEqual(['false']);

  // The group of the current screen is open.
  await page.goto(`${product.url}/?route=costcodes`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Kostenplaatsen');
  await expect.poll(() => entry(page, 'Kostenplaatsen').isVisible()).toBe(true);
  await page.close();
});

it('gives an empty child tab a light toolbar: Add and a short line, the full toolbar with rows or a search', async () => {
  const page = await openPage(browser, { viewport: { width: 1366, height: 768 } });
  await signInAt(page, product.url);
  await expect.poll(() => menu(page).count()).toBe(1);
  const record = page.locator('.app-record-screen');
  const panel = record.getByRole('tabpanel');
  const openAddresses = async (id: number) => {
    await page.goto(`${product.url}/?route=relations&id=${id}`);
    await expect.poll(() => record.getByRole('tab', { name: 'Adressen' }).count()).toBe(1);
    await record.getByRole('tab', { name: 'Adressen' }).click();
  };

  await openAddresses(ids.empty);
  await expect.poll(() => panel.getByText('Geen resultaten').count()).toBe(1);
  expect(await panel.getByRole('button', { name: 'Toevoegen', exact: true }).count()).toBe(1);
  for (const tool of ['Vernieuwen', 'Filters', 'Exporteren', 'Filters wissen'])
    expect(await panel.getByRole('button', { name: tool, exact: true }).count(), tool).toBe(0);
  expect(await panel.getByRole('searchbox', { name: 'Zoeken' }).count()).toBe(0);

  await openAddresses(ids.full);
  const rows = panel.getByRole('grid').locator('[role="row"][data-autoid]');
  await expect.poll(() => rows.count()).toBe(1);
  expect(await panel.getByRole('button', { name: 'Exporteren', exact: true }).count()).toBe(1);
  // A search that finds nothing keeps the toolbar, so the search can be cleared.
  await panel.getByRole('searchbox', { name: 'Zoeken' }).fill('zzz-niets');
  await expect.poll(() => panel.getByText('Geen resultaten').count()).toBe(1);
  expect(await panel.getByRole('button', { name: 'Filters wissen', exact: true }).isEnabled()).toBe(true);
  await panel.getByRole('button', { name: 'Filters wissen', exact: true }).click();
  await expect.poll(() => rows.count()).toBe(1);
  await page.close();
});

it('shows phone cards from the definition, a record whose header and actions take a quarter of the screen, and no focused input', async () => {
  const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
  await signInAt(page, product.url);
  await expect.poll(() => page.getByRole('button', { name: 'Uitloggen' }).count()).toBe(1);
  await page.goto(`${product.url}/?route=orders`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Orders');
  // The demo's first order is delivered: it is in the data set Alle.
  await page.getByRole('group', { name: 'Gegevensset' }).getByRole('button', { name: 'Alle' }).click();
  const sets = page.getByRole('group', { name: 'Gegevensset' });
  await expect.poll(() => sets.getByRole('button', { name: 'Alle' }).getAttribute('aria-pressed')).toBe('true');
  const search = page.getByRole('searchbox', { name: 'Zoeken' }).first();
  await expect.poll(() => search.isEnabled()).toBe(true);
  await search.fill('BE-ORD-00001');
  const card = page.locator('.grid-card').first();
  await expect.poll(() => page.locator('.grid-card').count()).toBe(1);
  // The grid definition's card: order number, relation, status, warehouse (not the view's first four columns).
  expect(await card.locator('.grid-card-title').allTextContents()).toEqual([
    'Ordernummer',
    'Afleverrelatie',
    'Status',
    'Magazijn',
  ]);
  const cells = await card.locator('[role="gridcell"]:not(.grid-select)').allTextContents();
  expect(cells[0]).toContain('BE-ORD-00001');
  expect(cells[1]).toContain('Mertens Stellingbouw BVBA');
  expect(cells[2].replace('Status', '').trim()).not.toBe('');

  await card.click();
  const record = page.locator('.app-record-screen');
  await expect.poll(() => record.locator('.detail-header-title').textContent()).toContain('BE-ORD-00001');
  await expect.poll(() => record.getByRole('tab', { name: 'Details' }).count()).toBe(1);
  const share = () =>
    record.evaluate((modal) => {
      const top = modal.getBoundingClientRect().top;
      const parts = ['.app-modal-header', '.detail-header', '.detail-actions']
        .map((s) => modal.querySelector(s)?.getBoundingClientRect().bottom ?? top)
        .map((bottom) => bottom - Math.max(0, top));
      return Math.max(...parts) / window.innerHeight;
    });
  await expect.poll(share).toBeLessThanOrEqual(0.25);
  // The transitions and actions are one menu; the stage bar shows the record's own stage.
  expect(await record.getByRole('toolbar', { name: 'Acties' }).getByRole('button', { name: 'Acties' }).count()).toBe(1);
  expect(await record.getByRole('button', { name: 'Status', exact: true }).count()).toBe(0);
  const focused = () => page.evaluate(() => document.activeElement?.tagName ?? '');
  await expect.poll(focused).not.toMatch(/^(INPUT|SELECT|TEXTAREA)$/);
  await page.close();
});
