// What a failed statement says about the database, decided in one place: unreachable (an
// outage: retry later), cancelled by the statement timeout (the request asked too much), a value
// PostgreSQL cannot take (bad input that slipped past the edge), or a transaction that lost to a
// concurrent one (a serialization failure or a deadlock: rolled back whole, so running it again
// is safe). Everything else is a fault.
export type DatabaseFailure = 'unavailable' | 'timeout' | 'bad-value' | 'conflict' | null;

/** A connection the pool did not even try: it holds reconnects back while the database is down (pool.ts). */
export const RECONNECT_HELD_BACK = 'ERECONNECTHELDBACK';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  RECONNECT_HELD_BACK,
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
// 40001 serialization_failure, 40P01 deadlock_detected: the rest of class 40 is not safe to repeat.
const CONFLICT_CODES = new Set(['40001', '40P01']);
// node-postgres reports a lost or unobtainable connection only in its message.
const UNAVAILABLE_TEXT =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed|Cannot use a pool after calling end/i;

export function databaseFailure(err: unknown): DatabaseFailure {
  if (!err || typeof err !== 'object') return null;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return 'unavailable';
    // 57014 query_canceled: the statement timeout; 55P03 lock_not_available: the lock timeout.
    if (code === '57014' || code === '55P03') return 'timeout';
    if (CONFLICT_CODES.has(code)) return 'conflict';
    // Class 22, data exception: a value out of range, an impossible date, a bad cast.
    if (code.startsWith('22')) return 'bad-value';
  }
  if (typeof message === 'string' && UNAVAILABLE_TEXT.test(message)) return 'unavailable';
  return null;
}

/**
 * One log line when the database becomes unreachable and one when it answers again, instead of
 * a stack trace per request during an outage.
 */
export class OutageLog {
  private since: number | null = null;
  constructor(private readonly write: (line: string) => void) {}
  get down(): boolean {
    return this.since !== null;
  }
  failed(err: unknown): void {
    if (this.since !== null) return;
    this.since = Date.now();
    this.write(`database unavailable: ${(err as Error)?.message ?? String(err)}`);
  }
  answered(): void {
    if (this.since === null) return;
    this.write(`database available again after ${((Date.now() - this.since) / 1000).toFixed(1)} s`);
    this.since = null;
  }
}
