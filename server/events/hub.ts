// The live events of one process: every committed event reaches the streams and polls of the
// users who may see it. Events are read in order of their transactions: only events of
// transactions older than every one still running are final (the snapshot's xmin), so the
// horizon moves without skipping an event that commits late or delivering one twice. A NOTIFY
// wakes the hub; a reconnect, or events still behind a running transaction, make it look again.
import type pg from 'pg';
import type { Principal } from '../security/principal.ts';
import { visibleTo, type ModelOf, type StoredEvent } from './visibility.ts';

/** An event as the API answers it (spec: EventType, EventData, LastReceived). */
export interface EventMessage {
  EventType: string;
  EventData: Record<string, unknown>;
  LastReceived: string;
}

/** The most transactions one read hands out the events of; more wait for the next read. */
const TRANSACTIONS = 500;
/** How soon to look again while events wait behind a running transaction. */
const RETRY_MS = 100;

/** A subscriber gets the events it may see with the horizon they were read up to. */
interface Subscriber {
  principal: Principal;
  send(events: StoredEvent[], horizon: string): void;
}

/**
 * A row of the read of eventsSince: an event (its columns null when the read found none) and, on
 * every row, what the read saw of the transactions.
 */
interface EventReadRow {
  id: number | null;
  txid: string;
  event_type: string;
  table_name: string | null;
  record_id: number | null;
  user_id: number | null;
  data: Record<string, unknown>;
  txs: number;
  last: string;
  xmin: string;
  waiting: boolean;
}

/**
 * Reads the events of the transactions between a horizon (an xid8, as text) and the oldest
 * transaction still running; answers them in order and the new horizon. Whole transactions only,
 * so a horizon never falls inside one. `waiting`: events exist that are not final yet.
 */
export async function eventsSince(
  pool: pg.Pool,
  since: string,
): Promise<{ events: StoredEvent[]; horizon: string; waiting: boolean }> {
  const result = await pool.query<EventReadRow>(
    `WITH h AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin),
          txs AS (SELECT DISTINCT e.txid FROM core_event e, h WHERE e.txid >= $1::text::xid8 AND e.txid < h.xmin ORDER BY e.txid LIMIT ${TRANSACTIONS})
     SELECT e.id, e.txid::text, e.event_type, e.table_name, e.record_id, e.user_id, e.data,
            (SELECT count(*) FROM txs)::int AS txs, (SELECT max(txid)::text FROM txs) AS last, h.xmin::text AS xmin,
            EXISTS (SELECT 1 FROM core_event w WHERE w.txid >= h.xmin) AS waiting
       FROM h LEFT JOIN (core_event e JOIN txs USING (txid)) ON true
      ORDER BY e.txid, e.id`,
    [since],
  );
  const first = result.rows[0];
  const events: StoredEvent[] = result.rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      id: Number(r.id),
      txid: r.txid,
      type: r.event_type,
      table: r.table_name,
      recordId: r.record_id === null ? null : Number(r.record_id),
      userId: r.user_id === null ? null : Number(r.user_id),
      data: r.data,
    }));
  // A read cut short at its last transaction goes on just after it.
  const full = first.txs === TRANSACTIONS;
  const horizon = full ? String(BigInt(first.last) + 1n) : first.xmin;
  return { events, horizon, waiting: first.waiting || full };
}

/** The horizon now: a new stream or poll starts here when it brings none of its own. */
export async function currentHorizon(pool: pg.Pool): Promise<string> {
  return (await pool.query<{ xmin: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin')).rows[0]
    .xmin;
}

export class EventHub {
  private horizon: string | null = null;
  private readonly subscribers = new Set<Subscriber>();
  private reading: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly modelOf: ModelOf,
    private readonly log: (line: string) => void = () => {},
  ) {}

  async start(): Promise<void> {
    this.horizon = await currentHorizon(this.pool);
  }

  get size(): number {
    return this.subscribers.size;
  }

  subscribe(principal: Principal, send: Subscriber['send']): () => void {
    const sub = { principal, send };
    this.subscribers.add(sub);
    return () => {
      this.subscribers.delete(sub);
    };
  }

  /** Something was committed (or the listener reconnected): read what is final. */
  wake(): void {
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = this.read()
      .catch((err) => this.log(`live events: ${String(err)}`))
      .finally(() => {
        this.reading = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async read(): Promise<void> {
    if (this.horizon === null) return;
    const { events, horizon, waiting } = await eventsSince(this.pool, this.horizon);
    this.horizon = horizon;
    if (events.length && this.subscribers.size) await this.dispatch(events, horizon);
    if (waiting && !this.timer)
      this.timer = setTimeout(() => {
        this.timer = null;
        this.wake();
      }, RETRY_MS);
  }

  /** Each subscriber gets the events it may see; subscribers of one user share the checks. */
  private async dispatch(events: StoredEvent[], horizon: string): Promise<void> {
    const byUser = new Map<number, Subscriber[]>();
    for (const sub of this.subscribers)
      byUser.set(sub.principal.userId, [...(byUser.get(sub.principal.userId) ?? []), sub]);
    for (const subs of byUser.values()) {
      const seen = await visibleTo(this.pool, subs[0].principal, events, this.modelOf);
      if (!seen.length) continue;
      for (const sub of subs) sub.send(seen, horizon);
    }
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.subscribers.clear();
  }
}

export const messageOf = (e: StoredEvent, horizon: string): EventMessage => ({
  EventType: e.type,
  EventData: e.data,
  LastReceived: horizon,
});
