// API clients in Chromium, as an administrator makes one: API-clients from the menu, Toevoegen with
// a name, the user the client acts as and its scopes; on Opslaan the client's id and secret show
// once in a dialog; the secret gets a token with the client credentials flow as curl sends it, and
// that token reads a grid; once the dialog is closed the secret is nowhere on the page again, nor
// in the record, and a new secret from the record's dialog ends the old one.
import { expect, it } from 'vitest';
import { signInAt } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';

useProduct();

const poll = expect.poll;
const menu = () => page.getByRole('navigation', { name: 'Menu' });
const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });

async function tokenFor(clientId: string, secret: string): Promise<{ status: number; token?: string }> {
  const res = await fetch(`${product.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
  });
  const body: unknown = await res.json();
  const token =
    typeof body === 'object' && body !== null && 'access_token' in body && typeof body.access_token === 'string'
      ? body.access_token
      : undefined;
  return { status: res.status, token };
}

let clientId = '';
let secret = '';

it('makes a client and shows its secret once, which gets a token that reads a grid', async () => {
  await signInAt(page, product.url);
  await menu().getByRole('searchbox').fill('API-clients');
  await menu().getByRole('button', { name: 'API-clients', exact: true }).click();
  await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('API-clients');
  await menu().getByRole('searchbox').fill('');
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  const form = dialog('Toevoegen');
  await form.getByLabel('Clientnaam', { exact: true }).fill('E2E Boekhouding');
  await form.getByLabel('Scopes', { exact: true }).fill('costcodes:read');
  const user = form.getByLabel('Handelt als gebruiker', { exact: true });
  await user.click();
  await user.fill('admin');
  await form.getByRole('option', { name: 'admin' }).first().click();
  await form.getByRole('button', { name: 'Opslaan', exact: true }).click();

  const shown = dialog('Geheim van de client');
  await poll(() => shown.count()).toBe(1);
  secret = await shown.getByLabel('Geheim', { exact: true }).inputValue();
  clientId = await shown.getByLabel('Client-ID', { exact: true }).inputValue();
  expect(secret.length).toBeGreaterThanOrEqual(32);
  const stored = await product.server.engine.pool.query('SELECT clientid, secret FROM apiclients WHERE name = $1', [
    'E2E Boekhouding',
  ]);
  expect(stored.rows[0].clientid).toBe(clientId);
  expect(String(stored.rows[0].secret)).not.toContain(secret);

  const { status, token } = await tokenFor(clientId, secret);
  expect(status).toBe(200);
  const grid = await fetch(`${product.url}/mvc/costcodes/GetFlexData`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(grid.status).toBe(200);

  await shown.locator('button.app-button', { hasText: 'Sluiten' }).click();
  await poll(() => shown.count()).toBe(0);
  expect(await page.content()).not.toContain(secret);
});

it('gives a new secret from the record, and the old one no longer gets a token', async () => {
  const row = page
    .getByRole('grid')
    .first()
    .locator('[role="row"][data-autoid]')
    .filter({ hasText: 'E2E Boekhouding' });
  await poll(() => row.count()).toBe(1);
  await row.click();
  const record = dialog('Bewerken');
  await poll(() => record.count()).toBe(1);
  expect(await page.content()).not.toContain(secret);
  await record.getByRole('button', { name: 'Nieuw geheim', exact: true }).click();
  await page.getByRole('button', { name: 'Ja', exact: true }).click();
  const shown = dialog('Geheim van de client');
  await poll(() => shown.count()).toBe(1);
  const renewed = await shown.getByLabel('Geheim', { exact: true }).inputValue();
  expect(renewed).not.toBe(secret);
  expect((await tokenFor(clientId, secret)).status).toBe(401);
  expect((await tokenFor(clientId, renewed)).status).toBe(200);
});
