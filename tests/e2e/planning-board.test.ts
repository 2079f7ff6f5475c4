// A planner opens the planning board in Chromium: the team's members are its rows, a ticket planned
// in the evening shows the working-hours flag on its bar, an unplanned ticket is planned on a
// person by dragging it with the mouse and another with the keyboard (Enter, then the arrows move
// it a time step and Shift+arrow to the next person), each saved as the ticket; a second browser
// sees a colleague's change arrive without reloading; the board and capacity planning (planned
// against available hours per team and week) pass the axe check; a saved monitor opens its view;
// the team's time zone, other than the browser's, is named on its rows with the bars' times in it;
// the team itself is a row after its persons.
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { post } from '../integration/harness.ts';
import { seriousViolations } from './axe.ts';
import { openPage, signInAt } from './browser.ts';
import { present } from '../support/present.ts';
import { browser, page, product, useProduct } from './fixture.ts';

const ids: Record<string, number> = {};

async function save(table: string, record: Record<string, unknown>): Promise<number> {
  const answer = await post(product.server.app, `/mvc/${table}/save`, record);
  if (answer.status !== 200) throw new Error(`saving ${table} failed: ${JSON.stringify(answer.body)}`);
  return answer.body.AutoID;
}
const ticket = async (autoid: number): Promise<Record<string, unknown>> =>
  (await post(product.server.app, '/mvc/workingtickets/GetItem', { autoid })).body;

/** Tuesday of this week (the board opens on this week), as the date part of a datetime field. */
function tuesday(): string {
  const d = new Date();
  const monday = new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7));
  const t = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 1);
  return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
}

useProduct();
beforeAll(async () => {
  const active = Number(
    (await product.server.engine.pool.query('SELECT min(autoid) AS id FROM personstatuses')).rows[0].id,
  );
  ids.pieter = await save('persons', { LastName: 'Pieter', Status: active });
  ids.quinten = await save('persons', { LastName: 'Quinten', Status: active });
  const days = await save('workabledays', {
    ID: 'PLAN-MA-VR',
    Descr: 'Planbord werkdagen',
    Monday: true,
    Tuesday: true,
    Wednesday: true,
    Thursday: true,
    Friday: true,
  });
  const hours = await save('workhourplans', {
    ID: 'PLAN-KANTOOR',
    Descr: 'Planbord werktijden',
    StartTime: '08:00',
    EndTime: '17:00',
    MondayHours: 8,
    TuesdayHours: 8,
    WednesdayHours: 8,
    ThursdayHours: 8,
    FridayHours: 8,
  });
  ids.team = await save('teams', {
    ID: 'PLANBORD',
    Descr: 'Planbordteam',
    Workdays: days,
    WorkHourPlan: hours,
    TimeZone: 'Asia/Tokyo',
  });
  await save('teammembers', { Team: ids.team, Person: ids.pieter, Position: 1 });
  await save('teammembers', { Team: ids.team, Person: ids.quinten, Position: 2 });
  ids.evening = await save('workingtickets', {
    ShortDescr: 'Avondstoring',
    AssignedTeam: ids.team,
    AssignedPerson: ids.pieter,
    StartDate: `${tuesday()}T18:00`,
    EndDate: `${tuesday()}T19:00`,
  });
  ids.mouse = await save('workingtickets', { ShortDescr: 'Plan met muis', AssignedTeam: ids.team });
  ids.keys = await save('workingtickets', { ShortDescr: 'Plan met toetsen', AssignedTeam: ids.team });
  ids.monitor = await save('schedulermonitors', {
    ID: 'TWEE-WEKEN',
    Descr: 'Twee weken breed',
    View: '2weeks',
    TimeStep: '240',
    ColumnWidth: 'wide',
    WeekdayMode: 'monsun',
    Team: ids.team,
  });
});

const menu = (p: Page) => p.getByRole('navigation', { name: 'Menu' });
const bar = (p: Page, name: string) => p.locator('.planning-bar', { hasText: name });

async function openBoard(p: Page) {
  await menu(p).getByRole('searchbox').fill('Planbord');
  await menu(p).getByRole('button', { name: 'Planbord', exact: true }).click();
  await expect.poll(() => p.getByRole('heading', { level: 1 }).textContent()).toBe('Planbord');
  await p.getByLabel('Team', { exact: true }).selectOption({ label: 'Planbordteam' });
  await p.getByLabel('Weergave', { exact: true }).selectOption('week');
  await expect
    .poll(() => p.locator('.planning-name-text').allTextContents())
    .toEqual(['Pieter', 'Quinten', 'Planbordteam']);
}

it('shows the team, the working-hours flag, and plans a ticket by mouse and another by keyboard', async () => {
  await signInAt(page, product.url);
  await openBoard(page);

  // The evening ticket is on Pieter's row, flagged outside working hours in its accessible name.
  await expect.poll(() => bar(page, 'Avondstoring').getAttribute('aria-label')).toContain('Buiten werktijden');
  expect(await bar(page, 'Avondstoring').getAttribute('aria-label')).toContain('Pieter');
  // The team works in another zone than this browser's: the board and each of the team's rows name
  // it, and a bar's times are said in it, then in this browser's.
  expect(await page.locator('.planning-zone').textContent()).toBe('Tijdzone van het team: Asia/Tokyo');
  expect(await page.locator('.planning-row-zone').first().textContent()).toBe('Asia/Tokyo');
  expect(await bar(page, 'Avondstoring').getAttribute('aria-label')).toMatch(/18:00 – 19:00 Asia\/Tokyo \(/);

  // By mouse: the unplanned ticket is dragged onto Quinten's row.
  const item = page.locator('.planning-unplanned').getByRole('button', { name: 'Plan met muis' });
  const track = page.getByRole('listitem', { name: 'Quinten' }).locator('.planning-track');
  const from = present(await item.boundingBox(), "the unplanned ticket's box");
  const to = present(await track.boundingBox(), "Quinten's track");
  await page.mouse.move(from.x + 10, from.y + 10);
  await page.mouse.down();
  await page.mouse.move(to.x + 40, to.y + 20, { steps: 5 });
  await page.mouse.move(to.x + 60, to.y + 20, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await ticket(ids.mouse)).AssignedPerson).toBe(ids.quinten);
  expect((await ticket(ids.mouse)).StartDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  await expect.poll(() => bar(page, 'Plan met muis').count()).toBe(1);

  // By keyboard: Enter plans it on the first row at the first time shown; the arrows move it.
  await page.locator('.planning-unplanned').getByRole('button', { name: 'Plan met toetsen' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await ticket(ids.keys)).AssignedPerson).toBe(ids.pieter);
  const planned = String((await ticket(ids.keys)).StartDate);
  await expect.poll(() => bar(page, 'Plan met toetsen').count()).toBe(1);
  await bar(page, 'Plan met toetsen').focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => String((await ticket(ids.keys)).StartDate) > planned).toBe(true);
  await expect.poll(() => page.locator('.planning-board[aria-busy]').count()).toBe(0);
  await bar(page, 'Plan met toetsen').focus();
  await page.keyboard.press('Shift+ArrowDown');
  await expect.poll(async () => (await ticket(ids.keys)).AssignedPerson).toBe(ids.quinten);
  await expect.poll(() => bar(page, 'Plan met toetsen').getAttribute('aria-label')).toContain('Quinten');
});

it('shows a change another session saves without reloading', async () => {
  const second = await openPage(browser);
  await signInAt(second, product.url);
  await openBoard(second);
  await expect.poll(() => bar(second, 'Avondstoring').count()).toBe(1);
  const evening = await ticket(ids.evening);
  await save('workingtickets', {
    ...evening,
    ShortDescr: 'Avondstoring verplaatst',
    StartDate: `${tuesday()}T10:00`,
    EndDate: `${tuesday()}T12:00`,
  });
  await expect.poll(() => bar(second, 'Avondstoring verplaatst').count(), { timeout: 15_000 }).toBe(1);
  await expect
    .poll(() => bar(second, 'Avondstoring verplaatst').getAttribute('aria-label'))
    .not.toContain('Buiten werktijden');
  await second.close();
});

it('opens a saved monitor from the toolbar: its view, time step, column width, weekdays and team', async () => {
  await page.getByLabel('Team', { exact: true }).selectOption('');
  await page.getByLabel('Monitor', { exact: true }).selectOption({ label: 'Twee weken breed' });
  await expect.poll(() => page.getByLabel('Weergave', { exact: true }).inputValue()).toBe('2weeks');
  expect(await page.getByLabel('Tijdstap', { exact: true }).inputValue()).toBe('240');
  expect(await page.getByLabel('Kolombreedte', { exact: true }).inputValue()).toBe('wide');
  expect(await page.getByLabel('Weekdagen', { exact: true }).inputValue()).toBe('monsun');
  expect(await page.getByLabel('Team', { exact: true }).inputValue()).toBe(String(ids.team));
  expect(await page.getByLabel('Naam monitor', { exact: true }).inputValue()).toBe('Twee weken breed');
  await expect
    .poll(() => page.locator('.planning-name-text').allTextContents())
    .toEqual(['Pieter', 'Quinten', 'Planbordteam']);
});

it('passes the axe check on the board', async () => {
  expect(await seriousViolations(page)).toEqual([]);
});

it('shows capacity planning per team and week, and passes the axe check there too', async () => {
  await menu(page).getByRole('searchbox').fill('Capaciteitsplanning');
  await menu(page).getByRole('button', { name: 'Capaciteitsplanning', exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Capaciteitsplanning');
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Planbordteam' }) });
  // Two members, eight hours on five days, against the tickets planned this week.
  await expect.poll(() => row.getByRole('cell').first().textContent()).toMatch(/ \/ 80/);
  expect(await seriousViolations(page)).toEqual([]);
});
