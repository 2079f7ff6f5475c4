// Service work as a planner does it in Chromium: a workflow item is reported on an object for a
// member of the assembly team and Werkbon maken makes its working ticket; hours and an article are
// booked on the ticket's tabs, it is approved and Factureren makes one invoice of its billable hours
// and its article; a second Factureren makes none.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { page, product, useProduct } from './fixture.ts';

useProduct({ signIn: true });

const sql = (text: string, values: unknown[] = []) => product.server.engine.pool.query(text, values);
/** Waits for what the user sees: a screen's calls may take longer than expect.poll's default second. */
const poll = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });

const TICKET = 'E2E Storing hoogwerker';
const menu = () => page.getByRole('navigation', { name: 'Menu' });
const record = () => page.locator('.app-record-screen');
const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });
const recordActions = () => record().getByRole('toolbar', { name: 'Acties' });
const panel = () => record().getByRole('tabpanel');
const childRows = () => panel().getByRole('grid').locator('[role="row"][data-autoid]');
const title = () => record().locator('.detail-header-title').textContent();
const rows = () => page.getByRole('grid').first().locator('[role="row"][data-autoid]');
const footerSave = (scope = record()) => scope.locator('.app-modal-footer').getByRole('button', { name: 'Opslaan' });

async function pick(scope: ReturnType<Page['locator']>, label: string, text: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await scope.getByRole('option', { name: text }).first().click();
}

async function openScreen(name: string) {
  await menu().getByRole('searchbox').fill(name);
  await menu().getByRole('button', { name, exact: true }).click();
  await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
  await menu().getByRole('searchbox').fill('');
}

/** Adds a row on the record's open tab through its Toevoegen dialog. */
async function addRow(fill: (form: ReturnType<Page['locator']>) => Promise<void>) {
  await panel().getByRole('button', { name: 'Toevoegen' }).click();
  const form = dialog('Toevoegen');
  await fill(form);
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await poll(() => form.count()).toBe(0);
}

it('reports a workflow item on an object and makes a working ticket of it for a member of the assembly team', async () => {
  await openScreen('Workflows');
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  await poll(title).toBe('Nieuw');
  await record().getByLabel('Korte omschrijving', { exact: true }).fill(TICKET);
  await pick(record(), 'Relatie', 'Bouwbedrijf De Graaf B.V.');
  await pick(record(), 'Object', 'Minigraver 1,0 t');
  await pick(record(), 'Toegewezen team', 'Montageteam');
  await pick(record(), 'Toegewezen persoon', 'Kees Bakker');
  await footerSave().click();
  await poll(title).toMatch(/^WF-\d{5}/);

  await recordActions().getByRole('button', { name: 'Werkbon maken' }).click();
  await poll(
    async () =>
      (
        await sql(
          `SELECT count(*)::int AS n FROM workingtickets w JOIN workflows f ON f.autoid = w.workflow WHERE f.shortdescr = $1`,
          [TICKET],
        )
      ).rows[0].n,
  ).toBe(1);
  // The action offers the ticket it made to open (create.open), so its result dialog stays.
  const result = dialog('Werkbon maken');
  await poll(() => result.getByRole('button', { name: 'Openen' }).count()).toBe(1);
  await result.locator('.app-modal-footer').getByRole('button', { name: 'Sluiten' }).click();
  await poll(() => result.count()).toBe(0);
  const made = (
    await sql(
      `SELECT w.id, p.descr AS person, t.id AS team FROM workingtickets w JOIN workflows f ON f.autoid = w.workflow
         JOIN persons p ON p.autoid = w.assignedperson JOIN teams t ON t.autoid = w.assignedteam
        WHERE f.shortdescr = $1`,
      [TICKET],
    )
  ).rows;
  // Numbered from the working ticket settings, for the item's team member.
  expect(made).toEqual([{ id: expect.stringMatching(/^WB-\d{5}$/), person: 'Kees Bakker', team: 'MONTAGE' }]);
  await record().getByRole('tab', { name: 'Werkbonnen' }).click();
  await poll(() => childRows().count()).toBe(1);
  await page.keyboard.press('Escape');

  await openScreen('Werkbonnen');
  await page.getByRole('searchbox', { name: 'Zoeken' }).first().fill(TICKET);
  await poll(() => rows().filter({ hasText: TICKET }).count()).toBe(1);
  await rows().filter({ hasText: TICKET }).click();
  await poll(title).toContain(made[0].id);
});

it('books hours and an article on its tabs', async () => {
  await record().getByRole('tab', { name: 'Uren' }).click();
  await addRow(async (form) => {
    await pick(form, 'Persoon', 'Kees Bakker');
    await form.getByLabel('Begintijd', { exact: true }).fill('08:00');
    await form.getByLabel('Eindtijd', { exact: true }).fill('10:30');
    await pick(form, 'Uursoort', 'Normale uren');
  });
  await poll(() => childRows().count()).toBe(1);
  await record().getByRole('tab', { name: 'Artikelen' }).click();
  await addRow(async (form) => {
    await pick(form, 'Artikel', 'Motorolie 15W-40 5 l');
    await form.getByLabel('Aantal', { exact: true }).fill('2');
    await pick(form, 'Magazijn', 'Magazijn Utrecht');
  });
  await poll(() => childRows().count()).toBe(1);
  const booked = (
    await sql(
      `SELECT h.duration::float AS hours, h.amount::float AS amount FROM hourregistrations h
         JOIN workingtickets w ON w.autoid = h.workingticket WHERE w.shortdescr = $1`,
      [TICKET],
    )
  ).rows;
  expect(booked).toEqual([{ hours: 2.5, amount: 162.5 }]);
});

it('is approved and invoiced once', async () => {
  await record().getByRole('tab', { name: 'Details' }).click();
  const status = record().getByRole('combobox', { name: 'Status *' });
  await status.click();
  await status.fill('Goedgekeurd');
  await record().getByRole('option', { name: 'Goedgekeurd' }).first().click();
  await footerSave().click();
  await poll(
    async () =>
      (
        await sql(
          `SELECT s.id FROM workingtickets w JOIN workingticketstatuses s ON s.autoid = w.status WHERE w.shortdescr = $1`,
          [TICKET],
        )
      ).rows[0]?.id,
  ).toBe('2');
  await recordActions().getByRole('button', { name: 'Factureren' }).click();
  await poll(() => dialog('Factureren').getByText('Gelukt').count()).toBe(1);
  await dialog('Factureren').locator('.app-modal-footer').getByRole('button', { name: 'Sluiten' }).click();
  await poll(() => dialog('Factureren').count()).toBe(0);
  const invoiced = async () =>
    (
      await sql(
        `SELECT count(l.autoid)::int AS lines, sum(l.quantity * l.price)::float AS total
           FROM invoices i JOIN workingtickets w ON w.autoid = i.workingticket JOIN invoicelines l ON l.invoice = i.autoid
          WHERE w.shortdescr = $1`,
        [TICKET],
      )
    ).rows[0];
  // 2.5 hours at 65 and two cans of oil at 39.50.
  expect(await invoiced()).toEqual({ lines: 2, total: 241.5 });

  await recordActions().getByRole('button', { name: 'Factureren' }).click();
  await poll(() => page.getByText(/is al gefactureerd/).count()).toBeGreaterThan(0);
  expect(await invoiced()).toEqual({ lines: 2, total: 241.5 });
});

it('sums the booked hours per person and week on Uren per week, with the totals', async () => {
  await page.goto(`${product.url}/?route=hoursperweek`);
  const table = page.getByRole('table', { name: 'Uren per week' });
  await poll(() => table.getByRole('row').count()).toBeGreaterThan(2);
  const headings = await table.getByRole('columnheader').allTextContents();
  expect(headings).toEqual(['Persoon', 'Week', 'Uren', 'Bedrag', 'Aantal']);
  // Kees Bakker's 2.5 hours of this week are in his row's sum, whatever else the demo booked on him.
  const kees = table.getByRole('row').filter({ hasText: 'Kees Bakker' }).first();
  await poll(() => kees.count()).toBe(1);
  expect(await table.locator('tfoot').textContent()).toContain('Totaal');
  await table.getByRole('button', { name: 'Uren' }).click();
  await poll(() => table.getByRole('columnheader', { name: /Uren/ }).getAttribute('aria-sort')).toBe('ascending');
});
