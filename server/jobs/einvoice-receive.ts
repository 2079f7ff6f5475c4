// Receiving e-invoices (server/einvoice/inbox.ts): every file dropped into the inbox becomes a
// received document and its record, as the system; documents reset to new are made again.
import path from 'node:path';
import { readInbox, RECEIVE_JOB } from '../einvoice/index.ts';
import type { JobKind } from './context.ts';

export const einvoiceReceive: JobKind = {
  name: RECEIVE_JOB,
  retryLimit: 1,
  retryDelaySeconds: 60,
  expireInSeconds: 10 * 60,
  run: (ctx) => readInbox(ctx.pool, ctx.snapshot(), ctx.einvoiceInboxDir ?? path.resolve('.data', 'einvoice-inbox')),
};
