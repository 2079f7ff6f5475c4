// Workflow items as a service desk sees them in Chromium: the demo's overdue item is in the data set
// Te laat, its conversation shows its notes, and a tab of an area not built yet says so.
import { expect, it } from 'vitest';
import { page, useProduct } from './fixture.ts';

useProduct({ signIn: true });

/** Waits for what the user sees: a screen's calls may take longer than expect.poll's default second. */
const poll = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });

const menu = () => page.getByRole('navigation', { name: 'Menu' });
const record = () => page.locator('.app-record-screen');
const panel = () => record().getByRole('tabpanel');
const rows = () => page.getByRole('grid').first().locator('[role="row"][data-autoid]');

async function openScreen(name: string) {
  await menu().getByRole('searchbox').fill(name);
  await menu().getByRole('button', { name, exact: true }).click();
  await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
  await menu().getByRole('searchbox').fill('');
}

it('opens the overdue demo item with its conversation, and its packing slips tab says it comes later', async () => {
  await openScreen('Workflows');
  await page.getByRole('group', { name: 'Gegevensset' }).getByRole('button', { name: 'Te laat', exact: true }).click();
  await poll(() => rows().filter({ hasText: 'Minigraver start niet' }).count()).toBe(1);
  await rows().filter({ hasText: 'Minigraver start niet' }).click();
  await poll(() => record().locator('.detail-header-title').textContent()).toMatch(/WI-0001/);

  await record().getByRole('tab', { name: 'Gesprekken' }).click();
  await poll(() => panel().getByText('Monteur neemt een nieuwe accu mee', { exact: false }).count()).toBe(1);

  await record().getByRole('tab', { name: 'Pakbonnen' }).click();
  await poll(() => panel().getByRole('note').textContent()).toBe(
    'Pakbonnen van workflow items zijn nog niet beschikbaar: dit onderdeel wordt later gebouwd.',
  );
});
