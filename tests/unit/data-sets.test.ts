// A data set's placeholders: the user and today's date, moved by whole days across month ends.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataSetValue } from '../../server/data/filters.ts';

const who = { userId: 7, username: 'ulla' };
// A minute before midnight in the process's zone: still the 30th there.
const today = new Date(2026, 0, 30, 23, 59);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(today);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('data set values', () => {
  it.each([
    ['$currentUser', 7],
    ['$username', 'ulla'],
    ['$today', '2026-01-30'],
    ['$today+7', '2026-02-06'],
    ['$today-30', '2025-12-31'],
    ['open', 'open'],
    [false, false],
    ['$today+x', '$today+x'],
  ])('%j is %j', (value, expected) => {
    expect(dataSetValue(value, who)).toEqual(expected);
  });
});
