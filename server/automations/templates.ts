// A new automation from a shipped template: the template's values, triggers and actions copied as
// the caller's own writes (their create right on each table holds), switched off and owned by the
// caller, so it starts nothing until they have looked at it and switched it on.
import type pg from 'pg';
import { badRequest } from '../errors.ts';
import { readRecord } from '../data/records.ts';
import { writeIn } from '../data/write.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { Principal } from '../security/principal.ts';
import { ACTIONS, AUTOMATIONS, recordsOf, TRIGGERS, roleTable } from './tables.ts';

const SYSTEM_COLUMNS = new Set(['AutoID', 'TimeStamp', 'CreateDate', 'CreatedBy', 'ModifiedBy', 'Archive']);

/** A record's own values as a new record takes them (no system columns, no display texts). */
const copyOf = (record: Record<string, unknown>, over: Record<string, unknown>) =>
  Object.fromEntries([
    ...Object.entries(record).filter(([k]) => !SYSTEM_COLUMNS.has(k) && !k.endsWith('_Descr')),
    ...Object.entries(over),
  ]);

/** Copies template `templateId` in the caller's transaction; answers the new automation's AutoID. */
export async function copyTemplate(
  client: pg.PoolClient,
  snapshot: Snapshot,
  principal: Principal,
  templateId: number,
): Promise<number> {
  const model = roleTable(snapshot, AUTOMATIONS);
  if (!model) throw badRequest('request.unknown_behaviour', 'copyAutomationTemplate');
  const template = await readRecord(client, model, principal, templateId);
  if (template.IsTemplate !== true) throw badRequest('request.unknown_behaviour', 'copyAutomationTemplate');
  const ctx = { tableOf: (name: string) => snapshot.table(name) };
  const suffix = Date.now().toString(36).toUpperCase();
  const { id } = await writeIn(client, {
    model,
    principal,
    ctx,
    record: copyOf(template, {
      ID: `${String(template.ID).slice(0, 30)}-${suffix}`,
      Enabled: false,
      Owner: principal.userId || null,
    }),
  });
  for (const name of [TRIGGERS, ACTIONS]) {
    const child = roleTable(snapshot, name);
    if (!child) continue;
    const rows = await recordsOf(client, snapshot, name, 't.automation = $1', [templateId]);
    for (const row of rows.sort((a, b) => Number(a.AutoID) - Number(b.AutoID))) {
      const record = await readRecord(client, child, principal, Number(row.AutoID));
      await writeIn(client, { model: child, principal, ctx, record: copyOf(record, { Automation: id }) });
    }
  }
  return id;
}
