// Automations over HTTP beyond the generic record calls: the emulator (what a run would decide and
// do for a record, with nothing kept) and a new automation copied from a shipped template.
import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engine.ts';
import { badRequest, forbidden } from '../errors.ts';
import { inTransaction } from '../db/pool.ts';
import { announceWrite, tableWritten } from '../data/cache.ts';
import { authorize, readRecord } from '../data/records.ts';
import {
  ACTIONS,
  AUTOMATIONS,
  copyTemplate,
  EMULATE_RIGHT,
  emulateRun,
  roleTable,
  tableOfAutomation,
  TRIGGERS,
  type RunOutcome,
} from '../automations/index.ts';
import { bodyOf, tableContext } from './context.ts';

/** The table the packs mark as the automations' (its behaviour), by its name. */
const automationsTable = (engine: Engine) =>
  roleTable(engine.registry.snapshot, AUTOMATIONS)?.table.name ?? AUTOMATIONS;

export function automationRoutes(app: FastifyInstance, engine: Engine): void {
  app.post('/mvc/automations/Emulate', async (request): Promise<RunOutcome> => {
    const { snapshot, principal, model } = tableContext(engine, request, automationsTable(engine));
    if (!principal.can(EMULATE_RIGHT, 'execute')) throw forbidden();
    const body = bodyOf(request);
    const automation = await readRecord(engine.pool, model, principal, Number(body.AutoID));
    const recordId = typeof body.RecordID === 'number' ? body.RecordID : null;
    const target = await tableOfAutomation(engine.pool, snapshot, Number(automation.AutoID));
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
    const { snapshot, principal, model } = tableContext(engine, request, automationsTable(engine));
    authorize(model, principal, 'create');
    const written = [AUTOMATIONS, TRIGGERS, ACTIONS].flatMap((role) => roleTable(snapshot, role)?.table.sqlName ?? []);
    const id = await inTransaction(engine.pool, async (client) => {
      const made = await copyTemplate(client, snapshot, principal, Number(bodyOf(request).AutoID));
      for (const name of written) await announceWrite(client, name);
      return made;
    });
    for (const name of written) tableWritten(name);
    return { AutoID: id };
  });
}
