// Batch result logic (spec 1 section 4 "Batch result"): every item is PENDING until it ends
// SUCCESS, FAILED (with its Error text) or IGNORED (the error carries status IGNORED, or the
// server's batch answer says so). Items run one at a time, or in chunks of one call each
// (RunAction, ChangeStatus) so a long batch shows its progress; "retry failed" runs the failed
// ones again.
import type { BatchAnswer } from '../../api/index.ts';

export type BatchStatus = 'PENDING' | 'SUCCESS' | 'FAILED' | 'IGNORED';
/** A row the user can open: one an item made (an invoice), or one to put right what failed (a product). */
export interface RowToOpen {
  Table: string;
  AutoID: number;
}

export type BatchOutcome = { status: Exclude<BatchStatus, 'PENDING'>; error?: string; open?: RowToOpen };

export interface BatchItem {
  description: string;
  status: BatchStatus;
  error?: string;
  open?: RowToOpen;
}

export interface BatchState {
  items: BatchItem[];
}

export type BatchAction =
  | { type: 'start'; descriptions: string[] }
  | { type: 'result'; index: number; status: Exclude<BatchStatus, 'PENDING'>; error?: string }
  | { type: 'results'; results: ({ index: number } & BatchOutcome)[] }
  | { type: 'retry'; indexes: number[] };

/** Items per RunAction / ChangeStatus call: small enough that the percentage moves. */
export const BATCH_CHUNK_SIZE = 25;

export function batchReducer(state: BatchState, action: BatchAction): BatchState {
  switch (action.type) {
    case 'start':
      return { items: action.descriptions.map((description) => ({ description, status: 'PENDING' })) };
    case 'result':
      return batchReducer(state, {
        type: 'results',
        results: [{ index: action.index, status: action.status, error: action.error }],
      });
    case 'results': {
      const byIndex = new Map(action.results.map((r) => [r.index, r]));
      return {
        items: state.items.map((item, i) => {
          const result = byIndex.get(i);
          return result ? { ...item, status: result.status, error: result.error, open: result.open } : item;
        }),
      };
    }
    case 'retry': {
      const again = new Set(action.indexes);
      return {
        items: state.items.map((item, i) =>
          again.has(i) ? { description: item.description, status: 'PENDING' } : item,
        ),
      };
    }
  }
}

export const isComplete = (state: BatchState) => state.items.every((i) => i.status !== 'PENDING');

/** The share done, as a whole percentage (an empty batch is done). */
export function progress(state: BatchState): number {
  if (state.items.length === 0) return 100;
  const done = state.items.filter((i) => i.status !== 'PENDING').length;
  return Math.round((done / state.items.length) * 100);
}

/** All succeeded: the dialog closes itself and the completion callback runs. */
/** Every item succeeded and none made a row to open (an invoice made from an order): nothing left to see. */
export const shouldAutoClose = (state: BatchState) =>
  isComplete(state) && state.items.every((i) => i.status === 'SUCCESS' && !i.open);

/** The items that failed, which "retry failed" sends again (ignored ones are done: nothing to do). */
export function failedIndexes(state: BatchState): number[] {
  return state.items.flatMap((item, i) => (item.status === 'FAILED' ? [i] : []));
}

/**
 * How a failed item ends: IGNORED when the error says so, else FAILED with what went wrong: the
 * messages on the fields where the server gave them (the general text only lists the fields),
 * else its Error text.
 */
export function outcomeOf(error: unknown): { status: 'FAILED' | 'IGNORED'; error: string } {
  const e = error as {
    status?: unknown;
    body?: { Error?: unknown; Status?: unknown; status?: unknown; ModelState?: Record<string, unknown> };
    message?: unknown;
  } | null;
  const ignored = [e?.status, e?.body?.Status, e?.body?.status].includes('IGNORED');
  const onFields = Object.values(e?.body?.ModelState ?? {}).flatMap((m) => (Array.isArray(m) ? m.map(String) : []));
  const text = onFields.length ? onFields.join(' ') : (e?.body?.Error ?? e?.message ?? String(error));
  return { status: ignored ? 'IGNORED' : 'FAILED', error: String(text) };
}

const everyIndex = (length: number) => Array.from({ length }, (_, i) => i);

/** Run the items one at a time, reporting each result; stops early when cancelled() turns true. */
export async function runBatch<T>(
  items: readonly T[],
  run: (item: T) => Promise<unknown>,
  dispatch: (action: BatchAction) => void,
  cancelled: () => boolean = () => false,
  indexes: readonly number[] = everyIndex(items.length),
): Promise<void> {
  for (const index of indexes) {
    if (cancelled()) return;
    try {
      await run(items[index]);
      dispatch({ type: 'result', index, status: 'SUCCESS' });
    } catch (error) {
      dispatch({ type: 'result', index, ...outcomeOf(error) });
    }
  }
}

/** The list cut into consecutive chunks of at most `size`. */
export function chunk<T>(list: readonly T[], size: number): T[][] {
  const step = Math.max(1, Math.floor(size));
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += step) out.push(list.slice(i, i + step));
  return out;
}

/**
 * Run the items in chunks, one call per chunk, the chunks one after another; runChunk answers an
 * outcome per item of its chunk, in order. A call that fails as a whole fails each of its items
 * with its error.
 */
export async function runChunks<T>(
  items: readonly T[],
  runChunk: (chunk: T[]) => Promise<BatchOutcome[]>,
  dispatch: (action: BatchAction) => void,
  options: { size?: number; indexes?: readonly number[]; cancelled?: () => boolean } = {},
): Promise<void> {
  const { size = BATCH_CHUNK_SIZE, indexes = everyIndex(items.length), cancelled = () => false } = options;
  for (const part of chunk(indexes, size)) {
    if (cancelled()) return;
    let outcomes: BatchOutcome[];
    try {
      outcomes = await runChunk(part.map((i) => items[i]));
    } catch (error) {
      const failed = outcomeOf(error);
      outcomes = part.map(() => failed);
    }
    dispatch({
      type: 'results',
      results: part.map((index, k) => ({ index, ...(outcomes[k] ?? { status: 'FAILED' as const }) })),
    });
  }
}

/**
 * The outcome of each asked AutoID in a server batch answer, in the order asked. An AutoID the
 * answer does not mention failed: the server gave no account of it.
 */
export function outcomesOf(answer: BatchAnswer, autoids: readonly number[], missing: string): BatchOutcome[] {
  const byId = new Map(answer.Results.map((r) => [Number(r.AutoID), r]));
  return autoids.map((id) => {
    const result = byId.get(id);
    if (!result) return { status: 'FAILED', error: missing };
    // A row to open goes with the item whatever its result: one it made, or one to put right.
    const open = result.Open ? { open: result.Open } : {};
    return result.Result === 'SUCCESS'
      ? { status: 'SUCCESS', ...(result.Warning ? { error: result.Warning } : {}), ...open }
      : { status: result.Result, error: result.Error ?? undefined, ...open };
  });
}
