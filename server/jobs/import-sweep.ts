// Imports whose process died, found by their heartbeat (imports/heartbeat.ts) rather than by the
// job's two-hour time limit. Every process sweeps every few seconds; each stale task is claimed by
// one sweep. Its job, still active in the queue for a process that is gone, is failed now, so the
// queue tries it again at once while tries are left: the task waits (pending) for a process to
// take it over, which goes on after its checkpoint. With no try left, or no job at all, the task
// is failed with the rows written until then, and its progress stream is told it is finished.
import { claimStale, failedLost, waitingAgain } from '../imports/index.ts';
import type { JobContext, KindQueue } from './context.ts';

/** The queue's states in which a job will still run (or runs). */
const WILL_RUN = new Set(['created', 'retry', 'active']);

export async function sweepImports(ctx: JobContext, queue: KindQueue): Promise<void> {
  const stale = ctx.importHeartbeat?.staleSeconds ?? 45;
  for (const task of await claimStale(ctx.pool, stale)) {
    const jobs = await queue.jobsOf('taskId', String(task.id));
    // An active job whose try began within the staleness may not have beaten yet: it is left alone.
    for (const job of jobs.filter((j) => j.state === 'active' && (j.runningSeconds ?? 0) >= stale)) {
      await queue.failNow(job.id, `import ${task.id}: no heartbeat for ${stale} s; its process is gone`);
    }
    const after = await queue.jobsOf('taskId', String(task.id));
    if (after.some((j) => WILL_RUN.has(j.state))) {
      await waitingAgain(ctx.pool, task.id);
    } else if (await failedLost(ctx.pool, task.id)) {
      ctx.log(`import ${task.id}: its process is gone and no try is left; failed`);
    }
  }
}
