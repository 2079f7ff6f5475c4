// A newcomer's walk over every record screen of the shipped packs, in Chromium: each opens its
// overview and its first row (the overview only when the demo has none), and every tab of the record shows
// without a failed call, an error on the page or a script error. New areas are walked as they are
// added, by their definitions: a tab that names a field its table lacks fails here.
import { expect, it } from 'vitest';
import type { Response } from 'playwright-core';
import { signInAt } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';

useProduct();

const record = () => page.locator('.app-record-screen');

/** The record screens of the packs, by name, with the table each shows. */
function recordScreens(): { name: string; title: string; table: string }[] {
  const screens = [...product.server.engine.registry.snapshot.effective.screens.values()].map((s) => s.value);
  return screens
    .flatMap((s) => (s.kind === 'detail' && s.table ? [{ name: s.name, title: s.title, table: s.table }] : []))
    .sort((a, b) => a.name.localeCompare(b.name));
}

it('opens every record screen on a record and shows each of its tabs without a failure', async () => {
  const failed: string[] = [];
  let where = '';
  const heard = (res: Response) => {
    if (res.url().includes('/mvc/') && res.status() >= 400) failed.push(`${where}: ${res.status()} ${res.url()}`);
  };
  await signInAt(page, product.url);
  await expect.poll(() => page.getByRole('navigation', { name: 'Menu' }).count()).toBe(1);
  page.on('response', heard);
  const walked: string[] = [];
  for (const screen of recordScreens()) {
    where = screen.name;
    await page.goto(`${product.url}/?route=${screen.name}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { message: where }).toBeTruthy();
    // The overview's first row, as a user opens it; a screen whose demo rows are none shows its overview only.
    const grid = page.getByRole('grid').first();
    const rows = grid.locator('[role="row"][data-autoid]');
    const none = page.getByRole('main').getByText('Geen resultaten');
    await expect.poll(async () => (await rows.count()) + (await none.count()), { message: where }).toBeGreaterThan(0);
    // An empty default data set offers the rows of another ("5 resultaten in Alle uren"): taken.
    const elsewhere = page.getByRole('main').getByRole('button', { name: /resultaten in/ });
    if (!(await rows.count()) && (await elsewhere.count())) {
      await elsewhere.first().click();
      await expect.poll(() => rows.count(), { message: where }).toBeGreaterThan(0);
    }
    if (!(await rows.count())) continue;
    await rows.first().click();
    await expect.poll(() => record().locator('.detail-header-title').count(), { message: where }).toBe(1);
    const tabs = record().getByRole('tab');
    const count = await tabs.count();
    for (let i = 0; i < count; i++) {
      const tab = tabs.nth(i);
      if ((await tab.getAttribute('aria-disabled')) === 'true') continue;
      where = `${screen.name} › ${(await tab.textContent()) ?? i}`;
      await tab.click();
      await expect.poll(() => tab.getAttribute('aria-selected'), { message: where }).toBe('true');
      // Loaded: no spinner left in the panel.
      await expect
        .poll(() => record().locator('.detail-panel [role="progressbar"]').count(), { message: where })
        .toBe(0);
      const alerts = await record().locator('.detail-panel [role="alert"]').allTextContents();
      if (alerts.length) failed.push(`${where}: ${alerts.join(' | ')}`);
      walked.push(where);
    }
  }
  page.off('response', heard);
  expect(failed).toEqual([]);
  // The walk went somewhere: the demo has records with tabs.
  expect(walked.length).toBeGreaterThan(50);
  // Its own budget: the walk grows with every screen an area adds (about 85 s for 80-odd screens here).
}, 300_000);
