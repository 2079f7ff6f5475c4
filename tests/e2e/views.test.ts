// Saved views in Chromium, as users of different roles see them. Sam (a planner who manages
// views) shapes the cost-code grid (columns, alignment, width, order, sort, quick and advanced
// filters, page size), saves it as his own view, makes it his default and finds it
// again after a reload; he shares a view with the planners, which Piet (a planner without view
// rights) then starts with and Otto (another role) never sees; Back restores a grid as it was.
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { post } from '../integration/harness.ts';
import { openPage, screenshot } from './browser.ts';
import { browser, product, useProduct } from './fixture.ts';

let sam: Page;
const password = (user: string) => `${user}-Pass-1`;

async function group(ID: string, grants: [string, string][]): Promise<number> {
  const id = (await post(product.server.app, '/mvc/securitygroups/save', { ID, Descr: ID })).body.AutoID;
  for (const [RightCode, Action] of grants)
    await post(product.server.app, '/mvc/securitygrants/save', { SecurityGroup: id, RightCode, Action });
  return id;
}
async function user(Username: string, groups: number[]) {
  const app = product.server.app;
  const id = (
    await post(app, '/mvc/users/save', {
      Username,
      PersonName: Username,
      Password: password(Username),
      PasswordRetype: password(Username),
    })
  ).body.AutoID;
  for (const g of groups) await post(app, '/mvc/usergroups/save', { User: id, SecurityGroup: g });
}

useProduct({ page: false });
beforeAll(async () => {
  const readCosts: [string, string][] = [
    ['10.85', 'read'],
    ['10.70', 'read'],
  ];
  const planners = await group('planners', readCosts);
  const managers = await group('viewmanagers', [
    ['12.5', 'execute'],
    ['12.6', 'execute'],
  ]);
  const others = await group('others', readCosts);
  await user('sam', [planners, managers]);
  await user('piet', [planners]);
  await user('otto', [others]);
  for (const [ID, Descr, Budget] of [
    ['KP-1', 'Werkplaats', 100],
    ['KP-2', 'Werkvoorbereiding', 250],
    ['KP-3', 'Kantoor', 75],
    ['KP-4', 'Werf', 500],
  ] as const) {
    await post(product.server.app, '/mvc/costcodes/save', { ID, Descr, Budget });
  }
  sam = await openPage(browser);
});

async function signIn(page: Page, username: string) {
  await page.goto(product.url);
  await page.getByLabel('Gebruikersnaam').fill(username);
  await page.getByLabel('Wachtwoord').fill(password(username));
  await page.getByRole('button', { name: 'Inloggen' }).click();
}
async function open(page: Page, screen: string) {
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: screen, exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(screen);
}
const headers = (page: Page) =>
  page
    .getByRole('grid')
    .first()
    .getByRole('columnheader')
    .evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label')).filter(Boolean));
const rows = (page: Page) => page.locator('[role="row"][data-autoid]');
const codes = (page: Page) =>
  rows(page).evaluateAll((list) =>
    list.map((r) => r.querySelector('[role="gridcell"]:not(.grid-select)')?.textContent ?? ''),
  );
const viewName = (page: Page) => page.locator('.grid-view-name').textContent();
const width = async (page: Page, title: string) =>
  (await page.getByRole('columnheader', { name: title, exact: true }).boundingBox())!.width;

it('shapes the grid: columns, alignment, width, order, sort, filters and page size', async () => {
  await signIn(sam, 'sam');
  await open(sam, 'Kostenplaatsen');
  await expect.poll(() => viewName(sam)).toBe('Standaardweergave');
  expect(await headers(sam)).toContain('Projectnummer');
  await expect.poll(() => rows(sam).count()).toBe(4);

  await sam.getByRole('button', { name: 'Kolommen', exact: true }).click();
  const chooser = sam.getByRole('dialog', { name: 'Kolommen' });
  await chooser.getByLabel('Kolom zoeken').fill('PROJECT');
  await expect.poll(() => chooser.getByRole('checkbox').count()).toBe(1);
  await chooser.getByRole('checkbox', { name: 'Projectnummer' }).uncheck();
  await chooser.getByLabel('Kolom zoeken').fill('');
  await chooser.getByRole('checkbox', { name: 'Geldig tot' }).uncheck();
  await chooser.getByLabel('Uitlijning Budget').selectOption({ label: 'Midden' });
  await chooser.getByRole('button', { name: 'Lokaal opslaan' }).click();
  await expect.poll(() => headers(sam)).not.toContain('Projectnummer');
  expect(await headers(sam)).not.toContain('Geldig tot');
  await expect.poll(() => viewName(sam)).toBe('Standaardweergave*');

  const before = await width(sam, 'Naam kostenplaats');
  const handle = (await sam.getByRole('separator', { name: 'Breedte van Naam kostenplaats' }).boundingBox())!;
  await sam.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await sam.mouse.down();
  await sam.mouse.move(handle.x + 100, handle.y + handle.height / 2, { steps: 5 });
  await sam.mouse.up();
  await expect.poll(() => width(sam, 'Naam kostenplaats')).toBeGreaterThan(before + 80);

  await sam.getByRole('columnheader', { name: 'Code', exact: true }).getByRole('button').click();
  await sam.getByRole('columnheader', { name: 'Code', exact: true }).getByRole('button').click();
  await expect
    .poll(() => sam.getByRole('columnheader', { name: 'Code', exact: true }).getAttribute('aria-sort'))
    .toBe('descending');
  await sam.getByLabel('Filter Naam kostenplaats').fill('Wer');
  await expect.poll(() => codes(sam)).toEqual(['KP-4', 'KP-2', 'KP-1']);
  await sam.getByLabel('Rijen per pagina').selectOption('50');

  await sam.getByRole('button', { name: 'Filters', exact: true }).click();
  await sam.getByRole('button', { name: 'Filter toevoegen' }).click();
  const filters = sam.getByRole('group', { name: 'Geavanceerde filters' });
  await filters.getByLabel('Veld').selectOption({ label: 'Budget' });
  await filters.getByLabel('Operator').selectOption('>');
  await filters.getByLabel('Waarde').fill('150');
  await expect.poll(() => codes(sam)).toEqual(['KP-4', 'KP-2']);
  await sam.getByRole('button', { name: 'Filters', exact: true }).click();

  await sam
    .getByRole('columnheader', { name: 'Budget', exact: true })
    .dragTo(sam.getByRole('columnheader', { name: 'Kostensoort', exact: true }));
  await expect
    .poll(async () => (await headers(sam)).slice(0, 4))
    .toEqual(['Code', 'Naam kostenplaats', 'Budget', 'Kostensoort']);
  await screenshot(sam, 'views-shaped');
});

it('saves it as a user view, sets it as default and finds it applied after a reload', async () => {
  await sam.getByRole('button', { name: 'Opslaan als…' }).click();
  const save = sam.getByRole('dialog', { name: 'Weergave opslaan als' });
  // A manager may save both kinds; the personal (user) view comes first.
  await expect.poll(() => save.getByLabel('Soort').inputValue()).toBe('1');
  await save.getByLabel('Naam').fill('Mijn kosten!');
  await save.getByLabel('Soort').selectOption({ label: 'Gebruikersweergave' });
  await save.getByRole('button', { name: 'Opslaan' }).click();
  await expect
    .poll(() =>
      save.getByText('De naam van een weergave bestaat uit letters, cijfers, spaties en - _ . ( ) & /.').count(),
    )
    .toBe(1);
  await save.getByLabel('Naam').fill('MijnKosten');
  await save.getByRole('button', { name: 'Opslaan' }).click();
  await expect.poll(() => sam.getByText('De weergave is opgeslagen.').count()).toBeGreaterThan(0);
  await expect.poll(() => viewName(sam)).toBe('MijnKosten');

  await sam.getByRole('button', { name: 'Weergaven', exact: true }).click();
  const manager = sam.getByRole('dialog', { name: 'Weergaven' });
  const mine = manager.getByRole('row').filter({ hasText: 'MijnKosten' });
  await expect.poll(() => mine.textContent()).toContain('Gebruiker');
  await mine.click({ button: 'right' });
  await sam.getByRole('menuitem', { name: 'Als standaard instellen' }).click();
  await expect.poll(() => mine.textContent()).toContain('Ja');
  await expect.poll(() => manager.textContent()).toContain('Geselecteerd: MijnKosten');
  await screenshot(sam, 'views-manager');
  await manager.getByRole('button', { name: 'Sluiten' }).click();

  await sam.reload();
  await open(sam, 'Kostenplaatsen');
  await expect.poll(() => viewName(sam)).toBe('MijnKosten');
  expect(await headers(sam)).not.toContain('Projectnummer');
  expect(await headers(sam)).not.toContain('Geldig tot');
  expect(await width(sam, 'Naam kostenplaats')).toBeGreaterThan(230);
  expect(await sam.getByRole('columnheader', { name: 'Code', exact: true }).getAttribute('aria-sort')).toBe(
    'descending',
  );
  expect(await sam.getByLabel('Filter Naam kostenplaats').inputValue()).toBe('Wer');
  expect(await sam.getByLabel('Rijen per pagina').inputValue()).toBe('50');
  expect((await headers(sam)).slice(0, 4)).toEqual(['Code', 'Naam kostenplaats', 'Budget', 'Kostensoort']);
  await expect.poll(() => codes(sam)).toEqual(['KP-4', 'KP-2']);
  await sam.getByRole('button', { name: 'Filters', exact: true }).click();
  const filters = sam.getByRole('group', { name: 'Geavanceerde filters' });
  expect(await filters.getByLabel('Operator').inputValue()).toBe('>');
  expect(await filters.getByLabel('Waarde').inputValue()).toBe('150');
  await sam.getByRole('button', { name: 'Filters', exact: true }).click();
});

it('Back returns to a grid as it was left', async () => {
  await sam.getByLabel('Zoeken', { exact: true }).fill('Werf');
  await expect.poll(() => codes(sam)).toEqual(['KP-4']);
  await open(sam, 'Valuta');
  await sam.goBack();
  await expect.poll(() => sam.getByRole('heading', { level: 1 }).textContent()).toBe('Kostenplaatsen');
  await expect.poll(() => sam.getByLabel('Zoeken', { exact: true }).inputValue()).toBe('Werf');
  await expect.poll(() => codes(sam)).toEqual(['KP-4']);
  expect(await viewName(sam)).toBe('MijnKosten');
  await sam.getByLabel('Zoeken', { exact: true }).fill('');
});

it('shares a view with a role: its members start with it, another role never sees it', async () => {
  await sam.getByRole('button', { name: 'Opslaan als…' }).click();
  const save = sam.getByRole('dialog', { name: 'Weergave opslaan als' });
  await save.getByLabel('Naam').fill('Planning');
  await save.getByLabel('Soort').selectOption({ label: 'Systeemweergave' });
  await save.getByLabel('Zichtbaar voor').selectOption({ label: 'planners' });
  await save.getByLabel('Als standaard instellen').check();
  await save.getByRole('button', { name: 'Opslaan' }).click();
  await expect.poll(() => viewName(sam)).toBe('Planning');

  const piet = await openPage(browser);
  await signIn(piet, 'piet');
  await open(piet, 'Kostenplaatsen');
  await expect.poll(() => viewName(piet)).toBe('Planning');
  expect(await headers(piet)).not.toContain('Projectnummer');
  await expect.poll(() => codes(piet)).toEqual(['KP-4', 'KP-2']);
  // Without either view permission there are no view settings.
  expect(await piet.getByRole('button', { name: 'Kolommen', exact: true }).count()).toBe(0);
  expect(await piet.getByRole('button', { name: 'Weergaven', exact: true }).count()).toBe(0);
  await screenshot(piet, 'views-role-member');

  const otto = await openPage(browser);
  await signIn(otto, 'otto');
  await open(otto, 'Kostenplaatsen');
  await expect.poll(() => viewName(otto)).toBe('Standaardweergave');
  expect(await headers(otto)).toContain('Projectnummer');
  await expect.poll(() => rows(otto).count()).toBe(4);

  // Sam deletes the shared view; Piet is back on the standard view.
  await sam.getByRole('button', { name: 'Weergaven', exact: true }).click();
  const manager = sam.getByRole('dialog', { name: 'Weergaven' });
  const shared = manager.getByRole('row').filter({ hasText: 'Planning' });
  await expect.poll(() => shared.textContent()).toContain('Rol: planners');
  await shared.click({ button: 'right' });
  await sam.getByRole('menuitem', { name: 'Verwijderen' }).click();
  await sam.getByRole('dialog', { name: 'Verwijderen' }).getByRole('button', { name: 'Ja', exact: true }).click();
  await expect.poll(() => manager.getByRole('row').filter({ hasText: 'Planning' }).count()).toBe(0);
  await manager.getByRole('button', { name: 'Sluiten' }).click();

  await piet.reload();
  await open(piet, 'Kostenplaatsen');
  await expect.poll(() => viewName(piet)).toBe('Standaardweergave');
  expect(await headers(piet)).toContain('Projectnummer');
});
