// Inspections as a planner and an inspector do them in Chromium: a minigraver's yearly inspection
// schedule comes due and the nightly run makes its inspection; the inspection is answered on its
// Vragen tab, given its inspection date and measuring device and finished as waiting for the
// device; the device's measurement file is imported on Meetbestanden, which finalises the
// inspection, and the object's inspection state turns Goedgekeurd.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { page, product, useProduct } from './fixture.ts';
import { sheetFile } from '../support/import-files.ts';
import { runScheduledActions } from '../support/scheduled.ts';

useProduct({ signIn: true });

const sql = (text: string, values: unknown[] = []) => product.server.engine.pool.query(text, values);
/** Waits for what the user sees: a screen's calls may take longer than expect.poll's default second. */
const poll = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });

const SCHEDULE = 'E2E Jaarlijkse keuring minigraver';
const DEVICE = 'Installatietester E2E';
const menu = () => page.getByRole('navigation', { name: 'Menu' });
const record = () => page.locator('.app-record-screen');
const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });
const panel = () => record().getByRole('tabpanel');
const childRows = () => panel().getByRole('grid').locator('[role="row"][data-autoid]');
const rows = () => page.getByRole('grid').first().locator('[role="row"][data-autoid]');
const footerSave = (scope = record()) => scope.locator('.app-modal-footer').getByRole('button', { name: 'Opslaan' });
const today = () => new Date().toISOString().slice(0, 10);
const typed = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d}-${m}-${y}`;
};
const inspection = async () =>
  (
    await sql(
      `SELECT i.status, i.finalresult, o.inspectionstate FROM inspections i JOIN objects o ON o.autoid = i.object
        WHERE i.descr = $1`,
      [SCHEDULE],
    )
  ).rows;

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

async function save(table: string, record: Record<string, unknown>) {
  const res = await page.request.post(`${product.url}/mvc/${table}/save`, { data: record });
  expect(res.status(), await res.text()).toBe(200);
}

it('makes the inspection of a schedule that comes due at the nightly run', async () => {
  // Signed in: the menu is there, and the page's requests carry the session.
  await poll(() => menu().count()).toBe(1);
  const object = (await sql(`SELECT autoid, objecttype FROM objects WHERE id = 'OBJ-000001'`)).rows[0];
  const plan = (await sql(`SELECT autoid FROM miplans WHERE id = 'NEN3140'`)).rows[0];
  await save('objects', { ID: 'MEET-E2E', Descr: DEVICE, ObjectType: Number(object.objecttype) });
  await save('objectmischedules', {
    Object: Number(object.autoid),
    Descr: SCHEDULE,
    MiPlan: Number(plan.autoid),
    StartDate: today(),
    RepeatCycle: 12,
    ValidityPeriod: 12,
  });
  await runScheduledActions(product.server.engine);
  await runScheduledActions(product.server.engine);
  expect(await inspection()).toEqual([{ status: 0, finalresult: '0', inspectionstate: 'nostate' }]);
});

it('is answered, and finished with a measuring device that has measurements, so it waits for them', async () => {
  await openScreen('Keuringen');
  await page.getByRole('searchbox', { name: 'Zoeken' }).first().fill(SCHEDULE);
  await poll(() => rows().filter({ hasText: SCHEDULE }).count()).toBe(1);
  await rows().filter({ hasText: SCHEDULE }).click();
  await poll(() => record().count()).toBe(1);

  await record().getByRole('tab', { name: 'Vragen' }).click();
  await panel().getByRole('button', { name: 'Toevoegen' }).click();
  const form = dialog('Toevoegen');
  await form.getByLabel('Vraag', { exact: true }).fill('Noodstop werkt');
  await form.getByLabel('Antwoord', { exact: true }).selectOption({ label: 'Goed / ja' });
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await poll(() => form.count()).toBe(0);
  await poll(() => childRows().count()).toBe(1);

  await record().getByRole('tab', { name: 'Details' }).click();
  await record().getByLabel('Keuringsdatum', { exact: true }).fill(typed(today()));
  await footerSave().click();
  await poll(
    async () => (await sql(`SELECT inspectiondate FROM inspections WHERE descr = $1`, [SCHEDULE])).rows[0],
  ).not.toEqual({ inspectiondate: null });
  await record().getByRole('tab', { name: 'Meetapparaat' }).click();
  await pick(panel(), 'Meetapparaat', DEVICE);
  await footerSave().click();
  await poll(
    async () => (await sql(`SELECT measuringdevice FROM inspections WHERE descr = $1`, [SCHEDULE])).rows[0],
  ).not.toEqual({ measuringdevice: null });

  // One Afronden asks whether the device has measurements; yes waits for them.
  await record()
    .getByRole('toolbar', { name: 'Acties' })
    .getByRole('button', { name: 'Afronden', exact: true })
    .click();
  const run = dialog('Afronden');
  await run
    .getByLabel('Heeft het meetapparaat metingen?', { exact: true })
    .selectOption({ label: 'Ja: wachten op de metingen' });
  await run.getByRole('button', { name: 'Uitvoeren' }).click();
  await poll(inspection).toEqual([{ status: 2, finalresult: '0', inspectionstate: 'nostate' }]);
  // Nothing made to open: the prompt closes once the action is done, and no result dialog follows.
  await poll(() => run.count()).toBe(0);
  await poll(() => record().locator('.detail-header').textContent()).toContain('Wacht op meetapparaat');
  await page.keyboard.press('Escape');
});

it('is finalised when the measurement file is imported, and the object turns approved', async () => {
  await openScreen('Meetbestanden');
  await page.getByRole('toolbar', { name: 'Bewerken' }).getByRole('button', { name: 'Importeren' }).click();
  const start = dialog('Importeren');
  await poll(() => start.count()).toBe(1);
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    start.getByRole('button', { name: 'Bestand: Bestand kiezen' }).click(),
  ]);
  await chooser.setFiles({
    name: 'meetbestand.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await sheetFile([
      ['Meetapparaat', 'Object', 'Meetcode', 'Meetwaarde', 'Resultaat'],
      ['MEET-E2E', 'OBJ-000001', 'RISO', '2,5', 'Goed / ja'],
      ['MEET-E2E', 'OBJ-000001', 'RPE', '0,1', 'Goed / ja'],
    ]),
  });
  await poll(() => start.getByText('meetbestand.xlsx').count()).toBe(1);
  await start.getByRole('button', { name: 'Import starten' }).click();
  const card = dialog('Importtaak');
  await poll(() => card.count()).toBe(1);
  await expect
    .poll(() => card.getByRole('progressbar', { name: 'Voortgang' }).getAttribute('aria-valuenow'), {
      timeout: 60_000,
    })
    .toBe('100');
  await poll(inspection).toEqual([{ status: 1, finalresult: '1', inspectionstate: 'approved' }]);
  await page.keyboard.press('Escape');

  await openScreen('Objecten');
  await page.getByRole('searchbox', { name: 'Zoeken' }).first().fill('OBJ-000001');
  await poll(() => rows().count()).toBe(1);
  await rows().first().click();
  await poll(() => record().count()).toBe(1);
  // The form shows the stored state by its label.
  await poll(() => record().getByLabel('Keuringsstatus', { exact: true }).locator('option:checked').textContent()).toBe(
    'Goedgekeurd',
  );
});
