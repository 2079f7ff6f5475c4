// An accessibility check (axe-core, run in Chromium) of the screens people spend the day in: the
// start page, a grid, a record dialog, the unsaved-changes dialog, a settings page and the
// translations task. No serious or critical violation.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { signInAt } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';

/** axe's source, evaluated in the page (the product's Content-Security-Policy refuses an injected script tag, as it should). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

useProduct();

const menu = () => page.getByRole('navigation', { name: 'Menu' });
const heading = () => page.getByRole('heading', { level: 1 }).textContent();

/** The serious and critical violations on the page as it is, each with the elements it names. */
async function violations(): Promise<string[]> {
  // A dialog fading in is not yet what the user reads: contrast is judged once it has arrived.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`);
}

it('has no serious violations on the start page', async () => {
  await signInAt(page, product.url);
  await expect.poll(heading).toBe('Inkooporderregels');
  await menu().getByRole('button', { name: 'Start', exact: true }).click();
  await expect.poll(heading).toBe('Start');
  expect(await violations()).toEqual([]);
});

it('has no serious violations on a grid, its record dialog and the unsaved-changes dialog', async () => {
  await menu().getByRole('button', { name: 'Kostenplaatsen', exact: true }).click();
  await expect.poll(heading).toBe('Kostenplaatsen');
  await expect.poll(() => page.getByRole('grid').count()).toBe(1);
  expect(await violations()).toEqual([]);
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Toevoegen' });
  await expect.poll(() => form.getByLabel('Code', { exact: true }).count()).toBe(1);
  expect(await violations()).toEqual([]);
  await form.getByLabel('Code', { exact: true }).fill('A11Y');
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog', { name: 'Wijzigingen niet opgeslagen' }).count()).toBe(1);
  expect(await violations()).toEqual([]);
  await page.getByRole('button', { name: 'Niet opslaan' }).click();
});

it('has no serious violations on a settings page and the translations task', async () => {
  await menu().getByRole('button', { name: 'Beveiligingsinstellingen', exact: true }).click();
  await expect.poll(heading).toBe('Beveiligingsinstellingen');
  await expect.poll(() => page.getByLabel('Minimale lengte', { exact: true }).count()).toBe(1);
  expect(await violations()).toEqual([]);
  await menu().getByRole('button', { name: 'Vertalingen', exact: true }).click();
  await expect.poll(() => page.getByRole('textbox').count()).toBeGreaterThan(5);
  expect(await violations()).toEqual([]);
});
