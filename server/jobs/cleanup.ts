// Scheduled housekeeping: sessions past their expiry, live events nobody can still ask for, and
// documents and files past their retention.
import { removeExpiredDocuments } from '../data/retention.ts';
import type { JobKind } from './context.ts';

/** Events older than this are gone: a client away longer starts again from now. */
export const EVENT_RETENTION_HOURS = 24;

export const sessionsCleanup: JobKind = {
  name: 'sessions-cleanup',
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 300,
  async run({ pool }) {
    const removed = (await pool.query('DELETE FROM core_session WHERE expires_at < now()')).rowCount ?? 0;
    return `${removed} verlopen sessies verwijderd`;
  },
};

export const eventsCleanup: JobKind = {
  name: 'events-cleanup',
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 300,
  async run({ pool }) {
    const removed =
      (await pool.query(`DELETE FROM core_event WHERE created_at < now() - interval '${EVENT_RETENTION_HOURS} hours'`))
        .rowCount ?? 0;
    return `${removed} oude gebeurtenissen verwijderd`;
  },
};

export const documentsRetention: JobKind = {
  name: 'documents-retention',
  retryLimit: 2,
  retryDelaySeconds: 300,
  expireInSeconds: 60 * 60,
  async run(ctx) {
    const removed = await removeExpiredDocuments(ctx.pool, ctx.snapshot().effective, ctx.files);
    return `${removed.expired} verlopen en ${removed.orphaned} verweesde documenten, ${removed.files} bestanden verwijderd`;
  },
};
