// Batch result logic (spec 4 "Batch result"): items run one at a time, each PENDING until it
// ends SUCCESS, FAILED (with its Error text) or IGNORED (the error carries status IGNORED).

export type BatchStatus = 'PENDING' | 'SUCCESS' | 'FAILED' | 'IGNORED';

export interface BatchItem {
  description: string;
  status: BatchStatus;
  error?: string;
}

export interface BatchState { items: BatchItem[] }

export type BatchAction =
  | { type: 'start'; descriptions: string[] }
  | { type: 'result'; index: number; status: Exclude<BatchStatus, 'PENDING'>; error?: string };

export function batchReducer(state: BatchState, action: BatchAction): BatchState {
  switch (action.type) {
    case 'start':
      return { items: action.descriptions.map((description) => ({ description, status: 'PENDING' })) };
    case 'result':
      return {
        items: state.items.map((item, i) => (i === action.index ? { ...item, status: action.status, error: action.error } : item)),
      };
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
export const shouldAutoClose = (state: BatchState) => isComplete(state) && state.items.every((i) => i.status === 'SUCCESS');

/** How a failed item ends: IGNORED when the error says so, else FAILED with its Error text. */
export function outcomeOf(error: unknown): { status: 'FAILED' | 'IGNORED'; error: string } {
  const e = error as { status?: unknown; body?: { Error?: unknown; Status?: unknown; status?: unknown }; message?: unknown } | null;
  const ignored = [e?.status, e?.body?.Status, e?.body?.status].includes('IGNORED');
  const text = e?.body?.Error ?? e?.message ?? String(error);
  return { status: ignored ? 'IGNORED' : 'FAILED', error: String(text) };
}

/** Run the items one at a time, reporting each result; stops early when cancelled() turns true. */
export async function runBatch<T>(
  items: readonly T[],
  run: (item: T) => Promise<unknown>,
  dispatch: (action: BatchAction) => void,
  cancelled: () => boolean = () => false,
): Promise<void> {
  for (let index = 0; index < items.length; index++) {
    if (cancelled()) return;
    try {
      await run(items[index]);
      dispatch({ type: 'result', index, status: 'SUCCESS' });
    } catch (error) {
      dispatch({ type: 'result', index, ...outcomeOf(error) });
    }
  }
}
