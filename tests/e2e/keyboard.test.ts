// The keyboard never changes what the user did not change, in Chromium: an administrator tabs
// through every field of a relation, a person, an order and an object (waiting on each list
// picker until its list is open), saves with Ctrl+S, and the stored record is as it was. A value
// picked with the mouse keeps focus in its input, so Ctrl+S saves it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { post } from '../integration/harness.ts';
import { page, product, useProduct } from './fixture.ts';

useProduct({ signIn: true });

const FORMS = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs', 'base', 'forms');
/** The record tabs that hold the table's form fields (the form definition's tabs). */
const formTabs = (table: string): string[] =>
  (JSON.parse(readFileSync(path.join(FORMS, `${table}.json`), 'utf8')) as { tabs: { label: string }[] }).tabs.map(
    (t) => t.label,
  );

const poll = expect.poll;
/** A list opens 1000 ms after focus from another element: the wait for it allows that and more. */
const LIST_OPENS = { timeout: 10_000 };
const menu = () => page.getByRole('navigation', { name: 'Menu' });
const rows = () => page.getByRole('grid').first().locator('[role="row"][data-autoid]');
const record = () => page.locator('.app-record-screen');
const panel = () => record().getByRole('tabpanel');
const footerSave = () => record().locator('.app-modal-footer').getByRole('button', { name: 'Opslaan' });
const toasts = () => page.locator('.app-toasts [role="status"]');

const sql = async (text: string, values: unknown[]) => (await product.server.engine.pool.query(text, values)).rows;
/** What the API answers for the record, without what a save itself moves (time stamp, who and when). */
async function stored(table: string, autoid: number): Promise<Record<string, unknown>> {
  const answer = await post(product.server.app, `/mvc/${table}/GetItem`, { autoid });
  expect(answer.status).toBe(200);
  const item = { ...(answer.body as Record<string, unknown>) };
  for (const key of Object.keys(item)) if (/^(TimeStamp|Modif|ChangeDate)/.test(key)) delete item[key];
  return item;
}

async function openScreen(title: string) {
  await menu().getByRole('searchbox').fill(title);
  await menu().getByRole('button', { name: title, exact: true }).click();
  await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
  await menu().getByRole('searchbox').fill('');
}

async function openRecord(screen: string, text: string) {
  if ((await record().count()) > 0) {
    await page.keyboard.press('Escape');
    await poll(() => record().count()).toBe(0);
  }
  await openScreen(screen);
  const sets = page.getByRole('group', { name: 'Gegevensset' });
  if ((await sets.getByRole('button', { name: 'Alle', exact: true }).count()) > 0)
    await sets.getByRole('button', { name: 'Alle', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Zoeken' }).first().fill(text);
  const row = rows().filter({ hasText: text });
  await poll(() => row.count()).toBe(1);
  await row.click();
  await poll(() => record().count()).toBe(1);
}

interface Focused {
  id: string;
  inPanel: boolean;
  picker: boolean;
  expanded: boolean;
  options: number;
  empty: boolean;
}
const focused = (): Promise<Focused> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const list = el?.getAttribute('aria-controls') ? document.getElementById(el.getAttribute('aria-controls')!) : null;
    return {
      id: el?.id ?? '',
      inPanel: Boolean(el?.closest('.app-record-screen [role="tabpanel"]')),
      picker: Boolean(el?.classList.contains('form-picker-input') && !(el as HTMLInputElement).readOnly),
      expanded: el?.getAttribute('aria-expanded') === 'true',
      options: list?.querySelectorAll('[role="option"]').length ?? 0,
      empty: Boolean(list?.querySelector('.form-empty')),
    };
  });

/**
 * Tabs from the tab's first field to past its last; on a list picker it first waits until the
 * list is open with its entries (the moment Tab could take one). Answers the fields visited.
 */
async function tabThrough(tab: string): Promise<string[]> {
  await record().getByRole('tab', { name: tab, exact: true }).click();
  await poll(() => record().getByRole('tab', { name: tab, exact: true }).getAttribute('aria-selected')).toBe('true');
  const first = panel().locator('input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea').first();
  await first.focus();
  const visited: string[] = [];
  for (let i = 0; i < 200; i++) {
    const now = await focused();
    if (!now.inPanel || visited.includes(now.id)) break;
    visited.push(now.id);
    if (now.picker) {
      await poll(async () => {
        const f = await focused();
        return f.expanded && (f.options > 0 || f.empty);
      }, LIST_OPENS).toBe(true);
    }
    await page.keyboard.press('Tab');
  }
  return visited;
}

/** Ctrl+S where the focus is; answers once the save's answer is in and the toast says so. */
async function saveWithKeys() {
  const answer = page.waitForResponse((r) => /\/mvc\/\w+\/save$/.test(r.url()) && r.request().method() === 'POST');
  await page.keyboard.press('Control+s');
  expect((await answer).status()).toBe(200);
  await poll(() => toasts().filter({ hasText: 'Opgeslagen' }).count()).toBeGreaterThan(0);
}

const CASES = [
  { screen: 'Relaties', table: 'relations', text: 'R0001', key: ['id', 'R0001'] },
  { screen: 'Personen', table: 'persons', text: 'Jan Jansen', key: ['email', 'jan.jansen@verhuurcentrale.nl'] },
  { screen: 'Orders', table: 'orders', text: 'BE-ORD-00022', key: ['id', 'BE-ORD-00022'] },
  { screen: 'Objecten', table: 'objects', text: 'OBJ-000001', key: ['id', 'OBJ-000001'] },
] as const;

for (const c of CASES) {
  it(`tabs through every field of ${c.screen} and saves with Ctrl+S: the stored record is unchanged`, async () => {
    const [found] = await sql(`SELECT autoid FROM ${c.table} WHERE ${c.key[0]} = $1`, [c.key[1]]);
    const autoid = Number(found.autoid);
    const before = await stored(c.table, autoid);
    await openRecord(c.screen, c.text);
    const saves: string[] = [];
    const watch = (r: { url: () => string; method: () => string }) => {
      if (/\/save$/.test(r.url()) && r.method() === 'POST') saves.push(r.url());
    };
    page.on('request', watch);
    const visited: string[] = [];
    for (const tab of formTabs(c.table)) visited.push(...(await tabThrough(tab)));
    expect(visited.length, visited.join(', ')).toBeGreaterThan(5);
    // Nothing changed, so nothing to save: no Opslaan in the footer, Ctrl+S sends nothing, and
    // Escape closes the record without asking about changes.
    expect(await footerSave().count()).toBe(0);
    await record()
      .getByRole('tab', { name: formTabs(c.table)[0], exact: true })
      .click();
    await panel().locator('input:not([disabled])').first().focus();
    await page.keyboard.press('Control+s');
    await page.keyboard.press('Escape');
    await poll(() => record().count()).toBe(0);
    page.off('request', watch);
    expect(saves).toEqual([]);
    expect(await stored(c.table, autoid)).toEqual(before);
  });
}

it('picks a language with the mouse, keeps focus in the picker, and Ctrl+S stores it', async () => {
  const [found] = await sql(`SELECT autoid FROM relations WHERE id = 'R0001'`, []);
  const autoid = Number(found.autoid);
  expect((await stored('relations', autoid)).Language_Descr).toBe('Nederlands');
  await openRecord('Relaties', 'R0001');
  const language = record().getByLabel('Taal', { exact: true });
  // A click opens the list at once; the shown value stays until something is chosen.
  await language.click();
  expect(await language.inputValue()).toBe('Nederlands');
  await record().getByRole('option', { name: 'Engels', exact: true }).click();
  await poll(() => language.inputValue()).toBe('Engels');
  expect(await language.evaluate((el) => el === document.activeElement)).toBe(true);
  await saveWithKeys();
  expect((await stored('relations', autoid)).Language_Descr).toBe('Engels');
});
