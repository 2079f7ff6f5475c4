// Places for event streams (live events, an import's progress), counted per user and kind across
// every server process: one user holds at most so many streams of a kind at once, however many
// processes serve them. A place is a row of
// core_live_stream taken by a process for one stream and given back when the stream ends; the
// process renews its rows while it runs, so the places of a process that ended without giving
// them back (killed, crashed) lapse after a while instead of staying taken.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { inTransaction } from '../db/pool.ts';

/** How long a place stays taken without its process renewing it. */
export const PLACE_LEASE_SECONDS = 90;
/** How often a process renews its places: well within the lease. */
const RENEW_MS = 30_000;

export class StreamPlaces {
  /** This process (this server instance): its places are renewed and given back together. */
  private readonly holder = randomUUID();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pool: pg.Pool,
    private readonly kind: string,
    private readonly perUser: number,
  ) {
    this.timer = setInterval(() => {
      void this.renew();
    }, RENEW_MS);
    this.timer.unref();
  }

  /** Takes a place for one of the user's streams: answers its release, or null when they hold every place. */
  async take(userId: number): Promise<(() => void) | null> {
    const id = await inTransaction(
      this.pool,
      async (client) => {
        // One user's takes wait for one another, in every process, so the count and the insert are one step.
        await client.query(
          "SELECT pg_advisory_xact_lock(hashtextextended('core_live_stream:' || $1::text || ':' || $2, 0))",
          [userId, this.kind],
        );
        await client.query('DELETE FROM core_live_stream WHERE user_id = $1 AND kind = $2 AND expires_at < now()', [
          userId,
          this.kind,
        ]);
        const held = await client.query<{ n: string }>(
          'SELECT count(*) AS n FROM core_live_stream WHERE user_id = $1 AND kind = $2',
          [userId, this.kind],
        );
        if (Number(held.rows[0].n) >= this.perUser) return null;
        const row = await client.query<{ id: string }>(
          'INSERT INTO core_live_stream (user_id, kind, process, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING id',
          [userId, this.kind, this.holder, PLACE_LEASE_SECONDS],
        );
        return row.rows[0].id;
      },
      { rerunnable: true },
    );
    if (id === null) return null;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // A place that cannot be given back now (the database is away) lapses with its lease.
      void this.pool.query('DELETE FROM core_live_stream WHERE id = $1', [id]).catch(() => undefined);
    };
  }

  private async renew(): Promise<void> {
    await this.pool
      .query('UPDATE core_live_stream SET expires_at = now() + make_interval(secs => $2) WHERE process = $1', [
        this.holder,
        PLACE_LEASE_SECONDS,
      ])
      .catch(() => undefined);
  }

  /** Gives back every place of this process (its streams end with it). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.pool.query('DELETE FROM core_live_stream WHERE process = $1', [this.holder]).catch(() => undefined);
  }
}
