// Sending one e-invoice document (server/einvoice): tried again on failure, the document failed
// with the transport's message after the last try; pending documents no job will send are queued again.
import path from 'node:path';
import { deliverEInvoice, directoryDrop, SEND_JOB, sweepPending, type SendJob } from '../einvoice/index.ts';
import type { JobKind } from './context.ts';

export const einvoiceSend: JobKind<SendJob> = {
  name: SEND_JOB,
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 5 * 60,
  run: (ctx, job, attempt) =>
    deliverEInvoice(
      ctx.pool,
      ctx.snapshot(),
      directoryDrop(ctx.einvoiceOutboxDir ?? path.resolve('.data', 'einvoice-outbox')),
      job,
      attempt.last,
    ),
  // A document pending for ten minutes that no job will send is queued again.
  watch: {
    everySeconds: () => 60,
    run: async (ctx, queue) => {
      const queued = await sweepPending(ctx.pool, ctx.snapshot(), queue, 10 * 60);
      if (queued) ctx.log(`${SEND_JOB}: ${queued} pending e-invoices queued again`);
    },
  },
};
