// Scheduled housekeeping: sessions past their expiry and live events nobody can still ask for.
import type { JobKind } from './context.ts';

/** Events older than this are gone: a client away longer starts again from now. */
export const EVENT_RETENTION_HOURS = 24;

export const sessionsCleanup: JobKind = {
  name: 'sessions-cleanup', retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 300,
  async run({ pool }) {
    const removed = (await pool.query('DELETE FROM core_session WHERE expires_at < now()')).rowCount ?? 0;
    return `${removed} verlopen sessies verwijderd`;
  },
};

export const eventsCleanup: JobKind = {
  name: 'events-cleanup', retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 300,
  async run({ pool }) {
    const removed = (await pool.query(`DELETE FROM core_event WHERE created_at < now() - interval '${EVENT_RETENTION_HOURS} hours'`)).rowCount ?? 0;
    return `${removed} oude gebeurtenissen verwijderd`;
  },
};
