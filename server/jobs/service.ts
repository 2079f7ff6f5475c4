// Background work on pg-boss, in the product's own PostgreSQL, shared by every server process: a
// job sent by one process runs once, on whichever process has a free worker; a job whose process
// died is failed at its time limit and tried again while its kind allows. Scheduled tasks (the
// `scheduledtasks` table) run on their cron once across all processes, and report their state
// there (spec 3 §4: New 0, Processing 1, Succeeded 2, FailedTryAgain 3, Failed 4).
import PgBoss from 'pg-boss';
import type { JobContext, JobKind, KindQueue, QueuedJob } from './context.ts';

export const TASK_STATE = { New: 0, Processing: 1, Succeeded: 2, FailedTryAgain: 3, Failed: 4 } as const;

export interface JobServiceOptions {
  url: string;
  /** Jobs of each kind this process runs at once; 0: none (it serves HTTP only). */
  workers: number;
  maintenanceSeconds: number;
  /** Caps every kind's time limit (development and tests). */
  expireCapSeconds?: number;
}

export class JobService {
  private boss: PgBoss | null = null;
  private readonly kinds: Map<string, JobKind<never>>;
  private readonly watches: NodeJS.Timeout[] = [];

  constructor(
    private readonly ctx: JobContext,
    kinds: readonly JobKind<never>[],
    private readonly opts: JobServiceOptions,
  ) {
    this.kinds = new Map(kinds.map((k) => [k.name, k]));
  }

  async start(): Promise<void> {
    const boss = new PgBoss({
      connectionString: this.opts.url,
      max: 4,
      application_name: 'jobs',
      maintenanceIntervalSeconds: this.opts.maintenanceSeconds,
      schedule: this.opts.workers > 0,
    });
    boss.on('error', (err) => this.ctx.log(`jobs: ${String(err)}`));
    await boss.start();
    this.boss = boss;
    for (const kind of this.kinds.values()) {
      const policy = {
        retryLimit: kind.retryLimit,
        retryDelay: kind.retryDelaySeconds,
        expireInSeconds: Math.min(kind.expireInSeconds, this.opts.expireCapSeconds ?? Infinity),
      };
      await boss.createQueue(kind.name, { name: kind.name, ...policy });
      await boss.updateQueue(kind.name, { name: kind.name, ...policy });
      for (let i = 0; i < this.opts.workers; i++) {
        await boss.work<Record<string, unknown>>(
          kind.name,
          { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
          async ([job]) => {
            await this.run(kind, job);
          },
        );
      }
    }
    await this.syncSchedules();
    for (const kind of this.kinds.values()) if (kind.watch) this.watch(kind, kind.watch);
  }

  /** A kind's watch, every few seconds in this process; one still running is not started again. */
  private watch(kind: JobKind<never>, watch: NonNullable<JobKind['watch']>): void {
    const queue = this.queueOf(kind.name);
    let running = false;
    const timer = setInterval(
      () => {
        if (running || !this.boss) return;
        running = true;
        watch
          .run(this.ctx, queue)
          .catch((err) => this.ctx.log(`jobs: watch of ${kind.name}: ${String(err)}`))
          .finally(() => {
            running = false;
          });
      },
      watch.everySeconds(this.ctx) * 1000,
    );
    timer.unref();
    this.watches.push(timer);
  }

  private queueOf(kind: string): KindQueue {
    return {
      jobsOf: async (key, value) => {
        const rows = (
          await this.ctx.pool.query(
            `SELECT id, state, extract(epoch FROM now() - started_on) AS running FROM pgboss.job WHERE name = $1 AND data->>$2 = $3`,
            [kind, key, value],
          )
        ).rows;
        return rows.map((r): QueuedJob => ({
          id: String(r.id),
          state: String(r.state),
          runningSeconds: r.state === 'active' && r.running !== null ? Number(r.running) : null,
        }));
      },
      send: (data) => this.send(kind, data),
      failNow: async (id, reason) => {
        if (!this.boss) throw new Error('the job queue is stopped');
        await this.boss.fail(kind, id, { message: reason });
      },
    };
  }

  private async run(kind: JobKind<never>, job: PgBoss.JobWithMetadata<Record<string, unknown>>): Promise<void> {
    await this.report(kind.name, TASK_STATE.Processing, null);
    const last = job.retryCount >= job.retryLimit;
    try {
      const message = await kind.run(this.ctx, job.data as never, { last });
      await this.report(kind.name, TASK_STATE.Succeeded, message);
    } catch (err) {
      await this.report(
        kind.name,
        last ? TASK_STATE.Failed : TASK_STATE.FailedTryAgain,
        err instanceof Error ? err.message : String(err),
      );
      throw err;
    }
  }

  /** The task row of a kind (when it is a scheduled task) tells how its last run went. */
  private async report(kind: string, state: number, message: string | null): Promise<void> {
    const started = state === TASK_STATE.Processing ? ', lastrunat = now()' : '';
    await this.ctx.pool
      .query(
        `UPDATE scheduledtasks SET laststate = $2, lastmessage = coalesce($3, lastmessage)${started}, timestamp = timestamp + 1 WHERE id = $1`,
        [kind, String(state), message],
      )
      .catch((err) => this.ctx.log(`jobs: task state of ${kind}: ${String(err)}`));
  }

  /** Sends a job of a kind; answers its id. */
  async send(kind: string, data: Record<string, unknown>): Promise<string> {
    if (!this.boss || !this.kinds.has(kind)) throw new Error(`no job kind ${kind}`);
    const id = await this.boss.send(kind, data);
    if (!id) throw new Error(`job of kind ${kind} was not queued`);
    return id;
  }

  knows(kind: string): boolean {
    return this.kinds.has(kind);
  }

  /** The scheduled tasks as the table has them: active ones on their cron, the others off. */
  async syncSchedules(): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    const rows = (await this.ctx.pool.query('SELECT id, active, cron FROM scheduledtasks').catch(() => ({ rows: [] })))
      .rows as { id: string; active: boolean; cron: string | null }[];
    for (const row of rows) {
      if (!this.kinds.has(row.id)) continue;
      try {
        if (row.active && row.cron) await boss.schedule(row.id, row.cron, {}, { tz: 'Europe/Amsterdam' });
        else await boss.unschedule(row.id);
      } catch (err) {
        this.ctx.log(`jobs: schedule of ${row.id} (${row.cron}): ${String(err)}`);
      }
    }
  }

  async stop(): Promise<void> {
    for (const timer of this.watches.splice(0)) clearInterval(timer);
    const boss = this.boss;
    this.boss = null;
    await boss?.stop({ graceful: true, timeout: 10_000, wait: true });
  }
}
