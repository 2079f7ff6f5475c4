// A data set's placeholders: the user and today's date, moved by whole days across month ends.
import { describe, expect, it } from 'vitest';
import { dataSetValue } from '../../server/data/filters.ts';

const who = { userId: 7, username: 'ulla' };
const today = new Date(2026, 0, 30, 23, 59);

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
    expect(dataSetValue(value, who, today)).toEqual(expected);
  });
});
