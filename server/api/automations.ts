// Automations over HTTP beyond the generic record calls: the emulator (what a run would decide and
// do for a record, with nothing kept) and a new automation copied from a shipped template.
import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engine.ts';
import { badRequest, forbidden } from '../errors.ts';
import { inTransaction } from '../db/pool.ts';
import { announceWrite, tableWritten } from '../data/cache.ts';
import { authorize, readRecord } from '../data/records.ts';
import { writeIn } from '../data/write.ts';
import { ACTIONS, AUTOMATIONS, emulateRun, recordsOf, TRIGGERS, type RunOutcome } from '../automations/index.ts';
import { bodyOf, tableContext } from './context.ts';

/** The right to try automations in the emulator. */
const EMULATE_RIGHT = '31.2';

const SYSTEM_COLUMNS = new Set(['AutoID', 'TimeStamp', 'CreateDate', 'CreatedBy', 'ModifiedBy', 'Archive']);

/** A record's own values as a new record takes them (no system columns, no display texts). */
const copyOf = (record: Record<string, unknown>, over: Record<string, unknown>) =>
  Object.fromEntries([
    ...Object.entries(record).filter(([k]) => !SYSTEM_COLUMNS.has(k) && !k.endsWith('_Descr')),
    ...Object.entries(over),
  ]);

export function automationRoutes(app: FastifyInstance, engine: Engine): void {
  app.post('/mvc/automations/Emulate', async (request): Promise<RunOutcome> => {
    const { snapshot, principal, model } = tableContext(engine, request, AUTOMATIONS);
    if (!principal.can(EMULATE_RIGHT, 'execute')) throw forbidden();
    const body = bodyOf(request);
    const automation = await readRecord(engine.pool, model, principal, Number(body.AutoID));
    const recordId = typeof body.RecordID === 'number' ? body.RecordID : null;
    const [first] = (await recordsOf(engine.pool, snapshot, TRIGGERS, 't.automation = $1', [automation.AutoID]))
      .filter((t) => typeof t.Table === 'string' && t.Table !== '')
      .sort((a, b) => Number(a.AutoID) - Number(b.AutoID));
    const table = typeof first?.Table === 'string' ? first.Table : null;
    const target = table ? snapshot.table(table) : undefined;
    if (recordId !== null) {
      if (!target) throw badRequest('request.body_object');
      // The caller sees only what they may read: a record they cannot read is not theirs to try.
      await readRecord(engine.pool, target, principal, recordId);
    }
    return emulateRun(
      engine.pool,
      snapshot,
      { automation: Number(automation.AutoID), table: target?.table.name ?? null, recordId, depth: 1 },
      principal.username,
    );
  });

  app.post('/mvc/automations/FromTemplate', async (request) => {
    const { snapshot, principal, model } = tableContext(engine, request, AUTOMATIONS);
    authorize(model, principal, 'create');
    const template = await readRecord(engine.pool, model, principal, Number(bodyOf(request).AutoID));
    if (template.IsTemplate !== true) throw badRequest('request.body_object');
    const children = [snapshot.table(TRIGGERS), snapshot.table(ACTIONS)];
    const id = await inTransaction(engine.pool, async (client) => {
      const ctx = { tableOf: (name: string) => snapshot.table(name) };
      const suffix = Date.now().toString(36).toUpperCase();
      const { id: made } = await writeIn(client, {
        model,
        principal,
        ctx,
        record: copyOf(template, {
          ID: `${String(template.ID).slice(0, 30)}-${suffix}`,
          Enabled: false,
          Owner: principal.userId || null,
        }),
      });
      for (const child of children) {
        if (!child) continue;
        const rows = await recordsOf(client, snapshot, child.table.name, 't.automation = $1', [template.AutoID]);
        for (const row of rows) {
          const record = await readRecord(client, child, principal, Number(row.AutoID));
          await writeIn(client, { model: child, principal, ctx, record: copyOf(record, { Automation: made }) });
        }
        await announceWrite(client, child.table.sqlName);
      }
      await announceWrite(client, model.table.sqlName);
      return made;
    });
    for (const t of [model, ...children]) if (t) tableWritten(t.table.sqlName);
    return { AutoID: id };
  });
}
