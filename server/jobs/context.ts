// What a background job works with: the database, the definitions of the moment, the files, and
// a way to tell the user how far it got.
import type pg from 'pg';
import type { FileStore } from '../files/storage.ts';
import type { ImportHeartbeat } from '../imports/index.ts';
import type { Snapshot } from '../metadata/registry.ts';

export interface JobContext {
  pool: pg.Pool;
  snapshot(): Snapshot;
  files: FileStore;
  log(line: string): void;
  /** The heap (MB) of an import's worker thread. */
  importHeapMb?: number;
  /** How often a running import says it is alive, and after how long without that it is taken over. */
  importHeartbeat?: ImportHeartbeat;
  /** Where sent e-invoices go (the directory drop's outbox). */
  einvoiceOutboxDir?: string;
  /** Where received e-invoices are picked up (the directory drop's inbox). */
  einvoiceInboxDir?: string;
  /** The data directory (DATA_DIR): the development transport's files of mobile messages. */
  dataDir?: string;
}

/** A job of the queue as a kind's watch sees it. */
export interface QueuedJob {
  id: string;
  /** The queue's state: created, retry, active, completed, cancelled, failed. */
  state: string;
  /** For an active job: how long (seconds) since its try started. */
  runningSeconds: number | null;
}

/** The queue of one kind, for its watch. */
export interface KindQueue {
  /** Its jobs whose data holds `value` under `key`. */
  jobsOf(key: string, value: string): Promise<QueuedJob[]>;
  /** Fails an active job now, as its time limit would: tried again at once while its tries last. */
  failNow(id: string, reason: string): Promise<void>;
  /** Sends a job of this kind. */
  send(data: Record<string, unknown>): Promise<string>;
}

/** A kind of background job: its name, retry policy and time limit, and its work. */
export interface JobKind<D = Record<string, unknown>> {
  name: string;
  /** Tries after the first failure (a job whose process died counts as failed at its time limit). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** The longest one run may take; past it the job is failed (and retried while tries remain). */
  expireInSeconds: number;
  /** Does the work; answers a message for the task's log. `attempt.last`: no try comes after this one. */
  run(ctx: JobContext, data: D, attempt: { last: boolean }): Promise<string>;
  /**
   * Looks after the kind's work in every process (working jobs or not), every `everySeconds`:
   * finds work whose process died long before the time limit would say so.
   */
  watch?: { everySeconds(ctx: JobContext): number; run(ctx: JobContext, queue: KindQueue): Promise<void> };
}
