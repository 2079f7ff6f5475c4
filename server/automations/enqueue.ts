// The observer of every record change: the runs of the automations the change starts are queued
// in its transaction, one row per automation in one insert, and done later by the job
// (job.ts). A rolled-back change starts nothing; a change made by a run starts runs only while
// the configured depth allows.
import type pg from 'pg';
import type { RecordChange } from '../data/change-observers.ts';
import { insertRows } from '../data/rows.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { currentDepth } from './depth.ts';
import { RUNS, RUN_STATUS, valuesOf, roleTable } from './tables.ts';
import { describeTrigger, fires, triggersOn } from './triggers.ts';

export function runQueuer(snapshot: () => Snapshot) {
  return async (client: pg.PoolClient, change: RecordChange): Promise<void> => {
    const now = snapshot();
    const runs = roleTable(now, RUNS);
    if (!runs) return;
    const { triggers, settings } = await triggersOn(client, now, change.model.table.name);
    if (!triggers.length) return;
    const depth = currentDepth() + 1;
    if (depth > settings.maxDepth) return;
    // One run per automation per change, however many of its triggers fire.
    const started = new Map<number, string>();
    for (const t of triggers)
      if (!started.has(t.automation) && fires(t, change)) started.set(t.automation, describeTrigger(t));
    if (!started.size) return;
    const rows = [...started].map(([automation, trigger]) =>
      valuesOf(runs, {
        Automation: automation,
        Trigger: trigger,
        Table: change.model.table.name,
        RecordID: change.id,
        Depth: depth,
        Status: String(RUN_STATUS.New),
      }),
    );
    await insertRows(client, runs, rows, change.principal.username);
  };
}
