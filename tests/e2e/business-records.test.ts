// A back-office user works with business records in Chromium: opens Relaties from the menu and a
// relation from the grid (a full-screen record with a history entry: Back closes it, Forward opens
// it again), is asked before changing tabs with unsaved changes, adds an address in the child grid
// (the relation filled in and fixed), blocks the relation with a reason and finds it in the status
// log, changes the status of three persons at once where the server refuses one, retries after
// the cause is fixed, and comes back with Back.
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, post } from '../integration/harness.ts';
import { chooseTransition, screenshot as capture } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';
import { watchPolicyViolations } from './policy-violations.ts';

let violations: () => string[];
const ids: Record<string, number> = {};

async function save(table: string, record: Record<string, unknown>): Promise<number> {
  const answer = await post(product.server.app, `/mvc/${table}/save`, record);
  if (answer.status !== 200) throw new Error(`saving ${table} failed: ${JSON.stringify(answer.body)}`);
  return answer.body.AutoID as number;
}
const sql = (text: string, values: unknown[] = []) => product.server.engine.pool.query(text, values);

/** A lookup row the scenario needs: the demo pack's, else made here. */
async function ensureRow(table: string, ID: string, Descr: string): Promise<number> {
  const found = await sql(`SELECT autoid FROM ${table} WHERE id = $1`, [ID]);
  return found.rows.length ? Number(found.rows[0].autoid) : save(table, { ID, Descr });
}

// The demo pack brings relations and persons of its own: this scenario's records carry "E2E" and
// the grids are searched for it.
const MARK = 'E2E';

useProduct();
beforeAll(async () => {
  ids.reason = await ensureRow('blockreasons', 'BETALING', 'Betalingsachterstand');
  ids.visit = await ensureRow('addressgroups', 'BEZOEK', 'Bezoekadres');
  ids.acme = await save('relations', { ID: 'E2E001', Descr: 'Acme BV' });
  ids.bolt = await save('relations', { ID: 'E2E002', Descr: 'Bolt Techniek' });
  const status = await sql(`SELECT autoid FROM personstatuses WHERE id = 'ACTIEF'`);
  const active = Number(status.rows[0].autoid);
  const admin = Number((await sql(`SELECT autoid FROM users WHERE username = 'admin'`)).rows[0].autoid);
  const person = (last: string, extra: Record<string, unknown> = {}) =>
    save('persons', {
      LastName: last,
      Descr: `${MARK} Piet ${last}`,
      Status: active,
      InService: '2020-01-01',
      ...extra,
    });
  ids.jansen = await person('Jansen');
  ids.devries = await person('de Vries');
  // A person with a user account must belong to a relation (a check of the table): this one does
  // until the data is broken below, so the server refuses to change its status.
  ids.bakker = await person('Bakker', { User: admin, Relation: ids.bolt });
  await sql('UPDATE persons SET relation = NULL WHERE autoid = $1', [ids.bakker]);
  violations = await watchPolicyViolations(page);
});

const menu = () => page.getByRole('navigation', { name: 'Menu' });
const overview = () => page.getByRole('grid').first();
const rows = (grid = overview()) => grid.locator('[role="row"][data-autoid]');
const record = () => page.locator('.app-record-screen');
const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });

/** A screenshot once the dialogs have faded in (spinners keep turning: they are not waited for). */
async function screenshot(name: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished),
    ),
  );
  await capture(page, name);
}

/** Whether keyboard focus is inside the element. */
const focusIn = (selector: string) => page.evaluate((s) => document.activeElement?.closest(s) !== null, selector);

async function search(text: string) {
  await page.getByRole('searchbox', { name: 'Zoeken' }).first().fill(text);
}

/** Picks an entry of a list picker by typing part of its text. */
async function pick(scope: ReturnType<Page['locator']>, label: string, text: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await scope.getByRole('option', { name: text }).first().click();
}

it('opens Relaties from the menu and a relation from the grid, with Back and Forward', async () => {
  await page.goto(product.url);
  await page.getByLabel('Gebruikersnaam').fill('admin');
  await page.getByLabel('Wachtwoord').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await menu().getByRole('button', { name: 'Relaties', exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Relaties');
  // The default data set (Actief) comes first and is chosen.
  const sets = page.getByRole('group', { name: 'Gegevensset' });
  await expect.poll(() => sets.getByRole('button').first().textContent()).toBe('Actief');
  await expect.poll(() => sets.getByRole('button', { name: 'Actief' }).getAttribute('aria-pressed')).toBe('true');
  await search(MARK);
  await expect.poll(() => rows().count()).toBe(2);

  await rows().filter({ hasText: 'Acme BV' }).click();
  await expect.poll(() => record().count()).toBe(1);
  await expect.poll(() => record().locator('.detail-header-title').textContent()).toBe('E2E001 - Acme BV');
  await expect.poll(() => record().getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
  // Focus moves into the record: its first field.
  await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/ID$/);

  await page.goBack();
  await expect.poll(() => record().count()).toBe(0);
  await page.goForward();
  await expect.poll(() => record().count()).toBe(1);
  await expect.poll(() => record().locator('.detail-header-title').textContent()).toBe('E2E001 - Acme BV');
  await screenshot('detail-relation');
});

it('shows the change tracker after resting on the header for 2 s', async () => {
  await record().locator('.detail-header').hover();
  await page.waitForTimeout(1000);
  expect(await page.getByRole('tooltip').count()).toBe(0);
  await expect.poll(() => page.getByRole('tooltip').textContent(), { timeout: 3000 }).toContain('Aangemaakt door');
  await page.mouse.move(5, 5);
});

it('asks before changing tabs with unsaved changes', async () => {
  await record().getByLabel('Naam 2', { exact: true }).fill('Hoofdkantoor');
  await record().getByRole('tab', { name: 'Adressen' }).click();
  await expect.poll(() => page.getByText('U heeft nog wijzigingen die niet zijn opgeslagen.').count()).toBe(1);
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await expect.poll(() => record().getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
  await expect.poll(() => record().getByLabel('Naam 2', { exact: true }).inputValue()).toBe('Hoofdkantoor');

  // Keyboard: arrows move between the tabs, Enter chooses; the question comes again: save.
  await record().getByRole('tab', { name: 'Details' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await dialog('Wijzigingen niet opgeslagen').getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect.poll(() => record().getByRole('tab', { name: 'Adressen' }).getAttribute('aria-selected')).toBe('true');
  const stored = await sql('SELECT name2 FROM relations WHERE autoid = $1', [ids.acme]);
  expect(stored.rows[0].name2).toBe('Hoofdkantoor');
});

it('adds an address in the child grid with the relation fixed', async () => {
  const panel = record().getByRole('tabpanel');
  await expect.poll(() => panel.getByText('Geen resultaten').count()).toBe(1);
  await panel.getByRole('button', { name: 'Toevoegen' }).click();
  const form = dialog('Toevoegen');
  const parent = form.getByLabel('Relatie', { exact: true });
  await expect.poll(() => parent.inputValue()).toBe('Acme BV');
  expect(await parent.getAttribute('readonly')).not.toBeNull();
  await pick(form, 'Adresgroep', 'Bezoekadres');
  await form.getByLabel('Straat', { exact: true }).fill('Dorpsstraat');
  await form.getByLabel('Plaats', { exact: true }).fill('Utrecht');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect.poll(() => form.count()).toBe(0);
  await expect.poll(() => rows(panel.getByRole('grid')).count()).toBe(1);
  await expect.poll(() => rows(panel.getByRole('grid')).first().textContent()).toContain('Utrecht');
  const stored = await sql(`SELECT relation, city FROM relationaddresses WHERE street = 'Dorpsstraat'`);
  expect(stored.rows.map((r) => [Number(r.relation), r.city])).toEqual([[ids.acme, 'Utrecht']]);
});

it('adds a contact person on the relation, which fills in the relation', async () => {
  await record().getByRole('tab', { name: 'Contactpersonen' }).click();
  const panel = record().getByRole('tabpanel');
  await panel.getByRole('button', { name: 'Toevoegen' }).click();
  const form = dialog('Toevoegen');
  await expect.poll(() => form.getByLabel('Relatie', { exact: true }).inputValue()).toBe('Acme BV');
  await form.getByLabel('Achternaam', { exact: true }).fill('Kwakernaak');
  await form.getByLabel('Weergavenaam', { exact: true }).fill('Karin Kwakernaak');
  await pick(form, 'Status', 'Actief');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect.poll(() => form.count()).toBe(0);
  await expect.poll(() => panel.getByRole('grid').textContent()).toContain('Karin Kwakernaak');
  const stored = await sql(`SELECT relation FROM persons WHERE lastname = 'Kwakernaak'`);
  expect(stored.rows.map((r) => Number(r.relation))).toEqual([ids.acme]);
  await record().getByRole('tab', { name: 'Adressen' }).click();
});

it('blocks the relation with a reason and finds it in the status log', async () => {
  await chooseTransition(record().getByRole('toolbar', { name: 'Acties' }), 'Blokkeren');
  const prompt = dialog('Blokkeren');
  await expect.poll(() => prompt.getByRole('note').textContent()).toContain('Na blokkeren');
  const run = prompt.getByRole('button', { name: 'Uitvoeren' });
  expect(await run.isDisabled()).toBe(true);
  await pick(prompt, 'Reden', 'Betalingsachterstand');
  await prompt.getByLabel('Toelichting', { exact: true }).fill('Drie facturen open');
  await run.click();
  // All succeeded: the batch result closes by itself; the record reads again.
  await expect.poll(() => prompt.count()).toBe(0);
  await expect.poll(() => dialog('Blokkeren').count()).toBe(0);
  await expect.poll(() => record().locator('.detail-header').textContent()).toContain('GeblokkeerdGeblokkeerd');

  await record().getByRole('tab', { name: 'Statuslog' }).click();
  const log = record().getByRole('tabpanel').getByRole('table');
  await expect.poll(() => log.locator('tbody tr').count()).toBe(1);
  const cells = await log.locator('tbody tr').first().locator('td').allTextContents();
  expect(cells.slice(0, 2)).toEqual(['Actief', 'Geblokkeerd']);
  expect(cells.join('|')).toContain('Drie facturen open');
  await screenshot('detail-statuslog');

  // The dashboard counts the addresses per group and per month, with the numbers as text.
  await record().getByRole('tab', { name: 'Dashboard', exact: true }).click();
  const byGroup = record().getByRole('table', { name: 'Per groep' });
  await expect.poll(() => byGroup.locator('tbody tr').allTextContents()).toEqual(['Bezoekadres1']);
  await expect.poll(() => record().getByRole('table', { name: 'Per maand' }).locator('tbody tr').count()).toBe(1);
  await screenshot('detail-dashboard');
});

it("shows a check of the table under its fields while typing, and asks the table's confirm before saving", async () => {
  await record().getByRole('tab', { name: 'Details' }).click();
  const message = 'Een particulier kan niet de eigen organisatie zijn.';
  await record().getByLabel('Particulier', { exact: true }).check();
  expect(await record().getByText(message).count()).toBe(0);
  await record().getByLabel('Eigen organisatie', { exact: true }).check();
  // Under both fields the check names.
  await expect.poll(() => record().getByText(message).count()).toBe(2);
  await record().getByLabel('Eigen organisatie', { exact: true }).uncheck();
  await expect.poll(() => record().getByText(message).count()).toBe(0);

  // The relation is blocked now: a save asks first; No keeps the changes unsaved.
  await record().locator('.app-modal-footer').getByRole('button', { name: 'Opslaan' }).click();
  const question = dialog('Bevestigen');
  await expect.poll(() => question.textContent()).toContain('Deze relatie is geblokkeerd');
  await question.getByRole('button', { name: 'Nee', exact: true }).click();
  expect((await sql('SELECT privateperson FROM relations WHERE autoid = $1', [ids.acme])).rows[0].privateperson).toBe(
    false,
  );
  await record().locator('.app-modal-footer').getByRole('button', { name: 'Opslaan' }).click();
  await dialog('Bevestigen').getByRole('button', { name: 'Ja', exact: true }).click();
  await expect
    .poll(
      async () =>
        (await sql('SELECT privateperson FROM relations WHERE autoid = $1', [ids.acme])).rows[0].privateperson,
    )
    .toBe(true);
  // Saved: nothing is left to save, so the footer no longer offers it.
  await expect
    .poll(() => record().locator('.app-modal-footer').getByRole('button', { name: 'Opslaan' }).count())
    .toBe(0);
});

it('closes with Escape, back on the overview without the blocked relation', async () => {
  await page.keyboard.press('Escape');
  await expect.poll(() => record().count()).toBe(0);
  await expect.poll(() => rows().count()).toBe(1);
  await page.getByRole('group', { name: 'Gegevensset' }).getByRole('button', { name: 'Geblokkeerd' }).click();
  await expect.poll(() => rows().count()).toBe(1);
  await expect.poll(() => rows().first().textContent()).toContain('Acme BV');
});

it('adds a relation in the same full-screen record; its child tabs wait until it is saved', async () => {
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  await expect.poll(() => record().locator('.detail-header-title').textContent()).toBe('Nieuw');
  expect(await record().getByRole('tab', { name: 'Adressen' }).getAttribute('aria-disabled')).toBe('true');
  await record().getByLabel('Relatiecode', { exact: true }).fill('E2E003');
  await record().getByLabel('Naam', { exact: true }).fill('Cobalt Verhuur');
  await record().locator('.app-modal-footer').getByRole('button', { name: 'Opslaan' }).click();
  await expect.poll(() => record().locator('.detail-header-title').textContent()).toBe('E2E003 - Cobalt Verhuur');
  expect(await record().getByRole('tab', { name: 'Adressen' }).getAttribute('aria-disabled')).toBeNull();
  // Back closes it; the grid (data set Geblokkeerd) does not show the new active relation.
  await page.goBack();
  await expect.poll(() => record().count()).toBe(0);
  await page.getByRole('group', { name: 'Gegevensset' }).getByRole('button', { name: 'Actief' }).click();
  await expect.poll(() => rows().count()).toBe(2);
  await page.getByRole('group', { name: 'Gegevensset' }).getByRole('button', { name: 'Geblokkeerd' }).click();
  await expect.poll(() => rows().count()).toBe(1);
});

it('changes the status of three persons at once, one refused, and retries it', async () => {
  await menu().getByRole('button', { name: 'Personen', exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Personen');
  await search(MARK);
  await expect.poll(() => rows().count()).toBe(3);
  await overview().getByRole('checkbox', { name: 'Alles selecteren' }).check();
  await expect.poll(() => overview().locator('[aria-selected="true"]').count()).toBe(3);
  const start = page.getByRole('group', { name: 'Acties' }).getByRole('button', { name: 'Status wijzigen' });
  await start.click();
  const prompt = dialog('Status wijzigen (3 items)');
  // The dialog takes focus (its first field) and keeps it: Tab goes round inside it.
  await expect.poll(() => focusIn('[role="dialog"]')).toBe(true);
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await focusIn('[role="dialog"]')).toBe(true);
  }
  // In the status picker Escape first closes its open list; the next Escape closes the dialog,
  // and focus returns to the button that opened it.
  // A click opens its list at once (focus from another element would open it after 1000 ms).
  await prompt.getByLabel('Nieuwe status', { exact: true }).click();
  await expect.poll(() => prompt.getByRole('listbox').count()).toBe(1);
  await page.keyboard.press('Escape');
  await expect.poll(() => prompt.getByRole('listbox').count()).toBe(0);
  expect(await prompt.count()).toBe(1);
  await page.keyboard.press('Escape');
  await expect.poll(() => prompt.count()).toBe(0);
  await expect.poll(() => start.evaluate((el) => el === document.activeElement)).toBe(true);
  await start.click();
  await pick(prompt, 'Nieuwe status', 'Langdurig afwezig');
  await prompt.getByRole('button', { name: 'Uitvoeren' }).click();

  const batch = dialog('Status wijzigen');
  await expect.poll(() => batch.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  await expect.poll(() => batch.locator('.app-batch-item--success').count()).toBe(2);
  await expect.poll(() => batch.locator('.app-batch-item--failed').count()).toBe(1);
  await expect.poll(() => batch.locator('.app-batch-item--failed').textContent()).toContain('Piet Bakker');
  await screenshot('batch-persons-failed');

  // The cause is fixed elsewhere; retry sends only the failed one, and all done closes the dialog.
  await sql('UPDATE persons SET relation = $1 WHERE autoid = $2', [ids.bolt, ids.bakker]);
  await batch.getByRole('button', { name: 'Opnieuw proberen' }).click();
  await expect.poll(() => batch.count()).toBe(0);
  const stored = await sql(
    `SELECT s.id FROM persons p JOIN personstatuses s ON s.autoid = p.status WHERE p.autoid = ANY($1)`,
    [[ids.jansen, ids.devries, ids.bakker]],
  );
  expect(stored.rows.map((r) => r.id)).toEqual(['VERLOF', 'VERLOF', 'VERLOF']);
});

it('comes back with Back', async () => {
  await page.goBack();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Relaties');
  // The page comes back as it was left: the blocked data set.
  await expect
    .poll(() =>
      page
        .getByRole('group', { name: 'Gegevensset' })
        .getByRole('button', { name: 'Geblokkeerd' })
        .getAttribute('aria-pressed'),
    )
    .toBe('true');
  await expect.poll(() => rows().count()).toBe(1);
});

it('opens a record at start with ?route=relations&id=', async () => {
  await page.goto(`${product.url}/?route=relations&id=${ids.bolt}`);
  await expect.poll(() => record().locator('.detail-header-title').textContent()).toBe('E2E002 - Bolt Techniek');
  await record().locator('.app-modal-footer').getByRole('button', { name: 'Sluiten' }).click();
  await expect.poll(() => record().count()).toBe(0);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Relaties');
});

it('asks before Back leaves a record with unsaved changes; Cancel keeps it open', async () => {
  await search(MARK);
  await rows().filter({ hasText: 'Bolt Techniek' }).click();
  await record().getByLabel('Naam 2', { exact: true }).fill('Werkplaats');
  await page.goBack();
  const unsaved = dialog('Wijzigingen niet opgeslagen');
  await expect.poll(() => unsaved.count()).toBe(1);
  await unsaved.getByRole('button', { name: 'Annuleren' }).click();
  await expect.poll(() => record().getByLabel('Naam 2', { exact: true }).inputValue()).toBe('Werkplaats');
  // Still on the record's own entry: Back asks again; not saving closes it.
  await page.goBack();
  await unsaved.getByRole('button', { name: 'Niet opslaan' }).click();
  await expect.poll(() => record().count()).toBe(0);
  expect((await sql('SELECT name2 FROM relations WHERE autoid = $1', [ids.bolt])).rows[0].name2).toBeNull();
  // Forward opens it again as stored.
  await page.goForward();
  await expect.poll(() => record().getByLabel('Naam 2', { exact: true }).inputValue()).toBe('');
  await page.keyboard.press('Escape');
  await expect.poll(() => record().count()).toBe(0);
});

it('closes a record the user can no longer read after an action, back on the overview with a notice', async () => {
  const cobalt = Number((await sql(`SELECT autoid FROM relations WHERE id = 'E2E003'`)).rows[0].autoid);
  await page.goto(`${product.url}/?route=relations&id=${cobalt}`);
  await expect.poll(() => record().locator('.detail-header-title').textContent()).toBe('E2E003 - Cobalt Verhuur');
  // Someone else removes it meanwhile: the action fails for it, and reading it again answers 404.
  await sql('DELETE FROM relations WHERE autoid = $1', [cobalt]);
  await record().getByRole('toolbar', { name: 'Acties' }).getByRole('button', { name: 'Status wijzigen' }).click();
  const prompt = dialog('Status wijzigen');
  await pick(prompt, 'Nieuwe status', 'Inactief');
  await prompt.getByRole('button', { name: 'Uitvoeren' }).click();
  const batch = dialog('Status wijzigen');
  await expect.poll(() => batch.locator('.app-batch-item--failed').count()).toBe(1);
  await batch.locator('.app-modal-footer').getByRole('button', { name: 'Sluiten' }).click();
  await expect.poll(() => record().count()).toBe(0);
  await expect.poll(() => page.getByRole('alert').filter({ hasText: 'niet meer voor u zichtbaar' }).count()).toBe(1);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Relaties');
});

it('ran every screen above within the content policy: the browser reported no violation', () => {
  expect(violations()).toEqual([]);
});
