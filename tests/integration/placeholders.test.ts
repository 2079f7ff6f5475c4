// One placeholder syntax, `{Field}` and `{Ref.Field}`, for e-mail templates, automation actions
// and webhook content: a save naming a placeholder no record can fill is refused with the
// placeholder named under its field, and nothing is written; an automation's e-mail action fills
// a template in the recipient's language through the one renderer.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startTestServer, type TestServer } from './harness.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

type Row = Record<string, unknown> & { AutoID: number };
let server: TestServer;
const save = (table: string, record: Record<string, unknown>) => post(server.app, `/mvc/${table}/save`, record);
async function create(table: string, record: Record<string, unknown>): Promise<Row> {
  const res = await save(table, record);
  if (res.status !== 200) throw new Error(`${table}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const query = async (sql: string, params: unknown[] = []) => (await server.engine.pool.query(sql, params)).rows;
const count = async (table: string) => Number((await query(`SELECT count(*) AS n FROM ${table}`))[0].n);

let automation: number;
let admin: number;

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  admin = Number((await query(`SELECT autoid FROM users WHERE username = 'admin'`))[0].autoid);
  automation = (await create('automations', { ID: 'PH', Descr: 'Plaatshouders', Enabled: true, Owner: admin })).AutoID;
  await create('automationtriggers', { Automation: automation, Kind: 'created', Table: 'relations' });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('a save judges the placeholders', () => {
  it('refuses the old double-brace form in an action, naming it under the field, and writes nothing', async () => {
    const before = await count('automationactions');
    const res = await save('automationactions', {
      Automation: automation,
      Kind: 'email',
      To: '{{Email}}',
      Subject: 'Welkom',
    });
    expect(res.status).toBe(400);
    expect(res.body.ModelState.To[0]).toContain('{{Email}}');
    expect(res.body.ModelState.To[0]).toMatch(/ongeldig/);
    expect(await count('automationactions')).toBe(before);
  });

  it("refuses a field the trigger's table does not have, or a sub-field of a row it names", async () => {
    const res = await save('automationactions', {
      Automation: automation,
      Kind: 'email',
      To: '{Email}',
      Subject: 'Welkom {Descr}',
      Body: 'Beste {Nickname}, uw taal {Language.Nope}',
    });
    expect(res.status).toBe(400);
    expect(res.body.ModelState.Body[0]).toBe('De plaatshouder {Nickname} noemt geen veld van tabel relations.');
    expect(res.body.ModelState).not.toHaveProperty('Subject');
    const sub = await save('automationactions', {
      Automation: automation,
      Kind: 'email',
      To: '{Email}',
      Body: 'Uw taal {Language.Nope}',
    });
    expect(sub.body.ModelState.Body[0]).toContain('{Language.Nope}');
    await create('automationactions', {
      Automation: automation,
      Kind: 'email',
      To: '{Email}',
      Subject: 'Welkom {Descr}',
      Body: 'Uw taal {Language.Descr}',
    });
  });

  it('judges a template against the table it names, and only the form without one', async () => {
    const bad = await save('emailtemplates', { ID: 'T1', Descr: 'T1', Table: 'relations', Subject: 'Hoi {Nope}' });
    expect(bad.status).toBe(400);
    expect(bad.body.ModelState.Subject[0]).toContain('{Nope}');
    const old = await save('emailtemplates', { ID: 'T1', Descr: 'T1', Body: '<p>{{Descr}}</p>' });
    expect(old.body.ModelState.Body[0]).toContain('{{Descr}}');
    expect(await count('emailtemplates')).toBe(0);
    await create('emailtemplates', { ID: 'T1', Descr: 'T1', Table: 'relations', Subject: 'Hoi {Descr}' });
  });

  it('leaves JSON braces in webhook content alone and refuses a malformed placeholder there', async () => {
    const bad = await save('webhooks', {
      ID: 'H1',
      Descr: 'H1',
      Endpoint: 'https://example.org/h',
      Method: 'POST',
      Content: '{"id": "{ ID }"}',
    });
    expect(bad.body.ModelState.Content[0]).toContain('{ ID }');
    await create('webhooks', {
      ID: 'H1',
      Descr: 'H1',
      Endpoint: 'https://example.org/h',
      Method: 'POST',
      Content: '{"id": "{ID}", "n": {"a": 1}}',
    });
  });
});

describe("an e-mail action's template", () => {
  it("is the row in the recipient's language, filled by the one renderer, HTML-escaped", async () => {
    const nl = (await create('languages', { ID: 'NL', Descr: 'Nederlands' })).AutoID;
    const en = (await create('languages', { ID: 'EN', Descr: 'Engels' })).AutoID;
    const base = { ID: 'WELCOME', Table: 'relations', SenderAddress: 'info@example.org' };
    const dutch = await create('emailtemplates', {
      ...base,
      Descr: 'Welkom',
      Language: nl,
      Subject: 'Welkom {Descr}',
      Body: '<p>Beste {Descr}</p>',
    });
    await create('emailtemplates', {
      ...base,
      Descr: 'Welcome',
      Language: en,
      Subject: 'Welcome {Descr}',
      Body: '<p>Dear {Descr}</p>',
    });
    const a = (await create('automations', { ID: 'TPL', Descr: 'Sjabloon', Enabled: true, Owner: admin })).AutoID;
    await create('automationtriggers', { Automation: a, Kind: 'created', Table: 'relations' });
    await create('automationactions', {
      Automation: a,
      Kind: 'email',
      To: '{Email}',
      EmailTemplate: dutch.AutoID,
      Language: '{Language}',
    });
    const made = await create('relations', {
      ID: 'UK',
      Descr: 'Smith & <Sons>',
      Email: 'uk@example.org',
      Language: en,
    });
    let mail: Record<string, unknown> | undefined;
    for (let i = 0; i < 300 && !mail; i++) {
      [mail] = await query('SELECT * FROM outboxmessages WHERE automation = $1 AND sourceid = $2', [a, made.AutoID]);
      if (!mail) await new Promise((r) => setTimeout(r, 100));
    }
    const payload = JSON.parse(String(mail?.payload));
    expect(payload).toMatchObject({
      to: ['uk@example.org'],
      subject: 'Welcome Smith & <Sons>',
      html: '<p>Dear Smith &amp; &lt;Sons&gt;</p>',
      from: { address: 'info@example.org' },
    });
  });
});
