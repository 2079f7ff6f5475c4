// The batch runner of actions and status changes: chunks of one call each with the progress
// between them, the server's SUCCESS / FAILED / IGNORED per item, a call failing as a whole, and
// "retry failed" sending only the failed items again.
import { describe, expect, it } from 'vitest';
import { CallFailed } from '../../runtime/api/index.ts';
import type { BatchAnswer } from '../../runtime/api/index.ts';
import {
  BATCH_CHUNK_SIZE,
  batchReducer,
  chunk,
  failedIndexes,
  isComplete,
  outcomesOf,
  progress,
  runChunks,
  shouldAutoClose,
} from '../../runtime/ui/dialogs/batchResult.ts';
import type { BatchAction, BatchOutcome, BatchState } from '../../runtime/ui/dialogs/batchResult.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const start = (items: number[]) => batchReducer({ items: [] }, { type: 'start', descriptions: items.map(String) });

/** A server that answers a batch per AutoID: refuses some, ignores others. */
function server(refuse: Set<number>, ignore = new Set<number>()) {
  const calls: number[][] = [];
  const call = async (autoids: number[]): Promise<BatchAnswer> => {
    calls.push(autoids);
    const Results = autoids.map((AutoID) => ({
      AutoID,
      ID: `R${AutoID}`,
      Description: null,
      Key: null,
      Args: [],
      Result: refuse.has(AutoID)
        ? ('FAILED' as const)
        : ignore.has(AutoID)
          ? ('IGNORED' as const)
          : ('SUCCESS' as const),
      Error: refuse.has(AutoID) ? 'De status is verplicht.' : ignore.has(AutoID) ? 'Al in deze status' : null,
    }));
    return {
      Results,
      Succeeded: Results.filter((r) => r.Result === 'SUCCESS').length,
      Failed: refuse.size,
      Ignored: ignore.size,
    };
  };
  return { calls, run: async (autoids: number[]) => outcomesOf(await call(autoids), autoids, 'geen antwoord') };
}

function recorder(items: number[]) {
  const seen: number[] = [];
  let state: BatchState = start(items);
  const dispatch = (action: BatchAction) => {
    state = batchReducer(state, action);
    seen.push(progress(state));
  };
  return {
    dispatch,
    seen,
    get state() {
      return state;
    },
  };
}

describe('chunks', () => {
  it('cut a list into consecutive parts of the size', () => {
    expect(chunk(ids(7), 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(chunk([], 25)).toEqual([]);
    expect(chunk(ids(2), 0)).toEqual([[1], [2]]);
  });
  it('run one call per chunk, one after another, and show the progress after each', async () => {
    const items = ids(60);
    const api = server(new Set());
    const r = recorder(items);
    let running = 0;
    let overlap = false;
    await runChunks(
      items,
      async (part) => {
        running++;
        if (running > 1) overlap = true;
        await new Promise((resolve) => setTimeout(resolve, 1));
        running--;
        return api.run(part);
      },
      r.dispatch,
    );
    expect(BATCH_CHUNK_SIZE).toBe(25);
    expect(api.calls.map((c) => c.length)).toEqual([25, 25, 10]);
    expect(overlap).toBe(false);
    expect(r.seen).toEqual([42, 83, 100]);
    expect(shouldAutoClose(r.state)).toBe(true);
  });
});

describe('outcomes', () => {
  it('follow the server per AutoID: FAILED and IGNORED with their text', async () => {
    const items = [11, 12, 13];
    const api = server(new Set([12]), new Set([13]));
    const r = recorder(items);
    await runChunks(items, api.run, r.dispatch);
    expect(r.state.items.map((i) => [i.status, i.error])).toEqual([
      ['SUCCESS', undefined],
      ['FAILED', 'De status is verplicht.'],
      ['IGNORED', 'Al in deze status'],
    ]);
    expect(isComplete(r.state)).toBe(true);
    // Something failed: the dialog stays open with the results.
    expect(shouldAutoClose(r.state)).toBe(false);
  });
  it('an AutoID the answer leaves out failed', () => {
    const answer: BatchAnswer = { Results: [], Succeeded: 0, Failed: 0, Ignored: 0 };
    expect(outcomesOf(answer, [5], 'geen antwoord')).toEqual([{ status: 'FAILED', error: 'geen antwoord' }]);
  });
  it('a call that fails as a whole fails each item of its chunk, and the next chunk still runs', async () => {
    const items = ids(4);
    const r = recorder(items);
    let call = 0;
    await runChunks(
      items,
      async (part): Promise<BatchOutcome[]> => {
        if (call++ === 0)
          throw new CallFailed(403, {
            Error: 'U beschikt niet over de juiste rechten',
            ModelState: {},
            TranslationModelState: { ModelState: {} },
          });
        return part.map(() => ({ status: 'SUCCESS' }));
      },
      r.dispatch,
      { size: 2 },
    );
    expect(r.state.items.map((i) => i.status)).toEqual(['FAILED', 'FAILED', 'SUCCESS', 'SUCCESS']);
    expect(r.state.items[0].error).toBe('U beschikt niet over de juiste rechten');
  });
});

describe('retry failed', () => {
  it('sends only the failed items again, pending while they run, and completes when they succeed', async () => {
    const items = [1, 2, 3];
    const refuse = new Set([2]);
    const api = server(refuse, new Set([3]));
    const r = recorder(items);
    await runChunks(items, api.run, r.dispatch);
    expect(failedIndexes(r.state)).toEqual([1]);

    refuse.clear(); // the cause was fixed
    const again = failedIndexes(r.state);
    r.dispatch({ type: 'retry', indexes: again });
    expect(r.state.items.map((i) => i.status)).toEqual(['SUCCESS', 'PENDING', 'IGNORED']);
    expect(r.state.items[1].error).toBeUndefined();
    expect(isComplete(r.state)).toBe(false);
    await runChunks(items, api.run, r.dispatch, { indexes: again });
    expect(api.calls).toEqual([[1, 2, 3], [2]]);
    expect(r.state.items.map((i) => i.status)).toEqual(['SUCCESS', 'SUCCESS', 'IGNORED']);
    // Ignored is not a failure to retry, but the dialog still shows it.
    expect(failedIndexes(r.state)).toEqual([]);
    expect(shouldAutoClose(r.state)).toBe(false);
  });
  it('stops between chunks when cancelled', async () => {
    const items = ids(5);
    const api = server(new Set());
    const r = recorder(items);
    let stop = false;
    await runChunks(
      items,
      async (part) => {
        stop = true;
        return api.run(part);
      },
      r.dispatch,
      { size: 2, cancelled: () => stop },
    );
    expect(api.calls).toEqual([[1, 2]]);
    expect(r.state.items.filter((i) => i.status === 'PENDING')).toHaveLength(3);
  });
});
