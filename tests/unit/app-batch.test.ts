import { describe, expect, it } from 'vitest';
import { CallFailed } from '../../runtime/api/index.ts';
import {
  batchReducer,
  isComplete,
  outcomeOf,
  outcomesOf,
  progress,
  runBatch,
  shouldAutoClose,
} from '../../runtime/ui/dialogs/batchResult.ts';
import type { BatchAction, BatchState } from '../../runtime/ui/dialogs/batchResult.ts';

const start = (...descriptions: string[]) => batchReducer({ items: [] }, { type: 'start', descriptions });
const body = (Error: string) => ({ Error, ModelState: {}, TranslationModelState: { ModelState: {} } });

describe('batch reducer', () => {
  it('starts with every item pending, nothing done', () => {
    const state = start('EUR', 'GBP');
    expect(state.items.map((i) => i.status)).toEqual(['PENDING', 'PENDING']);
    expect(isComplete(state)).toBe(false);
    expect(progress(state)).toBe(0);
  });
  it('records results and completes when none is pending', () => {
    let state = start('EUR', 'GBP', 'USD');
    state = batchReducer(state, { type: 'result', index: 0, status: 'SUCCESS' });
    expect(progress(state)).toBe(33);
    state = batchReducer(state, { type: 'result', index: 1, status: 'FAILED', error: 'in gebruik' });
    expect(isComplete(state)).toBe(false);
    state = batchReducer(state, { type: 'result', index: 2, status: 'IGNORED', error: 'overgeslagen' });
    expect(isComplete(state)).toBe(true);
    expect(progress(state)).toBe(100);
    expect(state.items[1]).toEqual({ description: 'GBP', status: 'FAILED', error: 'in gebruik' });
  });
  it('closes itself only when all items succeeded', () => {
    let ok = start('a', 'b');
    ok = batchReducer(ok, { type: 'result', index: 0, status: 'SUCCESS' });
    expect(shouldAutoClose(ok)).toBe(false);
    ok = batchReducer(ok, { type: 'result', index: 1, status: 'SUCCESS' });
    expect(shouldAutoClose(ok)).toBe(true);
    const ignored = batchReducer(batchReducer(start('a', 'b'), { type: 'result', index: 0, status: 'SUCCESS' }), {
      type: 'result',
      index: 1,
      status: 'IGNORED',
    });
    expect(isComplete(ignored)).toBe(true);
    expect(shouldAutoClose(ignored)).toBe(false);
    // A row made to open (the invoice of an order) keeps the results up for its Openen.
    const made = batchReducer(start('a'), {
      type: 'results',
      results: [{ index: 0, status: 'SUCCESS', open: { Table: 'invoices', AutoID: 7 } }],
    });
    expect(shouldAutoClose(made)).toBe(false);
    // The server's item carries the row it made; the outcome keeps it.
    const answer = {
      Results: [
        {
          AutoID: 3,
          ID: 'BE-ORD-00003',
          Description: null,
          Result: 'SUCCESS' as const,
          Error: null,
          Key: null,
          Args: [],
        },
      ],
      Succeeded: 1,
      Failed: 0,
      Ignored: 0,
    };
    expect(
      outcomesOf({ ...answer, Results: [{ ...answer.Results[0], Open: { Table: 'invoices', AutoID: 7 } }] }, [3], ''),
    ).toEqual([{ status: 'SUCCESS', open: { Table: 'invoices', AutoID: 7 } }]);
    expect(outcomesOf(answer, [3], '')).toEqual([{ status: 'SUCCESS' }]);
  });
});

describe('running a batch', () => {
  it('runs the items one at a time and classifies failures', async () => {
    let running = 0;
    let overlap = false;
    const log: string[] = [];
    let state: BatchState = start('1', '2', '3');
    const dispatch = (action: BatchAction) => {
      state = batchReducer(state, action);
    };
    await runBatch(
      [1, 2, 3],
      async (n) => {
        running++;
        if (running > 1) overlap = true;
        log.push(`start ${n}`);
        await new Promise((r) => setTimeout(r, 1));
        running--;
        if (n === 2) throw new CallFailed(409, body('Het item is nog in gebruik'));
        if (n === 3) throw Object.assign(new Error('skip'), { status: 'IGNORED' });
      },
      dispatch,
    );
    expect(overlap).toBe(false);
    expect(log).toEqual(['start 1', 'start 2', 'start 3']);
    expect(state.items.map((i) => [i.status, i.error])).toEqual([
      ['SUCCESS', undefined],
      ['FAILED', 'Het item is nog in gebruik'],
      ['IGNORED', 'skip'],
    ]);
  });
  it('reads IGNORED from the error body too', () => {
    expect(outcomeOf({ body: { Error: 'x', Status: 'IGNORED' } })).toEqual({ status: 'IGNORED', error: 'x' });
    expect(outcomeOf(new Error('boom'))).toEqual({ status: 'FAILED', error: 'boom' });
    // The field messages say what went wrong; the general text only lists the fields.
    expect(
      outcomeOf({
        body: {
          Error: 'Er zijn één of meerdere fouten in het formulier (Veldtype)',
          ModelState: { FieldType: ['Deze wijziging zou gegevens verliezen.'] },
        },
      }),
    ).toEqual({ status: 'FAILED', error: 'Deze wijziging zou gegevens verliezen.' });
  });
});
