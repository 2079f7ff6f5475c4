// Single sign-on in Chromium against a real OpenID provider (oidc-provider on a loopback port):
// the login page offers the provider; signing in there makes the user by auto-create with the
// security group the provider's claim names, who sees the screens of that group and not the
// administrator's; a sign-on the provider refuses comes back to the login page with its message.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { encryptSecret } from '../../server/security/secrets.ts';
import { CLIENT_ID, CLIENT_SECRET, signingKey, startProvider, type TestProvider } from '../support/openid-provider.ts';
import { openPage } from './browser.ts';
import { browser, product, useProduct } from './fixture.ts';

const sql = (text: string, values: unknown[] = []) => product.server.engine.pool.query(text, values);
const poll = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 15_000 });

let provider: TestProvider;
let visitor: Page;

useProduct({ page: false });

beforeAll(async () => {
  provider = await startProvider({
    key: await signingKey('e2e-key'),
    redirectUris: [`${product.url}/sso/callback`],
    accounts: {
      'sub-erik': {
        preferred_username: 'erik.sso',
        email: 'erik@example.test',
        given_name: 'Erik',
        family_name: 'Eenmalig',
        group: 'E2ESSO',
      },
      'sub-nogroup': { preferred_username: 'zonder.groep', email: 'zg@example.test', group: 'GEEN' },
    },
  });
  await sql(`INSERT INTO securitygroups (id, descr) VALUES ('E2ESSO', 'E2E eenmalige aanmelding')`);
  await sql(
    `INSERT INTO securitygrants (securitygroup, rightcode, action, "grant")
     SELECT autoid, '2.1', 'read', true FROM securitygroups WHERE id = 'E2ESSO'`,
  );
  await sql(
    `INSERT INTO identityproviders (id, descr, authorizationserverurl, clientid, clientsecret, claimusername, claimemail,
       claimfirstname, claimlastname, claimsecuritygroup, autocreateusers)
     VALUES ('E2E', 'Bedrijfsaccount', $1, $2, $3, 'preferred_username', 'email', 'given_name', 'family_name', 'group', true)`,
    [provider.issuer, CLIENT_ID, encryptSecret(CLIENT_SECRET)],
  );
  visitor = await openPage(browser);
});

afterAll(async () => {
  await provider?.close();
});

/** At the provider's development pages: sign in as the account and agree. */
async function atProvider(page: Page, account: string) {
  await page.locator('input[name="login"]').fill(account);
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]', { hasText: 'Continue' }).click();
}

it('signs in through the provider, made by auto-create with the mapped group, and sees its screens', async () => {
  await visitor.goto(product.url);
  await visitor.getByRole('link', { name: 'Bedrijfsaccount' }).click();
  await poll(() => visitor.url().startsWith(provider.issuer)).toBe(true);
  await atProvider(visitor, 'sub-erik');
  await poll(() => visitor.getByRole('button', { name: 'Uitloggen' }).count()).toBe(1);
  await poll(() => visitor.getByText('Erik Eenmalig').count()).toBeGreaterThan(0);
  const { rows } = await sql(
    `SELECT u.singlesignon, g.id AS grp FROM users u JOIN usergroups m ON m."user" = u.autoid
       JOIN securitygroups g ON g.autoid = m.securitygroup WHERE u.username = 'erik.sso'`,
  );
  expect(rows).toEqual([{ singlesignon: true, grp: 'E2ESSO' }]);
  const menu = visitor.getByRole('navigation');
  await poll(() => menu.getByText('Relaties', { exact: true }).count()).toBeGreaterThan(0);
  expect(await menu.getByText('Gebruikers', { exact: true }).count()).toBe(0);
  expect(await menu.getByText('Identiteitsproviders', { exact: true }).count()).toBe(0);
});

it('comes back to the login page with the message of a refused sign-on, and makes no user', async () => {
  const page = await openPage(browser);
  await page.goto(product.url);
  await page.getByRole('link', { name: 'Bedrijfsaccount' }).click();
  await atProvider(page, 'sub-nogroup');
  await poll(() => page.getByRole('alert').textContent()).toContain('OIDC-1005');
  expect(await page.getByRole('button', { name: 'Inloggen' }).count()).toBe(1);
  expect((await sql(`SELECT count(*)::int AS n FROM users WHERE username = 'zonder.groep'`)).rows).toEqual([{ n: 0 }]);
});
