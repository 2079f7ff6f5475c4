// Automations (spec 3 §2, §3, §5, §9): triggers on record changes and schedules, a condition,
// actions done by a job as the automation's owner, a history of runs and an emulator; and the
// webhook transport with its write-only secrets.
import type pg from 'pg';
import { observeChanges } from '../data/change-observers.ts';
import { registerWriteHook } from '../data/write-hooks.ts';
import { OUTBOX_BEHAVIOUR, registerTransport, saveAndSendHook } from '../messages/index.ts';
import { webhookTransport } from '../messages/webhook.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { runQueuer } from './enqueue.ts';
import { placeholderHooks } from './placeholder-checks.ts';
import { webhookSecret } from './secret.ts';
import { readSettings } from './tables.ts';

export { automationJob, AUTOMATION_JOB } from './job.ts';
export { emulateRun, type RunOutcome } from './run.ts';
export { AUTOMATIONS, ACTIONS, RUNS, TRIGGERS, WEBHOOKS, RUN_STATUS, recordsOf, roleTable } from './tables.ts';
export { currentDepth } from './depth.ts';
export { nextMoment, validCron } from './schedule.ts';
export { automationBehaviours, EMULATE_RIGHT, tableOfAutomation } from './behaviours.ts';
export { copyTemplate } from './templates.ts';

let current: { pool: pg.Pool; snapshot: () => Snapshot } | null = null;

const queueRuns = runQueuer(() => {
  if (!current) throw new Error('automations are not installed');
  return current.snapshot();
});

/**
 * Hooks automations into every record change, checks the placeholders of every saved action,
 * webhook content and e-mail template, keeps a corrected outbox message's payload in step, and
 * registers the webhook transport. Called by each
 * engine at start; the process's latest engine is the one they serve.
 */
export function installAutomations(pool: pg.Pool, snapshot: () => Snapshot): void {
  current = { pool, snapshot };
  observeChanges(queueRuns);
  for (const [behaviour, hook] of placeholderHooks(snapshot)) registerWriteHook(behaviour, hook);
  registerWriteHook(OUTBOX_BEHAVIOUR, saveAndSendHook);
  registerTransport(
    'webhook',
    webhookTransport({
      settings: async () => (await readSettings(pool, snapshot())).webhook,
      secretOf: (ref) => webhookSecret(pool, snapshot(), ref),
    }),
  );
}
