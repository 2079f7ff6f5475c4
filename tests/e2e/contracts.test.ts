// A maintenance contract from start to end, as a back-office user does it in Chromium: a contract
// for a relation with two objects at their own monthly price is made, Factureren invoices its first
// quarter, the invoice is opened from the contract's Facturen tab, and the contract is ended; the
// contracts dashboard counts it among all contracts.
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { post } from '../integration/harness.ts';
import { today } from '../../definitions/language/clock.ts';
import { page, product, useProduct } from './fixture.ts';

useProduct({ signIn: true });

const sql = (text: string, values: unknown[] = []) => product.server.engine.pool.query(text, values);
/** Waits for what the user sees: a screen's calls may take longer than expect.poll's default second. */
const poll = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });

const menu = () => page.getByRole('navigation', { name: 'Menu' });
const record = () => page.locator('.app-record-screen');
const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });
const recordActions = () => record().getByRole('toolbar', { name: 'Acties' });
const panel = () => record().getByRole('tabpanel');
const childRows = () => panel().getByRole('grid').locator('[role="row"][data-autoid]');
const title = () => record().locator('.detail-header-title').textContent();
const footerSave = (scope = record()) => scope.locator('.app-modal-footer').getByRole('button', { name: 'Opslaan' });
/** A date as the user types it (d-m-yyyy). */
const typed = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d}-${m}-${y}`;
};

async function pick(scope: ReturnType<Page['locator']>, label: string, text: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await scope.getByRole('option', { name: text }).first().click();
}

beforeAll(async () => {
  const type = Number((await sql(`SELECT autoid FROM objecttypes WHERE id = 'OT-MGR'`)).rows[0].autoid);
  for (const n of [1, 2]) {
    const made = await post(product.server.app, '/mvc/objects/save', {
      ID: `E2E-HW-${n}`,
      Descr: `E2E Hoogwerker ${n}`,
      ObjectType: type,
    });
    if (made.status !== 200) throw new Error(`objects: ${made.status} ${JSON.stringify(made.body)}`);
  }
});

it('makes a contract for a relation with two objects at their own price', async () => {
  await menu().getByRole('searchbox').fill('Contracten');
  await menu().getByRole('button', { name: 'Contracten', exact: true }).click();
  await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Contracten');
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  await poll(title).toBe('Nieuw');
  await record().getByLabel('Omschrijving', { exact: true }).fill('E2E Onderhoud hoogwerkers');
  await pick(record(), 'Relatie', 'Bouwbedrijf De Graaf B.V.');
  await record().getByLabel('Klantreferentie', { exact: true }).fill('E2E-REF-1');
  await record().getByLabel('Startdatum', { exact: true }).fill(typed(today()));
  await record().getByLabel('Prijsbepaling', { exact: true }).selectOption({ label: 'Objectprijzen' });
  await record().getByLabel('Prijsperiode', { exact: true }).selectOption({ label: 'Maandelijks' });
  await record().getByLabel('Factuurperiode', { exact: true }).selectOption({ label: 'Per kwartaal' });
  await pick(record(), 'Factuurartikel', 'Keuring elektrisch gereedschap NEN 3140');
  await footerSave().click();
  await poll(title).toMatch(/E2E Onderhoud hoogwerkers$/);

  await record().getByRole('tab', { name: 'Objecten' }).click();
  for (const [n, price] of [
    ['1', '50'],
    ['2', '70'],
  ]) {
    await panel().getByRole('button', { name: 'Toevoegen' }).click();
    const form = dialog('Toevoegen');
    await pick(form, 'Object', `E2E Hoogwerker ${n}`);
    await form.getByLabel('Prijs per periode', { exact: true }).fill(price);
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await poll(() => form.count()).toBe(0);
  }
  await poll(() => childRows().count()).toBe(2);
});

it('invoices its first quarter and opens the invoice from the Facturen tab', async () => {
  await recordActions().getByRole('button', { name: 'Factureren' }).click();
  const asked = dialog('Factureren');
  // It asks up to which date, starting at today: the quarter that begins today is due.
  await poll(() => asked.getByLabel('Factureren tot en met', { exact: true }).inputValue()).not.toBe('');
  await asked.getByRole('button', { name: 'Uitvoeren' }).click();
  await poll(() => dialog('Factureren').getByText('Gelukt').count()).toBe(1);
  await dialog('Factureren').locator('.app-modal-footer').getByRole('button', { name: 'Sluiten' }).click();
  await poll(() => dialog('Factureren').count()).toBe(0);

  const made = (
    await sql(
      `SELECT i.autoid, i.descr, i.totalexclvat::float AS total, count(l.autoid)::int AS lines
         FROM invoices i JOIN contracts c ON c.autoid = i.contract JOIN invoicelines l ON l.invoice = i.autoid
        WHERE c.descr = 'E2E Onderhoud hoogwerkers' GROUP BY i.autoid`,
    )
  ).rows;
  // Two objects, three months each: 3 x 50 + 3 x 70.
  expect(made).toEqual([{ autoid: made[0]?.autoid, descr: 'E2E Onderhoud hoogwerkers', total: 360, lines: 2 }]);

  await record().getByRole('tab', { name: 'Facturen' }).click();
  await poll(() => childRows().count()).toBe(1);
  // Rows made elsewhere are looked at, not changed: the row, then Bekijken.
  await childRows().first().click();
  await panel().getByRole('button', { name: 'Bekijken' }).click();
  const invoice = dialog('Bekijken');
  await poll(() => invoice.getByLabel('Omschrijving', { exact: true }).inputValue()).toBe('E2E Onderhoud hoogwerkers');
  await poll(() => invoice.getByLabel('Referentie', { exact: true }).inputValue()).toBe('E2E-REF-1');
  await poll(() => invoice.getByLabel('Contract', { exact: true }).inputValue()).not.toBe('');
  await invoice.locator('.app-modal-footer').getByRole('button', { name: 'Sluiten' }).click();
  await poll(() => invoice.count()).toBe(0);
});

it('ends the contract', async () => {
  const end = `${Number(today().slice(0, 4)) + 1}${today().slice(4)}`;
  await recordActions().getByRole('button', { name: 'Beëindigen' }).click();
  const asked = dialog('Beëindigen');
  await poll(() => asked.getByLabel('Opzegdatum', { exact: true }).inputValue()).not.toBe('');
  await asked.getByLabel('Einddatum', { exact: true }).fill(typed(end));
  await asked.getByRole('button', { name: 'Uitvoeren' }).click();
  await poll(() => asked.count()).toBe(0);
  await poll(
    async () =>
      (
        await sql(
          `SELECT to_char(terminationdate, 'YYYY-MM-DD') AS terminated, to_char(enddate, 'YYYY-MM-DD') AS ends
             FROM contracts WHERE descr = 'E2E Onderhoud hoogwerkers'`,
        )
      ).rows[0],
  ).toEqual({ terminated: today(), ends: end });
});

it('counts every contract on the contracts dashboard', async () => {
  await page.goto(`${product.url}/?route=contractdashboard`);
  await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Contractdashboard');
  const all = Number((await sql(`SELECT count(*)::int AS n FROM contracts`)).rows[0].n);
  // The numbers as the chart's text alternative gives them: per status, summed, every contract.
  const byGroup = page.getByRole('table', { name: 'Per groep' }).locator('tbody tr td:last-child');
  await poll(async () => (await byGroup.allTextContents()).reduce((n, v) => n + Number(v), 0)).toBe(all);
  await poll(() => page.getByRole('figure', { name: 'Eindigt binnen' }).count()).toBe(1);
});
