// A user with read-only rights in Chromium: sees only the screens and actions granted, and after
// the session expires is sent to login and brought back to where they were.
import { beforeAll, expect, it } from 'vitest';
import { post } from '../integration/harness.ts';
import { page, product, useProduct } from './fixture.ts';

const PASSWORD = 'Lisa-pass-1';

useProduct();
beforeAll(async () => {
  const app = product.server.app;
  const lisa = (
    await post(app, '/mvc/users/save', {
      Username: 'lisa',
      PersonName: 'Lisa Lezer',
      Password: PASSWORD,
      PasswordRetype: PASSWORD,
    })
  ).body.AutoID;
  const group = (await post(app, '/mvc/securitygroups/save', { ID: 'viewers', Descr: 'Kijkers' })).body.AutoID;
  await post(app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode: '10.85', Action: 'read' });
  await post(app, '/mvc/usergroups/save', { User: lisa, SecurityGroup: group });
  await post(app, '/mvc/costcodes/save', { ID: 'KP-1', Descr: 'Werkplaats' });
});

const menu = () => page.getByRole('navigation', { name: 'Menu' });

async function signIn() {
  await page.getByLabel('Gebruikersnaam').fill('lisa');
  await page.getByLabel('Wachtwoord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

it('shows only the screens and actions the user may use', async () => {
  await page.goto(product.url);
  await signIn();
  await menu().getByRole('button', { name: 'Kostenplaatsen', exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Kostenplaatsen');
  expect(await menu().getByRole('button', { name: 'Valuta', exact: true }).count()).toBe(0);
  expect(await menu().locator('.app-nav-group .app-nav-link').count()).toBe(1);
  await expect.poll(() => page.locator('[role="row"][data-autoid]').count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Toevoegen', exact: true }).count()).toBe(0);
  // A row the user may not change: a click opens nothing (it needs the update right, spec 1 §6);
  // Bekijken opens it to be looked at: read-only, without Opslaan.
  const view = page.getByRole('dialog', { name: 'Bekijken' });
  await page.locator('[role="row"][data-autoid]').first().click();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-autoid') ?? null))
    .not.toBeNull();
  expect(await view.count()).toBe(0);
  await page.locator('.grid-toolbar').getByRole('button', { name: 'Bekijken' }).click();
  await expect.poll(() => view.count()).toBe(1);
  expect(await view.getByRole('button', { name: 'Opslaan' }).count()).toBe(0);
  await page.keyboard.press('Escape');
  await expect.poll(() => view.count()).toBe(0);
  await page.locator('[role="row"][data-autoid]').first().click({ button: 'right' });
  expect(await page.getByRole('menuitem', { name: 'Verwijderen' }).count()).toBe(0);
  await page.keyboard.press('Escape');
});

it('sends an expired session to login and comes back to the same screen', async () => {
  await product.server.engine.pool.query(
    `UPDATE core_session SET expires_at = now() - interval '1 second' WHERE username = 'lisa'`,
  );
  await page.getByRole('button', { name: 'Vernieuwen' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Inloggen' }).count()).toBe(1);
  await signIn();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Kostenplaatsen');
});
