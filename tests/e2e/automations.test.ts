// An automation as an administrator builds it in Chromium: a new one is made from the shipped
// template "e-mail the customer when a working ticket is approved", switched on, tried in the
// emulator on a ticket (its history shows the try and nothing is sent), and then started by
// approving the ticket (a save of its new status): its history shows the run and the outbox the
// customer's e-mail.
import { expect, it } from 'vitest';
import { post } from '../integration/harness.ts';
import { page, product, useProduct } from './fixture.ts';

useProduct({ signIn: true });

const sql = async (text: string, values: unknown[] = []) => (await product.server.engine.pool.query(text, values)).rows;
/** Waits for what the user sees; a run is done by the job a moment after the change. */
const poll = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 20_000 });

const record = () => page.locator('.app-record-screen');
const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });
const recordActions = () => record().getByRole('toolbar', { name: 'Acties' });
const panel = () => record().getByRole('tabpanel');
const childRows = () => panel().getByRole('grid').locator('[role="row"][data-autoid]');
const footerSave = () => record().locator('.app-modal-footer').getByRole('button', { name: 'Opslaan' });

let copy = 0;
let ticket = 0;
let ticketId = '';

it('makes an automation from a template and switches it on', async () => {
  // Signed in once the shell shows its menu.
  await poll(() => page.getByRole('navigation', { name: 'Menu' }).count()).toBe(1);
  const [template] = await sql(`SELECT autoid FROM automations WHERE id = 'TPL-TICKET-APPROVED'`);
  await page.goto(`${product.url}/?route=automations&id=${template.autoid}`);
  await recordActions().getByRole('button', { name: 'Nieuwe automatisering van dit sjabloon' }).click();
  const asked = dialog('Nieuwe automatisering van dit sjabloon');
  if (await asked.getByRole('button', { name: 'Uitvoeren' }).count())
    await asked.getByRole('button', { name: 'Uitvoeren' }).click();
  await poll(
    async () => (await sql(`SELECT autoid FROM automations WHERE id LIKE 'TPL-TICKET-APPROVED-%'`)).length,
  ).toBe(1);
  copy = Number((await sql(`SELECT autoid FROM automations WHERE id LIKE 'TPL-TICKET-APPROVED-%'`))[0].autoid);

  await page.goto(`${product.url}/?route=automations&id=${copy}`);
  const enabled = record().getByLabel('Actief', { exact: true });
  await poll(() => enabled.isChecked()).toBe(false);
  await enabled.check();
  await footerSave().click();
  await poll(async () => (await sql('SELECT enabled FROM automations WHERE autoid = $1', [copy]))[0].enabled).toBe(
    true,
  );
  await record().getByRole('tab', { name: 'Triggers' }).click();
  await poll(() => childRows().count()).toBe(1);
  await record().getByRole('tab', { name: 'Acties' }).click();
  await poll(() => childRows().count()).toBe(1);
});

it('tries it in the emulator on a ticket: the history shows the try, and nothing is sent', async () => {
  const [relation] = await sql(`SELECT autoid FROM relations WHERE id = 'R0002'`);
  const made = await post(product.server.app, '/mvc/workingtickets/save', {
    ShortDescr: 'E2E storing',
    Relation: Number(relation.autoid),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  ticket = made.body.AutoID;
  ticketId = made.body.ID;
  const before = (await sql('SELECT count(*)::int AS n FROM outboxmessages'))[0].n;
  await recordActions().getByRole('button', { name: 'Uitproberen in de emulator' }).click();
  const asked = dialog('Uitproberen in de emulator');
  await asked.getByLabel('Proefrecord (AutoID)', { exact: true }).fill(String(ticket));
  await asked.getByRole('button', { name: 'Uitvoeren' }).click();
  const tries = async () =>
    (await sql('SELECT count(*)::int AS n FROM automationruns WHERE automation = $1 AND emulated', [copy]))[0].n;
  await poll(tries).toBe(1);
  await poll(() => asked.count()).toBe(0);
  await record().getByRole('tab', { name: 'Geschiedenis' }).click();
  await poll(() => childRows().count()).toBe(1);
  const [tried] = await sql('SELECT emulated, results FROM automationruns WHERE automation = $1', [copy]);
  expect(tried.emulated).toBe(true);
  expect(JSON.parse(String(tried.results))).toEqual([
    expect.objectContaining({
      Action: 'email',
      To: ['info@bouwbedrijfdegraaf.nl'],
      Subject: `Werkbon ${ticketId} is goedgekeurd`,
    }),
  ]);
  expect((await sql('SELECT count(*)::int AS n FROM outboxmessages'))[0].n).toBe(before);
});

it('runs when the ticket is approved: a history row and the customer e-mail in the outbox', async () => {
  // The status change as any client makes it: a save of the ticket with its new status.
  const item = (await post(product.server.app, '/mvc/workingtickets/GetItem', { autoid: ticket })).body;
  const [approved] = await sql(`SELECT autoid FROM workingticketstatuses WHERE id = '2'`);
  const saved = await post(product.server.app, '/mvc/workingtickets/save', {
    ...item,
    Status: Number(approved.autoid),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await poll(
    async () =>
      (await sql('SELECT status FROM automationruns WHERE automation = $1 AND NOT emulated', [copy]))[0]?.status,
  ).toBe('2');
  const [mail] = await sql('SELECT kind, recipients, subject FROM outboxmessages WHERE automation = $1', [copy]);
  expect(mail).toEqual({
    kind: 'email',
    recipients: 'info@bouwbedrijfdegraaf.nl',
    subject: `Werkbon ${ticketId} is goedgekeurd`,
  });

  await page.goto(`${product.url}/?route=automations&id=${copy}`);
  await record().getByRole('tab', { name: 'Geschiedenis' }).click();
  await poll(() => childRows().count()).toBe(2);
});
