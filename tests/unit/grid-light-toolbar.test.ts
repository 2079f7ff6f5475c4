// A grid with nothing in it yet and no search or filter needs no tools; one that finds nothing
// for a search or filter keeps them, so the search or filter can be cleared.
import { describe, expect, it } from 'vitest';
import { emptyUnfiltered } from '../../runtime/grid/filters.ts';
import { emptyQuery } from '../../runtime/grid/state.ts';

const answered = { ...emptyQuery(), rows: [], elapsedMs: 12, failed: false };

describe('emptyUnfiltered', () => {
  it('holds for an answered page with no rows and no search or filter', () => {
    expect(emptyUnfiltered(answered)).toBe(true);
  });
  it('does not hold before the first answer, after a failure, or with rows', () => {
    expect(emptyUnfiltered({ ...answered, elapsedMs: null })).toBe(false);
    expect(emptyUnfiltered({ ...answered, failed: true })).toBe(false);
    expect(emptyUnfiltered({ ...answered, rows: [{ AutoID: 1 }] })).toBe(false);
  });
  it('does not hold with a search, another data source, a quick filter or an advanced filter', () => {
    expect(emptyUnfiltered({ ...answered, search: 'x' })).toBe(false);
    expect(emptyUnfiltered({ ...answered, dataSource: 1 })).toBe(false);
    expect(emptyUnfiltered({ ...answered, columnFilters: { City: 'Utrecht' } })).toBe(false);
    expect(
      emptyUnfiltered({
        ...answered,
        advancedFilters: [{ id: 1, FieldName: 'City', Operator: 'eq', Value: 'Utrecht' }],
      }),
    ).toBe(false);
    // An emptied quick filter is none.
    expect(emptyUnfiltered({ ...answered, columnFilters: { City: ' ' } })).toBe(true);
  });
});
