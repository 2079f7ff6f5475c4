// Sending the outbox (server/messages): a run sends what is due, batch after batch; every process
// looks every few seconds whether anything is due and, when no run is queued, queues one. Several
// runs at once are safe: each row is claimed by one of them.
import path from 'node:path';
import { OUTBOX_JOB, anythingDue, installTransports, sendDue } from '../messages/index.ts';
import type { JobKind } from './context.ts';

export const outboxSend: JobKind = {
  name: OUTBOX_JOB,
  retryLimit: 0,
  retryDelaySeconds: 5,
  expireInSeconds: 5 * 60,
  async run(ctx) {
    installTransports({ pool: ctx.pool, files: ctx.files, dataDir: ctx.dataDir ?? path.resolve('.data') });
    const c = await sendDue(ctx.pool, { budgetMs: 4 * 60_000 });
    return `${c.succeeded} sent, ${c.retry} to retry, ${c.failed} failed, ${c.skipped} skipped, ${c.invalid} invalid, ${c.timedOut} timed out`;
  },
  watch: {
    everySeconds: () => 2,
    async run(ctx, queue) {
      if (!(await anythingDue(ctx.pool))) return;
      const queued = await queue.jobsOf('outbox', 'send');
      if (queued.some((j) => j.state === 'created' || j.state === 'retry')) return;
      await queue.send({ outbox: 'send' });
    },
  },
};
