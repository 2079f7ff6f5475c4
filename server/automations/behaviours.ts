// The automation screen's actions, as named action behaviours: try the automation in the
// emulator on a record (the answer is the emulated row of its history), and make a new
// automation from a template.
import type { ActionBehaviour } from '../business/context.ts';
import { forbidden } from '../errors.ts';
import { readRecord } from '../data/records.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type pg from 'pg';
import { emulateRun } from './run.ts';
import { copyTemplate } from './templates.ts';
import { AUTOMATIONS, isRole, recordsOf, TRIGGERS } from './tables.ts';

/** The right to try automations in the emulator. */
export const EMULATE_RIGHT = '31.2';

/** The table an automation's record triggers watch (its first trigger naming one). */
export async function tableOfAutomation(db: pg.PoolClient | pg.Pool, snapshot: Snapshot, automation: number) {
  const [first] = (await recordsOf(db, snapshot, TRIGGERS, 't.automation = $1', [automation]))
    .filter((t) => typeof t.Table === 'string' && t.Table !== '')
    .sort((a, b) => Number(a.AutoID) - Number(b.AutoID));
  return typeof first?.Table === 'string' ? snapshot.table(first.Table) : undefined;
}

export function automationBehaviours(pool: pg.Pool, snapshot: () => Snapshot): Map<string, ActionBehaviour> {
  return new Map<string, ActionBehaviour>([
    [
      'emulateAutomation',
      async (client, model, principal, autoId, values) => {
        if (!isRole(model, AUTOMATIONS) || !principal.can(EMULATE_RIGHT, 'execute')) throw forbidden();
        const now = snapshot();
        const target = await tableOfAutomation(client, now, autoId);
        const recordId = typeof values.TryRecord === 'number' ? values.TryRecord : null;
        // Only a record the caller may read is theirs to try the automation on.
        if (target && recordId !== null) await readRecord(client, target, principal, recordId);
        await emulateRun(
          pool,
          now,
          { automation: autoId, table: target?.table.name ?? null, recordId, depth: 1 },
          principal.username,
        );
      },
    ],
    [
      'copyAutomationTemplate',
      async (client, model, principal, autoId) => {
        if (!isRole(model, AUTOMATIONS)) throw forbidden();
        await copyTemplate(client, snapshot(), principal, autoId);
      },
    ],
  ]);
}
