// Automations on the base pack: a change queues one run per matching automation in its own
// transaction, and the job does the run as the automation's owner: created, changed-to-a-value
// and transition triggers, a json-logic condition, each kind of action (messages into the
// outbox, a field, a record, a transition), loops bounded by the depth, a storm bounded to one run
// per automation per change, the owner's field limits on what a template reads, an emulator that
// keeps nothing, and a history and outbox without the webhook's secret.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '../../server/security/secrets.ts';
import { webhookSecret } from '../../server/automations/secret.ts';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

type Row = Record<string, unknown> & { AutoID: number };
let server: TestServer;
const admin = (url: string, body: unknown = {}) => post(server.app, url, body);
async function create(table: string, record: Record<string, unknown>): Promise<Row> {
  const res = await admin(`/mvc/${table}/save`, record);
  if (res.status !== 200) throw new Error(`${table}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const item = async (table: string, autoid: number): Promise<Row> =>
  (await admin(`/mvc/${table}/GetItem`, { autoid })).body;
async function update(table: string, autoid: number, values: Record<string, unknown>): Promise<Row> {
  return create(table, { ...(await item(table, autoid)), ...values });
}
/** A JSON text column read back. */
const parsed = (v: unknown): unknown => JSON.parse(String(v));
const query = async (sql: string, params: unknown[] = []) => (await server.engine.pool.query(sql, params)).rows;

/** An automation with its triggers and actions, switched on, owned by `Owner` (default: admin). */
async function automation(
  ID: string,
  triggers: Record<string, unknown>[],
  actions: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
): Promise<number> {
  const a = await create('automations', { ID, Descr: ID, Enabled: true, Owner: adminId, ...extra });
  for (const t of triggers) await create('automationtriggers', { Automation: a.AutoID, ...t });
  for (const [i, x] of actions.entries())
    await create('automationactions', { Automation: a.AutoID, Sequence: i + 1, ...x });
  return a.AutoID;
}
const off = (id: number) => update('automations', id, { Enabled: false });

const runsOf = (id: number) =>
  query('SELECT * FROM automationruns WHERE automation = $1 AND NOT emulated ORDER BY autoid', [id]);
/** The runs of an automation once the job has done every one of them (none new or in progress). */
async function doneRuns(id: number, count: number) {
  for (let i = 0; i < 600; i++) {
    const runs = await runsOf(id);
    if (runs.length >= count && runs.every((r) => r.status !== '0' && r.status !== '1')) return runs;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`automation ${id}: ${count} runs were not done: ${JSON.stringify(await runsOf(id))}`);
}
const outboxOf = (id: number) => query('SELECT * FROM outboxmessages WHERE automation = $1 ORDER BY autoid', [id]);

let adminId: number;
const ids: Record<string, number> = {};
const SECRET = 'never-answer-this-secret-4711';

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  adminId = Number((await query(`SELECT autoid FROM users WHERE username = 'admin'`))[0].autoid);
  await create('administrations', { ID: 'HQ', Descr: 'Hoofdkantoor', IsDefault: true });
  ids.customer = (await create('relations', { ID: 'KLANT', Descr: 'Klant', Email: 'klant@example.org' })).AutoID;
  ids.hook = (
    await create('webhooks', {
      ID: 'CRM',
      Descr: 'CRM',
      Endpoint: 'https://crm.example.org/hook',
      Method: 'POST',
      Headers: 'Authorization: Bearer token-xyz',
      Content: '{"relation": "{ID}"}',
      Secret: SECRET,
    })
  ).AutoID;
  // A user who may read relations but not their e-mail address, and change nothing.
  const lim = (
    await admin('/mvc/users/save', { Username: 'lim', Password: 'Lim-pass-1', PasswordRetype: 'Lim-pass-1' })
  ).body.AutoID;
  const group = (await admin('/mvc/securitygroups/save', { ID: 'limited', Descr: 'Beperkt' })).body.AutoID;
  await admin('/mvc/securitygrants/save', { SecurityGroup: group, RightCode: '2.1', Action: 'read' });
  await admin('/mvc/securitygrants/save', { SecurityGroup: group, RightCode: '31.1', Action: 'read' });
  await admin('/mvc/usergroups/save', { User: lim, SecurityGroup: group });
  await admin('/mvc/fieldlimits/save', {
    SecurityGroup: group,
    TableName: 'relations',
    FieldName: 'Email',
    Visibility: '0',
  });
  ids.lim = lim;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('triggers, conditions and actions', () => {
  it('e-mails when a record is created, as the run of one queued row, with its decisions and results in the history', async () => {
    const id = await automation(
      'NEW-RELATION',
      [{ Kind: 'created', Table: 'relations' }],
      [{ Kind: 'email', To: '{Email}', Subject: 'Welkom {Descr}', Body: 'Relatie {ID} is aangemaakt.' }],
      { Condition: '{"!!": [{"var": "Email"}]}' },
    );
    const made = await create('relations', { ID: 'NIEUW', Descr: 'Nieuwe klant', Email: 'nieuw@example.org' });
    await create('relations', { ID: 'ZONDER', Descr: 'Zonder adres' });
    const [run, skipped] = await doneRuns(id, 2);
    expect(run).toMatchObject({ table: 'relations', recordid: made.AutoID, status: '2', depth: 1 });
    expect(parsed(run.decisions)).toEqual([{ Condition: '{"!!": [{"var": "Email"}]}', Result: true }]);
    const [mail] = await outboxOf(id);
    expect(parsed(run.results)).toEqual([
      { Action: 'email', To: ['nieuw@example.org'], Subject: 'Welkom Nieuwe klant', Message: Number(mail.autoid) },
    ]);
    expect(mail).toMatchObject({ kind: 'email', sourcetable: 'relations', sourceid: made.AutoID });
    expect(parsed(mail.payload)).toMatchObject({ to: ['nieuw@example.org'], text: 'Relatie NIEUW is aangemaakt.' });
    // The condition is false for the relation without an address: decided, and nothing sent.
    expect(parsed(skipped.decisions)).toEqual([expect.objectContaining({ Result: false })]);
    expect(parsed(skipped.results)).toEqual([]);
    expect(await outboxOf(id)).toHaveLength(1);
    await off(id);
  });

  it('starts on a field changed to a value (a list value by its code) and not on other changes', async () => {
    const id = await automation(
      'TICKET-APPROVED',
      [{ Kind: 'changed', Table: 'workingtickets', Field: 'Status', Value: '2' }],
      [{ Kind: 'email', To: '{Relation.Email}', Subject: 'Werkbon {ID} is goedgekeurd' }],
    );
    const ticket = await create('workingtickets', { ShortDescr: 'Storing', Relation: ids.customer });
    const status = async (code: string) =>
      Number((await query('SELECT autoid FROM workingticketstatuses WHERE id = $1', [code]))[0].autoid);
    await update('workingtickets', ticket.AutoID, { Status: await status('1') });
    await update('workingtickets', ticket.AutoID, { ShortDescr: 'Storing koelcel' });
    expect(await runsOf(id)).toHaveLength(0);
    await update('workingtickets', ticket.AutoID, { Status: await status('2') });
    const [run] = await doneRuns(id, 1);
    expect(parsed(run.results)).toMatchObject([
      {
        To: ['klant@example.org'],
        Subject: `Werkbon ${ticket.ID} is goedgekeurd`,
      },
    ]);
    ids.ticket = ticket.AutoID;
    await off(id);
  });

  it('starts on a workflow transition, and runs a transition, sets a field and creates a record as its owner', async () => {
    const id = await automation(
      'ON-PROCESS',
      [{ Kind: 'transition', Table: 'workingtickets', Transition: 'process' }],
      [
        { Kind: 'setfield', Field: 'Note', Value: 'Verwerkt door automatisering ({ID})' },
        { Kind: 'create', Table: 'countries', Values: '{"ID": "A{AutoID}", "Descr": "Land van {ID}"}' },
      ],
    );
    const processed = await admin('/mvc/workingtickets/ChangeStatus', {
      autoids: [ids.ticket],
      Transition: 'process',
      Values: {},
    });
    expect(processed.body).toMatchObject({ Succeeded: 1 });
    const [run] = await doneRuns(id, 1);
    expect(run.status, String(run.error)).toBe('2');
    const ticket = await item('workingtickets', ids.ticket);
    expect(ticket.Note).toBe(`Verwerkt door automatisering (${ticket.ID})`);
    const [country] = await query('SELECT descr, createdby FROM countries WHERE id = $1', [`A${ids.ticket}`]);
    expect(country).toEqual({ descr: `Land van ${ticket.ID}`, createdby: 'admin' });
    await off(id);

    const back = await automation(
      'REOPEN',
      [{ Kind: 'created', Table: 'countries' }],
      [{ Kind: 'transition', Transition: 'nope' }],
    );
    await create('countries', { ID: 'XX', Descr: 'Test' });
    const [failed] = await doneRuns(back, 1);
    // No workflow on countries: the action says so and nothing else happens.
    expect(parsed(failed.results)).toEqual([{ Action: 'transition', Skipped: 'no workflow' }]);
    await off(back);
  });

  it('queues webhook and WhatsApp messages through the outbox, with no secret in the outbox or the history', async () => {
    const id = await automation(
      'HOOKS',
      [{ Kind: 'changed', Table: 'relations', Field: 'Phone' }],
      [
        { Kind: 'webhook', Webhook: ids.hook },
        { Kind: 'whatsapp', Phone: '{Phone}', MessageTemplate: 'welkom', Variables: '{"naam": "{Descr}"}' },
      ],
    );
    await update('relations', ids.customer, { Phone: '+31612345678' });
    const [run] = await doneRuns(id, 1);
    const [hook, mobile] = await outboxOf(id);
    expect(hook.kind).toBe('webhook');
    expect(parsed(hook.payload)).toEqual({
      url: 'https://crm.example.org/hook',
      method: 'POST',
      headers: { Authorization: 'Bearer token-xyz' },
      body: '{"relation": "KLANT"}',
      secretRef: ids.hook,
    });
    expect(mobile.kind).toBe('mobile');
    expect(parsed(mobile.payload)).toEqual({
      phone: '+31612345678',
      template: 'welkom',
      variables: { naam: 'Klant' },
    });
    expect(parsed(run.results)).toEqual([
      {
        Action: 'webhook',
        Url: 'https://crm.example.org/hook',
        Method: 'POST',
        Headers: ['Authorization'],
        Signed: true,
        Message: Number(hook.autoid),
      },
      expect.objectContaining({ Action: 'whatsapp', Phone: '+31612345678' }),
    ]);
    const everything = JSON.stringify([
      await query('SELECT * FROM automationruns'),
      await query('SELECT * FROM outboxmessages'),
    ]);
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain('token-xyz"}]');
    await off(id);
  });
});

describe('security', () => {
  it('never answers a webhook secret, and keeps it for signing', async () => {
    const got = await item('webhooks', ids.hook);
    expect(got.Secret).toBeNull();
    const grid = await admin('/mvc/webhooks/GetFlexData', {});
    expect(JSON.stringify(grid.body)).not.toContain(SECRET);
    const filtered = await admin('/mvc/webhooks/GetFlexData', {
      operatorFilter: [{ FieldName: 'Secret', Operator: '=', Value: SECRET }],
    });
    expect(filtered.status).toBe(400);
    // Kept encrypted at rest; saved again without a secret (as the form does), the secret stays.
    await update('webhooks', ids.hook, { Descr: 'CRM systeem' });
    const stored = (await query('SELECT secret FROM webhooks WHERE autoid = $1', [ids.hook]))[0].secret;
    expect(stored).not.toContain(SECRET);
    expect(decryptSecret(stored)).toBe(SECRET);
    // The webhook transport reads it back to sign the calls.
    expect(await webhookSecret(server.engine.pool, server.engine.registry.snapshot, ids.hook)).toBe(SECRET);
  });

  it("fills a template only with what the owner may read, and acts only with the owner's rights", async () => {
    const id = await automation(
      'LIMITED-OWNER',
      [{ Kind: 'changed', Table: 'relations', Field: 'Descr' }],
      [
        { Kind: 'email', To: 'beheer@example.org', Subject: 'Gewijzigd: {Descr}', Body: 'Adres: [{Email}]' },
        { Kind: 'setfield', Field: 'Note', Value: 'aangepast' },
      ],
      { Owner: ids.lim },
    );
    await update('relations', ids.customer, { Descr: 'Klant BV' });
    const [run] = await doneRuns(id, 1);
    // The owner may not change relations: the whole run is undone, its e-mail with it.
    expect(run.status).toBe('4');
    expect(await outboxOf(id)).toHaveLength(0);
    expect((await item('relations', ids.customer)).Note ?? null).toBeNull();
    await update(
      'automationactions',
      Number(
        (await query('SELECT autoid FROM automationactions WHERE automation = $1 AND kind = $2', [id, 'setfield']))[0]
          .autoid,
      ),
      { Kind: 'email', To: 'x@example.org', Subject: 'tweede' },
    );
    await update('relations', ids.customer, { Descr: 'Klant B.V.' });
    const [, second] = await doneRuns(id, 2);
    expect(second.status).toBe('2');
    const [mail] = await outboxOf(id);
    // The e-mail address is hidden from the owner: the placeholder fills nothing.
    expect(parsed(mail.payload)).toMatchObject({ subject: 'Gewijzigd: Klant B.V.', text: 'Adres: []' });
    await off(id);
  });
});

describe('loops and storms', () => {
  it("does not let an automation's own writes start runs beyond the configured depth", async () => {
    const id = await automation(
      'LOOP',
      [{ Kind: 'changed', Table: 'relations', Field: 'Note' }],
      [{ Kind: 'setfield', Field: 'Note', Value: '{Note}+' }],
    );
    await update('relations', ids.customer, { Note: 'a' });
    await doneRuns(id, 1);
    expect((await item('relations', ids.customer)).Note).toBe('a+');
    const settings = (await admin('/mvc/automationsettings/GetFlexData', {})).body.Data[0];
    await update('automationsettings', settings.AutoID, { MaxDepth: 3 });
    await update('relations', ids.customer, { Note: 'b' });
    const runs = await doneRuns(id, 4);
    expect(runs.map((r) => Number(r.depth))).toEqual([1, 1, 2, 3]);
    expect((await item('relations', ids.customer)).Note).toBe('b+++');
    await update('automationsettings', settings.AutoID, { MaxDepth: 1 });
    await off(id);
  });

  it('queues at most one run per automation per record per change in a storm of changes', async () => {
    const a = await automation(
      'STORM-A',
      [
        { Kind: 'changed', Table: 'countries' },
        { Kind: 'changed', Table: 'countries', Field: 'Descr' },
      ],
      [{ Kind: 'email', To: 'a@example.org', Subject: '{ID}' }],
    );
    const b = await automation(
      'STORM-B',
      [{ Kind: 'changed', Table: 'countries', Field: 'Descr' }],
      [{ Kind: 'email', To: 'b@example.org', Subject: '{ID}' }],
    );
    const countries = [];
    for (let i = 0; i < 20; i++) countries.push(await create('countries', { ID: `S${i}`, Descr: `Land ${i}` }));
    const changes = 200;
    for (let i = 0; i < changes; i++) {
      const c = countries[i % countries.length];
      await admin('/mvc/countries/save', { ...(await item('countries', c.AutoID)), Descr: `Land ${i} gewijzigd` });
    }
    const count = async (id: number) =>
      Number((await query('SELECT count(*) AS n FROM automationruns WHERE automation = $1', [id]))[0].n);
    expect(await count(a)).toBe(changes);
    expect(await count(b)).toBe(changes);
    await off(a);
    await off(b);
  });
});

describe('emulator and templates', () => {
  it('answers what a run would do for a record and keeps nothing of it', async () => {
    const id = await automation(
      'TRY',
      [{ Kind: 'changed', Table: 'relations' }],
      [
        { Kind: 'email', To: '{Email}', Subject: 'Proef {Descr}' },
        { Kind: 'setfield', Field: 'Note', Value: 'geprobeerd' },
      ],
      { Enabled: false },
    );
    const state = () =>
      query(
        'SELECT (SELECT count(*) FROM outboxmessages WHERE automation = $2) AS o, (SELECT note FROM relations WHERE autoid = $1) AS r',
        [ids.customer, id],
      );
    const before = await state();
    const res = await admin('/mvc/automations/Emulate', { AutoID: id, RecordID: ids.customer });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Results).toEqual([
      expect.objectContaining({ Action: 'email', To: ['klant@example.org'], Subject: 'Proef Klant B.V.' }),
      expect.objectContaining({ Action: 'setfield', Field: 'Note', Value: 'geprobeerd' }),
    ]);
    expect(await state()).toEqual(before);
    expect(before).toEqual([{ o: 0, r: 'b+++' }]);
    const [tried] = await query('SELECT * FROM automationruns WHERE automation = $1', [id]);
    expect(tried).toMatchObject({ emulated: true, trigger: 'emulator', recordid: ids.customer });
    // The screen's action does the same: its answer is the emulated row of the history.
    const action = await admin('/mvc/automations/RunAction', {
      Action: 'emulate',
      autoids: [id],
      Values: { TryRecord: ids.customer },
    });
    expect(action.body).toMatchObject({ Succeeded: 1 });
    const tries = await query('SELECT results FROM automationruns WHERE automation = $1 AND emulated', [id]);
    expect(tries).toHaveLength(2);
    expect(parsed(tries[1].results)).toEqual([
      expect.objectContaining({ Action: 'email', To: ['klant@example.org'], Subject: 'Proef Klant B.V.' }),
      expect.objectContaining({ Action: 'setfield', Field: 'Note', Value: 'geprobeerd' }),
    ]);
    expect(await state()).toEqual(before);
    // Someone without the emulator's right may not try it.
    const limited = await signIn(server.app, 'lim', 'Lim-pass-1');
    const refused = await server.app.inject({
      method: 'POST',
      url: '/mvc/automations/Emulate',
      payload: { AutoID: id, RecordID: ids.customer },
      headers: { cookie: limited },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('copies a shipped template with its triggers and actions, switched off and owned by the caller', async () => {
    const [template] = await query(`SELECT autoid FROM automations WHERE id = 'TPL-TICKET-APPROVED'`);
    const res = await admin('/mvc/automations/FromTemplate', { AutoID: Number(template.autoid) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const copy = await item('automations', res.body.AutoID);
    expect(copy).toMatchObject({ Enabled: false, IsTemplate: false, Owner: adminId });
    expect(
      await query('SELECT kind, "table", field, value FROM automationtriggers WHERE automation = $1', [copy.AutoID]),
    ).toEqual([{ kind: 'changed', table: 'workingtickets', field: 'Status', value: '2' }]);
    const byAction = await admin('/mvc/automations/RunAction', { Action: 'copyTemplate', autoids: [copy.AutoID] });
    // Only a template is copied.
    expect(byAction.body).toMatchObject({ Succeeded: 0 });
    expect(
      (await admin('/mvc/automations/RunAction', { Action: 'copyTemplate', autoids: [Number(template.autoid)] })).body,
    ).toMatchObject({ Succeeded: 1 });
    expect(await query('SELECT kind, "to" FROM automationactions WHERE automation = $1', [copy.AutoID])).toEqual([
      { kind: 'email', to: '{Relation.Email}' },
    ]);
  });
});
