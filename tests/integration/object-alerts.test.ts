// Object alert e-mails as data: a scheduled automation over the objects table (as the demo pack
// ships it) queues one run per object its condition picks — only those, narrowed in SQL — and
// each run e-mails the object's owner the alert template in the owner's language through the
// outbox.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueDueSchedules } from '../../server/automations/job.ts';
import { post, startTestServer, type TestServer } from './harness.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

type Row = Record<string, unknown> & { AutoID: number };
let server: TestServer;
async function create(table: string, record: Record<string, unknown>): Promise<Row> {
  const res = await post(server.app, `/mvc/${table}/save`, record);
  if (res.status !== 200) throw new Error(`${table}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const query = async (sql: string, params: unknown[] = []) => (await server.engine.pool.query(sql, params)).rows;

/** The condition of the demo pack's announcement: alerts on, inspection valid until within a month. */
const ANNOUNCE =
  '{"and": [{"var": "SendAlert"}, {">=": [{"var": "InspectionValidUntil"}, {"today": [0]}]}, {"<": [{"var": "InspectionValidUntil"}, {"today": [31]}]}]}';

const objects: Record<string, number> = {};
let automation: number;

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  const admin = Number((await query(`SELECT autoid FROM users WHERE username = 'admin'`))[0].autoid);
  const nl = (await create('languages', { ID: 'NL', Descr: 'Nederlands' })).AutoID;
  const en = (await create('languages', { ID: 'EN', Descr: 'Engels' })).AutoID;
  const owner = (await create('relations', { ID: 'OWN', Descr: 'Owner Ltd', Email: 'owner@example.org', Language: en }))
    .AutoID;
  const type = (await create('objecttypes', { ID: 'HEF', Descr: 'Heftruck' })).AutoID;
  const template = { ID: 'OBJECTALERT', Table: 'objects', SenderAddress: 'service@example.org' };
  const dutch = await create('emailtemplates', {
    ...template,
    Descr: 'Objectwaarschuwing',
    Language: nl,
    Subject: 'Keuring van {ID} nadert',
    Body: '<p>Geldig tot {InspectionValidUntil}</p>',
  });
  await create('emailtemplates', {
    ...template,
    Descr: 'Object alert',
    Language: en,
    Subject: 'Inspection of {ID} is due',
    Body: '<p>{Descr}: valid until {InspectionValidUntil}</p>',
  });
  const object = async (ID: string, SendAlert: boolean, days: number | null) => {
    const id = (await create('objects', { ID, Descr: `Heftruck ${ID}`, ObjectType: type, Owner: owner, SendAlert }))
      .AutoID;
    if (days !== null)
      await query('UPDATE objects SET inspectionvaliduntil = current_date + $2::int WHERE autoid = $1', [id, days]);
    objects[ID] = id;
  };
  await object('DUE', true, 10);
  await object('QUIET', false, 10);
  await object('LATER', true, 90);
  await object('NONE', true, null);
  automation = (
    await create('automations', {
      ID: 'ALERT',
      Descr: 'Objectwaarschuwing',
      Enabled: true,
      Condition: ANNOUNCE,
      Owner: admin,
    })
  ).AutoID;
  await create('automationtriggers', { Automation: automation, Kind: 'schedule', Table: 'objects', Cron: '0 9 1 * *' });
  await create('automationactions', {
    Automation: automation,
    Kind: 'email',
    To: '{Owner.Email}',
    EmailTemplate: dutch.AutoID,
    Language: '{Owner.Language}',
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('object alert e-mails', () => {
  it("queue one run per object the condition picks, and e-mail its owner in the owner's language", async () => {
    // The schedule's last moment was two months ago: it is due now.
    await query(`UPDATE automationtriggers SET lastrunat = now() - interval '62 days' WHERE automation = $1`, [
      automation,
    ]);
    const queued = await queueDueSchedules(server.engine.pool, server.engine.registry.snapshot);
    expect(queued).toBe(1);
    const runs = await query('SELECT * FROM automationruns WHERE automation = $1', [automation]);
    expect(runs.map((r) => Number(r.recordid))).toEqual([objects.DUE]);
    expect(runs[0]).toMatchObject({ table: 'objects', trigger: 'schedule 0 9 1 * *' });
    // Due once per moment: a second look queues nothing.
    expect(await queueDueSchedules(server.engine.pool, server.engine.registry.snapshot)).toBe(0);

    let mail: Record<string, unknown> | undefined;
    for (let i = 0; i < 300 && !mail; i++) {
      [mail] = await query('SELECT * FROM outboxmessages WHERE automation = $1', [automation]);
      if (!mail) await new Promise((r) => setTimeout(r, 100));
    }
    expect(mail).toMatchObject({ kind: 'email', sourcetable: 'objects', sourceid: objects.DUE });
    const payload = JSON.parse(String(mail?.payload));
    expect(payload.to).toEqual(['owner@example.org']);
    expect(payload.subject).toBe('Inspection of DUE is due');
    expect(payload.html).toMatch(/^<p>Heftruck DUE: valid until \d{4}-\d{2}-\d{2}/);
    const [run] = await query('SELECT * FROM automationruns WHERE automation = $1', [automation]);
    expect(JSON.parse(String(run.results))).toEqual([
      expect.objectContaining({ Action: 'email', Language: 'en', Message: Number(mail?.autoid) }),
    ]);
  });
});
