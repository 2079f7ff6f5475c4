// An import task (server/imports) as a background job. A try cut short (its process died, the
// database went away) is tried again and goes on from the task's checkpoint; a dead process's try
// is found by the task's heartbeat (import-sweep.ts).
import type { Language } from '../../definitions/language/index.ts';
import { runImport } from '../imports/index.ts';
import type { JobKind } from './context.ts';
import { sweepImports } from './import-sweep.ts';

export interface ImportJob {
  taskId: number;
  /** The language of the user who started it: the output file says the rows' problems in it (Dutch without one). */
  language?: Language;
}

export const spreadsheetImport: JobKind<ImportJob> = {
  name: 'import',
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 2 * 60 * 60,
  run: (ctx, job, attempt) => runImport(ctx, job.taskId, attempt.last, job.language),
  // A try whose process died is found by its heartbeat within a minute, not at the time limit.
  watch: { everySeconds: (ctx) => ctx.importHeartbeat?.everySeconds ?? 5, run: sweepImports },
};
