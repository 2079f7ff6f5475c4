// The automation job: runs queued by changes (enqueue.ts) and by schedules are claimed a batch at
// a time (FOR UPDATE SKIP LOCKED: several processes never take the same run) and done one by one,
// each in its own transaction. A watch in every process wakes the job when runs wait or a
// schedule is due, and gives back runs a process that died had claimed.
import type pg from 'pg';
import type { JobContext, JobKind } from '../jobs/context.ts';
import { engineTable } from '../data/table-sql.ts';
import { insertRows } from '../data/rows.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { SYSTEM_PRINCIPAL } from '../security/principal.ts';
import { processRun } from './run.ts';
import { nextMoment } from './schedule.ts';
import { scheduledRecords } from './scheduled-records.ts';
import { AUTOMATIONS, recordsOf, RUNS, RUN_STATUS, TRIGGERS, valuesOf, roleTable } from './tables.ts';

const BATCH = 50;
/** A run claimed this long ago whose process said nothing since is taken up again. */
const STALE_MINUTES = 15;
const SCHEDULE_LOOK_MS = 30_000;
let lastScheduleLook = 0;

async function claim(ctx: JobContext, snapshot: Snapshot): Promise<number[]> {
  const runs = roleTable(snapshot, RUNS);
  if (!runs) return [];
  const t = engineTable(runs.table);
  const claimed = await ctx.pool.query<{ autoid: string }>(
    `UPDATE ${t} SET status = $1, startedat = now(), timestamp = timestamp + 1
      WHERE autoid IN (SELECT autoid FROM ${t} WHERE status = $2 ORDER BY autoid LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING autoid`,
    [String(RUN_STATUS.Processing), String(RUN_STATUS.New)],
  );
  return claimed.rows.map((r) => Number(r.autoid)).sort((a, b) => a - b);
}

/**
 * Queues a run for each scheduled trigger that is due — one for each record of its table when it
 * names one (scheduled-records.ts) — and marks it started.
 */
export async function queueDueSchedules(pool: pg.Pool, snapshot: Snapshot): Promise<number> {
  const runs = roleTable(snapshot, RUNS);
  const automations = roleTable(snapshot, AUTOMATIONS);
  const triggers = roleTable(snapshot, TRIGGERS);
  if (!runs || !automations || !triggers) return 0;
  const scheduled = await recordsOf(
    pool,
    snapshot,
    TRIGGERS,
    `t.kind = 'schedule' AND EXISTS (SELECT 1 FROM ${engineTable(automations.table)} a WHERE a.autoid = t.automation AND a.enabled AND NOT a.archive AND NOT coalesce(a.istemplate, false))`,
  );
  let queued = 0;
  const now = new Date();
  for (const s of scheduled) {
    const from = new Date(String(s.LastRunAt ?? s.CreateDate ?? now.toISOString()));
    const cron = typeof s.Cron === 'string' && s.Cron ? s.Cron : typeof s.Preset === 'string' ? s.Preset : null;
    const interval = typeof s.IntervalMinutes === 'number' ? s.IntervalMinutes : null;
    const next = nextMoment({ cron, intervalMinutes: interval }, from);
    if (!next || next > now) continue;
    // Only the process that moves LastRunAt on queues the run: a schedule starts once per moment.
    // Compared to the second, as the field is read (its column keeps microseconds).
    const moved = await pool.query(
      `UPDATE ${engineTable(triggers.table)} SET lastrunat = date_trunc('second', now()) WHERE autoid = $1 AND date_trunc('second', lastrunat) IS NOT DISTINCT FROM date_trunc('second', $2::timestamp)`,
      [s.AutoID, s.LastRunAt ?? null],
    );
    if (!moved.rowCount) continue;
    const model = typeof s.Table === 'string' && s.Table ? snapshot.table(s.Table) : undefined;
    const [automation] = model
      ? await recordsOf(pool, snapshot, AUTOMATIONS, 't.autoid = $1', [s.Automation])
      : [undefined];
    const records: (number | null)[] = model ? await scheduledRecords(pool, model, automation?.Condition) : [null];
    const trigger = `schedule ${cron ?? `${interval} min`}`.slice(0, 200);
    await insertRows(
      pool,
      runs,
      records.map((recordId) =>
        valuesOf(runs, {
          Automation: s.Automation,
          Trigger: trigger,
          Table: model?.table.name ?? null,
          RecordID: recordId,
          Depth: 1,
          Status: String(RUN_STATUS.New),
        }),
      ),
      SYSTEM_PRINCIPAL.username,
    );
    queued += records.length;
  }
  return queued;
}

export const AUTOMATION_JOB = 'automation-runs';

export const automationJob: JobKind<Record<string, unknown>> = {
  name: AUTOMATION_JOB,
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 15 * 60,
  async run(ctx) {
    let done = 0;
    await queueDueSchedules(ctx.pool, ctx.snapshot());
    // At the job service's pace: a batch at a time, until none waits (or the job has done its share).
    for (let ids = await claim(ctx, ctx.snapshot()); ids.length && done < 5000; ids = await claim(ctx, ctx.snapshot()))
      for (const id of ids) {
        await processRun(ctx.pool, ctx.snapshot(), id);
        done++;
      }
    return `${done} automation runs`;
  },
  watch: {
    everySeconds: () => 1,
    async run(ctx, queue) {
      const snapshot = ctx.snapshot();
      const runs = roleTable(snapshot, RUNS);
      if (!runs) return;
      const t = engineTable(runs.table);
      await ctx.pool.query(
        `UPDATE ${t} SET status = $1 WHERE status = $2 AND startedat < now() - interval '${STALE_MINUTES} minutes'`,
        [String(RUN_STATUS.New), String(RUN_STATUS.Processing)],
      );
      const waiting = (await ctx.pool.query(`SELECT 1 FROM ${t} WHERE status = $1 LIMIT 1`, [String(RUN_STATUS.New)]))
        .rowCount;
      // Schedules are looked at twice a minute, which is finer than any of them.
      const scheduleTurn = Date.now() - lastScheduleLook >= SCHEDULE_LOOK_MS;
      if (scheduleTurn) lastScheduleLook = Date.now();
      if (!waiting && !scheduleTurn) return;
      const pending = await queue.jobsOf('wake', 'runs');
      if (pending.some((j) => j.state === 'created' || j.state === 'retry' || j.state === 'active')) return;
      await queue.send({ wake: 'runs' });
    },
  },
};
