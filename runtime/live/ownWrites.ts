// The records this page wrote itself. The server tells every reader of a table of every change,
// the writer included; a grid this page just reloaded after its own save is not out of date, and
// an open record this page saved was not changed by someone else. Each write expects one event
// per record, which it takes; an expectation no event met lapses after two polling intervals.
//
// The event of a write can arrive before the write's own answer (it is sent at commit, the answer
// after), and a new record's AutoID is only known from that answer. So while a write to a table
// is under way, that table's events wait (busy), and are looked at once the write has answered.
import { POLL_INTERVAL_MS } from './channel.ts';

export const OWN_WRITE_MS = 2 * POLL_INTERVAL_MS + 10_000;
/** Bounds the bookkeeping of a page that writes a lot without hearing back (the channel stopped). */
const MAX_PENDING = 5_000;

export interface OwnWrites {
  /** A write to the table is sent. */
  begin(table: string): void;
  /** It answered (autoids: the records it wrote; none when it failed). */
  end(table: string, autoids: readonly number[]): void;
  /** Whether a write to the table is under way (its events wait). */
  busy(table: string): boolean;
  /** Called with a table whose last write under way answered. */
  onIdle(listener: (table: string) => void): void;
  /** Whether the event for this record is one this page expected; takes the expectation. */
  take(table: string, autoid: number): boolean;
  size(): number;
}

export function createOwnWrites(now: () => number = Date.now): OwnWrites {
  /** `table:id` → the times its expectations lapse, oldest first. */
  const pending = new Map<string, number[]>();
  const inFlight = new Map<string, number>();
  const idle: ((table: string) => void)[] = [];
  let count = 0;
  const key = (table: string, autoid: number) => `${table.toLowerCase()}:${autoid}`;

  function prune() {
    const time = now();
    for (const [k, list] of pending) {
      const kept = list.filter((until) => until > time);
      count -= list.length - kept.length;
      if (kept.length) pending.set(k, kept);
      else pending.delete(k);
    }
  }

  function expect(table: string, autoids: readonly number[]) {
    if (count + autoids.length > MAX_PENDING) prune();
    const until = now() + OWN_WRITE_MS;
    for (const id of autoids) {
      if (count >= MAX_PENDING) break;
      const k = key(table, id);
      pending.set(k, [...(pending.get(k) ?? []), until]);
      count++;
    }
  }

  return {
    begin(table) {
      const t = table.toLowerCase();
      inFlight.set(t, (inFlight.get(t) ?? 0) + 1);
    },
    end(table, autoids) {
      expect(table, autoids);
      const t = table.toLowerCase();
      const left = (inFlight.get(t) ?? 1) - 1;
      if (left > 0) {
        inFlight.set(t, left);
        return;
      }
      inFlight.delete(t);
      for (const listener of idle) listener(t);
    },
    busy: (table) => (inFlight.get(table.toLowerCase()) ?? 0) > 0,
    onIdle(listener) {
      idle.push(listener);
    },
    take(table, autoid) {
      const k = key(table, autoid);
      const list = pending.get(k);
      if (!list) return false;
      const time = now();
      const live = list.filter((until) => until > time);
      count -= list.length - live.length;
      const mine = live.length > 0;
      if (mine) {
        live.shift();
        count--;
      }
      if (live.length) pending.set(k, live);
      else pending.delete(k);
      return mine;
    },
    size: () => count,
  };
}
