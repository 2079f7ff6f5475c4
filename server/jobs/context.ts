// What a background job works with: the database, the definitions of the moment, the files, and
// a way to tell the user how far it got.
import type pg from 'pg';
import type { FileStore } from '../files/storage.ts';
import type { Snapshot } from '../metadata/registry.ts';

export interface JobContext {
  pool: pg.Pool;
  snapshot(): Snapshot;
  files: FileStore;
  log(line: string): void;
  /** The heap (MB) of an import's worker thread. */
  importHeapMb?: number;
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
}
