// Status changes on a detail screen: an action that takes at least N rows (collecting orders into
// the first selected) applies only to that many and goes as one call; a transition of the open
// record carries the TimeStamp it was read with, and the server's refusal of a stale one is told
// apart from other failures; which actions move a record to another status.
import { describe, expect, it } from 'vitest';
import type { ScreenInfo } from '../../runtime/api/index.ts';
import { CallFailed } from '../../runtime/api/index.ts';
import {
  appliesTo,
  changeStatusRequest,
  changesStatus,
  chunkSizeOf,
  recordActions,
  rowsShort,
  screenActions,
  stampOf,
} from '../../runtime/screens/actions/model.ts';
import { concurrencyConflict } from '../../runtime/screens/failures.ts';

const screen: Pick<ScreenInfo, 'actions'> = {
  actions: [
    { name: 'supply', label: 'Leveren', transition: 'supply', batch: true },
    { name: 'collect', label: 'Orders samenvoegen', right: '8.3', minSelected: 2, merge: { into: 'first' } },
    { name: 'print', label: 'Afdrukken' },
  ],
};
const body = (Key: string, Error: string) => ({
  Error,
  Key,
  ModelState: {},
  TranslationModelState: { ModelState: {} },
});

describe('an action with a minimum of rows', () => {
  const [supply, collect, print] = screenActions(screen);

  it('takes its minimum from the definition, 1 for the others', () => {
    expect([supply, collect, print].map((a) => a.minSelected)).toEqual([1, 2, 1]);
    expect(recordActions(screen, []).every((a) => a.minSelected >= 1)).toBe(true);
  });
  it('applies only to that many rows or more, and says how many while fewer are selected', () => {
    expect([0, 1, 2, 5].map((n) => appliesTo(collect, n))).toEqual([false, false, true, true]);
    expect([0, 1, 2].map((n) => rowsShort(collect, n))).toEqual([2, 2, null]);
    // Without a minimum nothing changes: a batch action takes one or more, any other exactly one.
    expect([0, 1, 3].map((n) => appliesTo(supply, n))).toEqual([false, true, true]);
    expect([0, 1, 3].map((n) => appliesTo(print, n))).toEqual([false, true, false]);
    expect([0, 1, 3].map((n) => rowsShort(supply, n))).toEqual([null, null, null]);
  });
  it("goes in one call for the whole selection; others in the batch dialog's chunks", () => {
    expect(chunkSizeOf(collect, 60)).toBe(60);
    expect(chunkSizeOf(supply, 60)).toBeUndefined();
  });
});

describe('a transition of the open record', () => {
  it('sends the TimeStamp it was read with, only for one record', () => {
    expect(changeStatusRequest('supply', [7], { Reason: 3 }, 12)).toEqual({
      autoids: [7],
      Transition: 'supply',
      Values: { Reason: 3 },
      TimeStamp: 12,
    });
    expect(changeStatusRequest('supply', [7, 8], {}, 12)).toEqual({
      autoids: [7, 8],
      Transition: 'supply',
      Values: {},
    });
    expect(changeStatusRequest('supply', [7], {})).toEqual({ autoids: [7], Transition: 'supply', Values: {} });
    // A stamp of 0 (a record never changed since its creation) is a stamp too.
    expect(changeStatusRequest('supply', [7], {}, 0)).toMatchObject({ TimeStamp: 0 });
  });
  it('reads the stamp from the record as loaded', () => {
    expect(
      [{ TimeStamp: 4 }, { TimeStamp: '4' }, { TimeStamp: 0 }, { TimeStamp: null }, {}, null].map(stampOf),
    ).toEqual([4, 4, 0, undefined, undefined, undefined]);
  });
  it("knows the server's refusal of a stale stamp by its status and key, with the server's own text", () => {
    const stale = new CallFailed(409, body('errors.concurrency', 'Het item is intussen door een ander gewijzigd.'));
    expect(concurrencyConflict(stale)).toBe('Het item is intussen door een ander gewijzigd.');
    expect(concurrencyConflict(new CallFailed(409, body('errors.in_use', 'In gebruik')))).toBeNull();
    expect(concurrencyConflict(new CallFailed(400, body('errors.validation', 'Ongeldig')))).toBeNull();
    expect(concurrencyConflict(new Error('network'))).toBeNull();
  });
});

describe('which actions change a status', () => {
  it('a transition, and a screen action that makes one; not a plain action', () => {
    const [supply, collect] = screenActions(screen);
    const [transition] = recordActions(screen, [
      { Name: 'cancel', Label: 'Annuleren', To: 7, ToLabel: 'Geannuleerd', Warning: null, Prompts: [] },
    ]);
    expect([transition, supply, collect].map(changesStatus)).toEqual([true, true, false]);
  });
});
