// An administrator opens a security group in Chromium, switches to its rights matrix, finds a
// right by typing, grants "Toevoegen" on it with the keyboard (arrow keys and Space), and the grant
// is saved as a row of the group's grants; a row limit that names nothing valid is said above the
// group. A right that requires another is granted with it in one click, and the last grant of the
// required right takes it along. A user who may read groups but not change grants sees the same
// matrix read-only.
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { post } from '../integration/harness.ts';
import { openPage, screenshot, signInAt } from './browser.ts';
import { browser, page, product, useProduct } from './fixture.ts';

const PASSWORD = 'Matrix-pass-1';
let group = 0;

async function save(table: string, record: Record<string, unknown>): Promise<number> {
  const answer = await post(product.server.app, `/mvc/${table}/save`, record);
  if (answer.status !== 200) throw new Error(`saving ${table} failed: ${JSON.stringify(answer.body)}`);
  return answer.body.AutoID;
}

useProduct();
beforeAll(async () => {
  group = await save('securitygroups', { ID: 'planners', Descr: 'Planners' });
  await save('securitygrants', { SecurityGroup: group, RightCode: '12.3', Action: 'read' });
  // A limit stored before names were checked: its table is no table of the definitions.
  await product.server.engine.pool.query(
    `INSERT INTO rowlimits (securitygroup, tablename, fieldname, kind) VALUES ($1, 'Verdwenen', 'Veld', 'own')`,
    [group],
  );
  // Vera may read security groups (and so their grants) but change nothing.
  const vera = await save('users', {
    Username: 'vera',
    PersonName: 'Vera',
    Password: PASSWORD,
    PasswordRetype: PASSWORD,
  });
  const viewers = await save('securitygroups', { ID: 'viewers', Descr: 'Kijkers' });
  await save('securitygrants', { SecurityGroup: viewers, RightCode: '12.4', Action: 'read' });
  await save('usergroups', { User: vera, SecurityGroup: viewers });
});

const menu = (p: Page) => p.getByRole('navigation', { name: 'Menu' });
const record = (p: Page) => p.locator('.app-record-screen');
const matrix = (p: Page) => record(p).getByRole('grid', { name: 'Rechtenmatrix' });

/** Opens the group Planners: by a row click, or (for a user who may only read) with Bekijken. */
async function openGroup(p: Page, readOnly = false) {
  await menu(p).getByRole('searchbox').fill('Beveiligingsgroepen');
  await menu(p).getByRole('button', { name: 'Beveiligingsgroepen', exact: true }).click();
  await expect.poll(() => p.getByRole('heading', { level: 1 }).textContent()).toBe('Beveiligingsgroepen');
  await p.getByRole('grid').first().locator('[role="row"][data-autoid]').filter({ hasText: 'Planners' }).click();
  if (readOnly) await p.locator('.grid-toolbar').getByRole('button', { name: 'Bekijken' }).click();
  await expect.poll(() => record(p).locator('.detail-header-title').textContent()).toContain('Planners');
  await record(p).getByRole('tab', { name: 'Rechtenmatrix' }).click();
}

const grantsOf = async () =>
  (
    await product.server.engine.pool.query(
      'SELECT rightcode, action, "grant" FROM securitygrants WHERE securitygroup = $1 ORDER BY rightcode, action',
      [group],
    )
  ).rows;

it('grants create on a right by keyboard in the matrix, saved as a grant of the group', async () => {
  await signInAt(page, product.url);
  await openGroup(page);

  // The invalid row limit is said above the group, by its table and what is wrong.
  const warning = record(page).locator('.app-row-limit-warning');
  await expect.poll(() => warning.textContent()).toContain('Rijbeperkingen die niets geldigs noemen');
  await expect.poll(() => warning.textContent()).toContain('De tabel Verdwenen bestaat niet in de definities');

  // Typing filters the rights by name; the one granted already shows as granted.
  await record(page).getByRole('searchbox', { name: 'Rechten zoeken' }).fill('Gebruikers beheren');
  const users = matrix(page).locator('[role="row"][data-code="12.3"]');
  await expect.poll(() => users.getByRole('gridcell', { name: 'Lezen: toegestaan' }).count()).toBe(1);
  const create = users.getByRole('gridcell', { name: 'Toevoegen: niet ingesteld' });
  await expect.poll(() => create.count()).toBe(1);

  // From the read cell, one step right is create; Space grants it.
  await users.getByRole('gridcell', { name: 'Lezen: toegestaan' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe('Toevoegen: niet ingesteld');
  await page.keyboard.press('Space');
  await expect.poll(() => users.getByRole('gridcell', { name: 'Toevoegen: toegestaan' }).count()).toBe(1);
  expect(await grantsOf()).toEqual([
    { rightcode: '12.3', action: 'create', grant: true },
    { rightcode: '12.3', action: 'read', grant: true },
  ]);
  // Saved through the API the grid uses: the group's grants answer it too.
  const listed = await post(product.server.app, '/mvc/securitygroups/GetRightsMatrix', {
    autoid: group,
    Tab: 'matrix',
  });
  expect(listed.body.Grants.map((g: { Right: string; Action: string }) => `${g.Right} ${g.Action}`).sort()).toEqual([
    '12.3 create',
    '12.3 read',
  ]);
  await screenshot(page, 'rights-matrix');

  // Space again denies it.
  await users.getByRole('gridcell', { name: 'Toevoegen: toegestaan' }).focus();
  await page.keyboard.press('Space');
  await expect.poll(() => users.getByRole('gridcell', { name: 'Toevoegen: geweigerd' }).count()).toBe(1);
  expect((await grantsOf()).find((g) => g.action === 'create')).toEqual({
    rightcode: '12.3',
    action: 'create',
    grant: false,
  });
});

it('grants a right with the right it requires, and takes it away with the last grant of that one', async () => {
  const status = matrix(page).locator('[role="row"][data-code="19.4"]');
  const manage = matrix(page).locator('[role="row"][data-code="19.1"]');
  await record(page).getByRole('searchbox', { name: 'Rechten zoeken' }).fill('workflow items');
  await expect.poll(() => status.locator('.rights-matrix-requires').textContent()).toBe('Alleen samen met 19.1');
  await status.getByRole('gridcell', { name: 'Acties: niet ingesteld' }).click();
  await expect.poll(() => status.getByRole('gridcell', { name: 'Acties: toegestaan' }).count()).toBe(1);
  await expect.poll(() => manage.getByRole('gridcell', { name: 'Lezen: toegestaan' }).count()).toBe(1);
  await expect
    .poll(() => record(page).locator('.rights-matrix-along').textContent())
    .toBe('Mee aangepast, omdat ze alleen samen gelden: 19.1');
  expect((await grantsOf()).filter((g) => String(g.rightcode).startsWith('19.'))).toEqual([
    { rightcode: '19.1', action: 'read', grant: true },
    { rightcode: '19.4', action: 'execute', grant: true },
  ]);

  // Denying the only grant of 19.1 leaves 19.4 without it: its grant goes along.
  await manage.getByRole('gridcell', { name: 'Lezen: toegestaan' }).focus();
  await page.keyboard.press('Space');
  await expect.poll(() => manage.getByRole('gridcell', { name: 'Lezen: geweigerd' }).count()).toBe(1);
  await expect.poll(() => status.getByRole('gridcell', { name: 'Acties: niet ingesteld' }).count()).toBe(1);
  expect((await grantsOf()).filter((g) => String(g.rightcode).startsWith('19.'))).toEqual([
    { rightcode: '19.1', action: 'read', grant: false },
  ]);
});

it('is read-only for a user who may not change grants', async () => {
  const own = await openPage(browser);
  await signInAt(own, product.url, 'vera', PASSWORD);
  await openGroup(own, true);
  await expect
    .poll(() => record(own).getByRole('note').allTextContents())
    .toContain('U kunt deze rechten alleen bekijken: u heeft geen recht om ze te wijzigen.');
  await expect.poll(() => matrix(own).getAttribute('aria-readonly')).toBe('true');
  const before = await grantsOf();
  const users = matrix(own).locator('[role="row"][data-code="12.3"]');
  await record(own).getByRole('searchbox', { name: 'Rechten zoeken' }).fill('Gebruikers beheren');
  const cell = users.getByRole('gridcell', { name: 'Wijzigen: niet ingesteld' });
  await cell.click();
  await cell.press('Space');
  // Nothing is asked of the server and nothing changes.
  await expect.poll(() => users.getByRole('gridcell', { name: 'Wijzigen: niet ingesteld' }).count()).toBe(1);
  expect(await grantsOf()).toEqual(before);
  await own.close();
});
