// The life of an account in Chromium, with a real SMTP server: someone follows "Account
// aanvragen" from the login page, fills in /register and accepts the terms; the administrator
// approves the request (the call of the screen's Goedkeuren action, from their signed-in page);
// the new user opens the activation link from the e-mail, chooses a password and signs in. Then
// they forget it: "Wachtwoord vergeten?" sends a recovery link, which sets a new password; the
// old one no longer signs in.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { localSmtp, readMessage, type LocalSmtp } from '../support/smtp.ts';
import { openPage, signInAt } from './browser.ts';
import { browser, product, useProduct } from './fixture.ts';

const sql = (text: string, values: unknown[] = []) => product.server.engine.pool.query(text, values);
const poll = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 15_000 });

let smtp: LocalSmtp;
let visitor: Page;

// Starting the product with the demo pack can outlast the default on a busy machine.
vi.setConfig({ hookTimeout: 420_000 });
useProduct({ page: false });

beforeAll(async () => {
  smtp = await localSmtp();
  await sql(
    `UPDATE mailserversettings SET host = '127.0.0.1', port = $1, usetls = false, senderaddress = 'noreply@example.test', testmode = false`,
    [smtp.port],
  );
  await sql(`INSERT INTO securitygroups (id, descr) VALUES ('E2EKLANT', 'E2E klanten')`);
  await sql(
    `UPDATE securitysettings SET accountrequestsopen = true, accountrequestterms = 'Gebruik alleen voor uw eigen bedrijf.',
       accountrequestgroup = (SELECT autoid FROM securitygroups WHERE id = 'E2EKLANT')`,
  );
  visitor = await openPage(browser);
});

afterAll(async () => {
  await smtp?.close();
});

/** The link in the last e-mail to the address, on this product's address (the e-mail names PUBLIC_URL). */
async function linkFor(address: string, count: number): Promise<string> {
  await poll(() => smtp.arrived.filter((m) => m.to.includes(address)).length).toBe(count);
  const mail = smtp.arrived.filter((m) => m.to.includes(address))[count - 1];
  const m = /https?:\/\/[^/"]+(\/[a-z]+#token=[A-Za-z0-9_-]+)/.exec(readMessage(mail.raw).html);
  if (!m) throw new Error('no link in the e-mail');
  return `${product.url}${m[1]}`;
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto(product.url);
  await page.getByLabel('Gebruikersnaam', { exact: true }).fill(username);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

it('requests an account from the login page', async () => {
  await visitor.goto(product.url);
  await visitor.getByRole('link', { name: 'Account aanvragen' }).click();
  await poll(() => visitor.getByRole('heading', { name: 'Account aanvragen' }).count()).toBe(1);
  await poll(() => visitor.getByText('Gebruik alleen voor uw eigen bedrijf.').count()).toBe(1);
  await visitor.getByLabel('Gebruikersnaam', { exact: true }).fill('e2e.klant');
  await visitor.getByLabel('Naam', { exact: true }).fill('Karin Klant');
  await visitor.getByLabel('E-mail', { exact: true }).fill('karin@example.test');
  await visitor.getByLabel('Bedrijf', { exact: true }).fill('Klant BV');
  // Without accepting the terms the request is refused, with the reason.
  await visitor.getByRole('button', { name: 'Aanvragen' }).click();
  await poll(() => visitor.getByRole('alert').textContent()).toContain('U moet de voorwaarden accepteren.');
  await visitor.getByLabel('Ik ga akkoord met de voorwaarden').check();
  await visitor.getByRole('button', { name: 'Aanvragen' }).click();
  await poll(() => visitor.getByRole('status').textContent()).toContain('Uw aanvraag is ontvangen.');
  expect((await sql(`SELECT status FROM newuserrequests WHERE username = 'e2e.klant'`)).rows).toEqual([
    { status: '0' },
  ]);
});

it('the administrator approves it', async () => {
  const admin = await openPage(browser);
  await signInAt(admin, product.url);
  await poll(() => admin.getByRole('navigation', { name: 'Menu' }).count()).toBe(1);
  const id = Number((await sql(`SELECT autoid FROM newuserrequests WHERE username = 'e2e.klant'`)).rows[0].autoid);
  // The call the screen's Goedkeuren action makes, from the administrator's signed-in page.
  const answer = await admin.evaluate(async (autoid) => {
    const res = await fetch('/mvc/newuserrequests/RunAction', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Action: 'approveUserRequest', autoids: [autoid], Values: {} }),
    });
    return res.json();
  }, id);
  expect(answer.Results[0].Result).toBe('SUCCESS');
  await poll(
    async () => (await sql(`SELECT status FROM newuserrequests WHERE username = 'e2e.klant'`)).rows[0].status,
  ).toBe('3');
  await admin.close();
});

it('activates the account from the e-mail and signs in', async () => {
  const link = await linkFor('karin@example.test', 1);
  await visitor.goto(link);
  await poll(() => visitor.getByRole('heading', { name: 'Account activeren' }).count()).toBe(1);
  // The token leaves the address at once.
  expect(visitor.url()).not.toContain('token');
  await visitor.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Karin-pass-1');
  await visitor.getByLabel('Herhaal wachtwoord', { exact: true }).fill('Karin-pass-1');
  await visitor.getByRole('button', { name: 'Wachtwoord instellen' }).click();
  await poll(() => visitor.getByRole('status').textContent()).toContain('Uw wachtwoord is ingesteld.');
  await signIn(visitor, 'e2e.klant', 'Karin-pass-1');
  await poll(() => visitor.getByRole('navigation', { name: 'Menu' }).count()).toBe(1);
  // The link worked once.
  await visitor.goto(link);
  await poll(() => visitor.getByRole('alert').textContent()).toContain('Deze link is ongeldig');
});

it('recovers a forgotten password', async () => {
  const page = await openPage(browser);
  await page.goto(product.url);
  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await page.getByLabel('E-mail', { exact: true }).fill('karin@example.test');
  await page.getByRole('button', { name: 'Link versturen' }).click();
  await poll(() => page.getByRole('status').textContent()).toContain('Als dit adres bij een gebruiker hoort');
  const link = await linkFor('karin@example.test', 2);
  await page.goto(link);
  await poll(() => page.getByRole('heading', { name: 'Nieuw wachtwoord kiezen' }).count()).toBe(1);
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Karin-nieuw-2');
  await page.getByLabel('Herhaal wachtwoord', { exact: true }).fill('Karin-nieuw-2');
  await page.getByRole('button', { name: 'Wachtwoord instellen' }).click();
  await poll(() => page.getByRole('status').textContent()).toContain('Uw wachtwoord is ingesteld.');
  await signIn(page, 'e2e.klant', 'Karin-pass-1');
  await poll(() => page.getByRole('alert').count()).toBe(1);
  await signIn(page, 'e2e.klant', 'Karin-nieuw-2');
  await poll(() => page.getByRole('navigation', { name: 'Menu' }).count()).toBe(1);
  await page.close();
});
