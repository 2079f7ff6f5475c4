// The licence page in Chromium, as an administrator activates a licence: Licentie from the menu
// shows the installation's product code in four segments (10/5/10/7) and says plainly that no
// licence is active; a licence issued for every module but relations is pasted (three lines),
// which fills the fields and switches to editing; Opslaan toasts, the page says the licence is
// active until its last day, and the menu no longer offers Relaties or Personen, at once. The
// local licence entry is kept under its hash. Kopiëren puts the dashed product code on the
// clipboard.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { MODULE_CODES, joinProductCode, splitProductCode } from '../../definitions/language/index.ts';
import { issueActivation } from '../../server/security/licence.ts';
import { ADMIN_PASSWORD, DEV_LICENCE_PRIVATE_KEY } from '../integration/harness.ts';
import { screenshot } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';

let productCode: string;

const NAME = 'E2E Licentie BV';
const EXPIRES = `${new Date().getUTCFullYear() + 1}-12-31`;

useProduct();
beforeAll(async () => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
});

const menu = () => page.getByRole('navigation', { name: 'Menu' });
const menuEntry = (title: string) => menu().getByRole('button', { name: title, exact: true });
const segments = () =>
  Promise.all([1, 2, 3, 4].map((n) => page.getByLabel(`Productcode, deel ${n}`, { exact: true }).inputValue()));
const toolbar = () => page.getByRole('toolbar', { name: 'Bewerken' });
const toasts = () => page.locator('.app-toasts [role="status"]').allTextContents();

it('signs in and opens Licentie from the menu: the product code in four segments, no licence active', async () => {
  await page.goto(product.url);
  await page.getByLabel('Gebruikersnaam').fill('admin');
  await page.getByLabel('Wachtwoord').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect.poll(() => menu().count()).toBe(1);
  expect(await menuEntry('Relaties').count()).toBe(1);
  expect(await menuEntry('Personen').count()).toBe(1);

  await menuEntry('Licentie').click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Licentie');
  await expect
    .poll(() =>
      page.getByText('Geen licentie geactiveerd: alle modules zijn beschikbaar (ontwikkelinstallatie).').count(),
    )
    .toBe(1);
  const shown = await segments();
  productCode = shown.join('');
  const stored = (await product.server.engine.pool.query('SELECT product_code FROM core_installation')).rows[0]
    .product_code as string;
  expect(productCode).toBe(stored);
  expect(shown.map((s) => s.length)).toEqual([10, 5, 10, 7]);
  // Read-only until Bewerken.
  expect(await page.getByLabel('Licentienaam', { exact: true }).getAttribute('readonly')).not.toBeNull();
  expect(await toolbar().getByRole('button', { name: 'Opslaan' }).count()).toBe(0);
  // The licence check after sign-in kept the licence data under its hash.
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('licence:')).length))
    .toBe(1);
  await screenshot(page, 'licence-none');
});

it('reads a pasted licence for every module but relations, saves it, and the menu follows at once', async () => {
  const modules = MODULE_CODES.filter((m) => m !== 'relations');
  const activation = issueActivation(readFileSync(DEV_LICENCE_PRIVATE_KEY, 'utf8'), {
    name: NAME,
    productCode,
    modules,
    expires: EXPIRES,
  });
  const dashed = joinProductCode(splitProductCode(productCode));
  const before = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('licence:')));

  await page
    .getByLabel('Licentie plakken', { exact: true })
    .fill(`Licentienaam: ${NAME}\nProductcode: ${dashed}\nActiveringscode: ${activation}`);
  await page.getByRole('button', { name: 'Openen', exact: true }).click();
  await expect.poll(() => page.getByLabel('Licentienaam', { exact: true }).inputValue()).toBe(NAME);
  await expect.poll(() => page.getByLabel('Activeringscode', { exact: true }).inputValue()).toBe(activation);
  await expect.poll(async () => (await segments()).join('')).toBe(productCode);
  await expect.poll(() => page.getByLabel('Licentienaam', { exact: true }).getAttribute('readonly')).toBeNull();

  await toolbar().getByRole('button', { name: 'Opslaan' }).click();
  await expect.poll(toasts).toContain('Opgeslagen');
  const [year, month, day] = EXPIRES.split('-');
  await expect
    .poll(() =>
      page.getByText(`Licentie geactiveerd, geldig tot en met ${Number(day)}-${Number(month)}-${year}.`).count(),
    )
    .toBe(1);
  expect(await page.getByLabel('Licentienaam', { exact: true }).getAttribute('readonly')).not.toBeNull();
  expect(await page.locator('.licence-module-list li').allTextContents()).not.toContain('Relatiebeheer (CRM)');
  expect(await page.locator('.licence-module-list li').allTextContents()).toContain('Import');

  await expect.poll(() => menuEntry('Relaties').count()).toBe(0);
  expect(await menuEntry('Personen').count()).toBe(0);
  expect(await menuEntry('Licentie').count()).toBe(1);
  // A new licence, a new hash: the entry is renewed and the old one dropped.
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('licence:'))))
    .not.toEqual(before);
  const entries = await page.evaluate(() =>
    Object.entries(localStorage)
      .filter(([k]) => k.startsWith('licence:'))
      .map(([, v]) => JSON.parse(v)),
  );
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ Licensed: true, licenseName: NAME, Expires: EXPIRES });
  expect(entries[0].Modules).not.toContain('relations');
  await screenshot(page, 'licence-saved');
});

it('copies the product code with its dashes', async () => {
  const copy = toolbar().getByRole('button', { name: 'Kopiëren' });
  expect(await copy.isDisabled()).toBe(false);
  await copy.click();
  await expect.poll(toasts).toContain('De productcode is gekopieerd.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    joinProductCode(splitProductCode(productCode)),
  );
});
