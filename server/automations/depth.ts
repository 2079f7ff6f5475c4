// How deep in a chain of automations a write is: a user's change is depth 0; the writes an
// automation's run of depth d makes carry depth d, and start runs of depth d + 1 only while that
// is within the configured maximum (default 1: an automation's writes start no run at all).
import { AsyncLocalStorage } from 'node:async_hooks';

interface Running {
  depth: number;
  automation: number;
}

const running = new AsyncLocalStorage<Running>();

/** The depth of the writes made now: that of the run making them, 0 outside any run. */
export const currentDepth = (): number => running.getStore()?.depth ?? 0;

/** Runs `work` as the writes of a run of `depth`. */
export const asRun = <T>(depth: number, automation: number, work: () => Promise<T>): Promise<T> =>
  running.run({ depth, automation }, work);
