// Reconnects held back while the database is down. Without this, every call during an outage
// opens a connection attempt of its own: under load, a stream of attempts at the database's port,
// and on Linux an attempt to a loopback port nobody listens on can be given that very port as its
// own source port and connect to itself, so PostgreSQL cannot bind its port when it comes back.
// After a connect fails for want of a database, the next one waits (100 ms, growing to 2 s) and
// only one tries at a time; every other connect meanwhile fails at once as unavailable (503),
// without a socket. The first connect that succeeds opens the gate for all.
import pg from 'pg';
import { databaseFailure, RECONNECT_HELD_BACK } from './failures.ts';

/** The waits after one, two, … failed reconnects in a row; the last one repeats. */
export const RECONNECT_WAITS_MS = [100, 250, 500, 1000, 2000];

type Attempt = 'free' | 'probe';

export class ReconnectGate {
  private failures = 0;
  private until = 0;
  private probing = false;

  /** Whether a connect may go out now, and as what; null: held back. */
  enter(now = Date.now()): Attempt | null {
    if (this.failures === 0) return 'free';
    if (this.probing || now < this.until) return null;
    this.probing = true;
    return 'probe';
  }

  /** How the attempt went: a database that is away closes the gate for a while, any answer opens it. */
  leave(attempt: Attempt, err?: unknown, now = Date.now()): void {
    if (attempt === 'probe') this.probing = false;
    if (err === undefined || databaseFailure(err) !== 'unavailable') {
      if (err === undefined) this.failures = 0;
      return;
    }
    // Attempts that left before the gate closed fail together: they count once.
    if (attempt === 'free' && this.failures > 0) return;
    this.failures++;
    const wait = RECONNECT_WAITS_MS[Math.min(this.failures, RECONNECT_WAITS_MS.length) - 1];
    // Spread out, so several processes do not knock in step.
    this.until = now + Math.round(wait * (0.75 + Math.random() * 0.5));
  }
}

function heldBack(): Error {
  return Object.assign(new Error('database unavailable: reconnecting is held back after a failed connection'), {
    code: RECONNECT_HELD_BACK,
  });
}

/** A node-postgres client class whose connects pass the gate (the pool's `Client`). */
export function gatedClient(gate: ReconnectGate): typeof pg.Client {
  return class GatedClient extends pg.Client {
    override connect(): Promise<pg.Client>;
    override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
    override connect(
      callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void),
    ): Promise<pg.Client> | void {
      const attempt = gate.enter();
      const done: Promise<pg.Client> =
        attempt === null
          ? Promise.reject(heldBack())
          : super.connect().then(
              (client) => {
                gate.leave(attempt);
                return client;
              },
              (err: unknown) => {
                gate.leave(attempt, err);
                throw err;
              },
            );
      if (!callback) return done;
      done.then(
        (client) => (callback as (err: null, c: pg.Client) => void)(null, client),
        (err: Error) => (callback as (err: Error) => void)(err),
      );
    }
  };
}
