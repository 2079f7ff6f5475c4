// An administrator grants a right in Chromium by its name: open "Rechten van groepen" from the
// menu, add a grant by typing part of the right's name in the picker and choosing it, choose one
// of the actions that right has, save, and see the right's name in the grid.
import { beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, post } from '../integration/harness.ts';
import { screenshot } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';

useProduct();
beforeAll(async () => {
  await post(product.server.app, '/mvc/securitygroups/save', { ID: 'translators', Descr: 'Vertalers' });
});

const menu = () => page.getByRole('navigation', { name: 'Menu' });
const dataRows = () => page.getByRole('grid').locator('[role="row"][data-autoid]');

it('grants a right picked by its name and shows that name in the grid', async () => {
  await page.goto(product.url);
  await page.getByLabel('Gebruikersnaam').fill('admin');
  await page.getByLabel('Wachtwoord').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await menu().getByRole('button', { name: 'Rechten van groepen', exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Rechten van groepen');

  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Toevoegen' });
  const group = form.getByRole('combobox', { name: 'Beveiligingsgroep' });
  await group.fill('Vertal');
  await form.getByRole('option', { name: 'Vertalers' }).click();

  // Part of the right's name, as the user knows it; never its code.
  const right = form.getByRole('combobox', { name: 'Recht' });
  await right.fill('vertalingen');
  const option = form.getByRole('option', { name: /Vertalingen beheren \(12\.25\)/ });
  await expect.poll(() => option.count()).toBe(1);
  await screenshot(page, 'rights-picker');
  await option.click();
  await expect.poll(() => right.inputValue()).toBe('Vertalingen beheren (12.25)');

  // The actions that right has (read and update), nothing else.
  const action = form.getByLabel('Actie', { exact: true });
  await expect.poll(() => action.locator('option').allTextContents()).toEqual(['', 'Lezen', 'Wijzigen']);
  await action.selectOption({ label: 'Lezen' });
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect.poll(() => form.count()).toBe(0);

  await expect
    .poll(() => dataRows().filter({ hasText: 'Vertalers' }).first().textContent())
    .toContain('Vertalingen beheren (12.25)');
  const stored = await product.server.engine.pool.query(
    "SELECT r.rightcode, r.action FROM securitygrants r JOIN securitygroups g ON g.autoid = r.securitygroup WHERE g.id = 'translators'",
  );
  expect(stored.rows).toEqual([{ rightcode: '12.25', action: 'read' }]);
  await screenshot(page, 'rights-grid');
});
