// The grid flow of spec 1 section 4 as pure transitions, and the barcode and URL query rules.
import { describe, expect, it } from 'vitest';
// The pure modules are imported one by one: the folder's index also loads the components.
import {
  applyPage,
  canRefresh,
  changeQuery,
  dragTo,
  initialGridState,
  nextPage,
  selectAllState,
  showLoadMore,
  sortDirection,
  startDrag,
  toggleAll,
  toggleSelected,
  toggleSort,
  type GridState,
} from '../../runtime/grid/state.ts';
import { sanitizeUrlText, stripBarcode } from '../../runtime/grid/barcode.ts';
import { parseGridQuery } from '../../runtime/grid/query.ts';
import { buildRequest, quickFilterValue } from '../../runtime/grid/filters.ts';
import { cellAlignment, cellContent, formatCount, formatSeconds } from '../../runtime/grid/format.ts';
import { readPinned, writePinned } from '../../runtime/grid/pinned.ts';
import type { GridColumn } from '../../runtime/grid/types.ts';

const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ AutoID: from + i }));
const column = (FieldName: string, extra: Partial<GridColumn> = {}): GridColumn => ({
  FieldName,
  Title: FieldName,
  IsSortable: true,
  AdvancedFilterType: 'text',
  ...extra,
});

describe('paging', () => {
  it('starts with 35 rows a page', () => {
    expect(initialGridState().pageSize).toBe(35);
  });

  it('a search, filter or data-source change returns to page 0 and asks for the top', () => {
    const loaded: GridState = { ...initialGridState(), pageIndex: 3, selected: [1, 2], scrollToTop: 4 };
    for (const patch of [{ search: 'x' }, { columnFilters: { ID: 'a' } }, { dataSource: 1 as const }]) {
      const next = changeQuery(loaded, patch);
      expect(next.pageIndex).toBe(0);
      expect(next.scrollToTop).toBe(5);
      expect(next.selected).toEqual([]);
    }
  });

  it('page 0 replaces rows, a later page appends, and the load-more row shows only after a full page', () => {
    let s = initialGridState(35);
    s = applyPage(s, 0, { Data: rows(1, 35), Meta: { Count: 80 } }, 120);
    expect(s.rows).toHaveLength(35);
    expect(showLoadMore(s)).toBe(true);
    expect(nextPage(s)).toBe(1);
    s = applyPage(s, 1, { Data: rows(36, 35), Meta: { Count: 80 } }, 80);
    expect(s.rows).toHaveLength(70);
    expect(nextPage(s)).toBe(2);
    s = applyPage(s, 2, { Data: rows(71, 10), Meta: { Count: 80 } }, 80);
    expect(s.rows).toHaveLength(80);
    expect(showLoadMore(s)).toBe(false);
    expect(nextPage(s)).toBeNull();
    s = applyPage(s, 0, { Data: rows(1, 5), Meta: { Count: 5 } }, 10);
    expect(s.rows.map((r) => r.AutoID)).toEqual([1, 2, 3, 4, 5]);
  });

  it('load-more appends only when the loaded rows equal (page + 1) * page size, and never while loading', () => {
    const full = applyPage(initialGridState(35), 0, { Data: rows(1, 35), Meta: { Count: 99 } }, 1);
    expect(nextPage({ ...full, rows: full.rows.slice(1) })).toBeNull();
    expect(nextPage({ ...full, loading: true })).toBeNull();
    expect(nextPage(full)).toBe(1);
  });

  it('refresh is ignored while loading', () => {
    expect(canRefresh({ loading: true })).toBe(false);
    expect(canRefresh({ loading: false })).toBe(true);
  });
});

describe('sorting', () => {
  it("toggles 'Field asc' and 'Field desc'; a new column starts ascending", () => {
    const name = column('Name');
    expect(toggleSort('', name)).toBe('Name asc');
    expect(toggleSort('Name asc', name)).toBe('Name desc');
    expect(toggleSort('Name desc', name)).toBe('Name asc');
    expect(toggleSort('Name desc', column('Code'))).toBe('Code asc');
    expect(sortDirection('Name desc', 'name')).toBe('desc');
    expect(sortDirection('Name desc', 'Code')).toBeNull();
  });

  it('leaves the order alone for a column that cannot sort', () => {
    expect(toggleSort('Name asc', column('Image', { IsSortable: false }))).toBe('Name asc');
  });
});

describe('selection', () => {
  const list = rows(1, 6);
  it('toggles a row and tells all / some / none', () => {
    let sel = toggleSelected([], 2);
    expect(sel).toEqual([2]);
    expect(selectAllState(list, sel)).toBe('some');
    sel = toggleSelected(sel, 2);
    expect(selectAllState(list, sel)).toBe('none');
    sel = toggleAll(list, sel);
    expect(selectAllState(list, sel)).toBe('all');
    expect(toggleAll(list, sel)).toEqual([]);
    expect(toggleAll(list, [1, 2])).toHaveLength(6);
  });

  it('a drag sets every row between start and current to the opposite of the first row', () => {
    // Starting on an unselected row selects; rows behind a shrinking drag return to what they were.
    const drag = startDrag(list, [5], 1);
    expect(drag.target).toBe(true);
    expect(dragTo(list, drag, 1).sort()).toEqual([2, 5]);
    expect(dragTo(list, drag, 4).sort()).toEqual([2, 3, 4, 5]);
    expect(dragTo(list, drag, 2).sort()).toEqual([2, 3, 5]);
    // Dragging upwards covers the rows above the start.
    expect(dragTo(list, drag, 0).sort()).toEqual([1, 2, 5]);
    // Starting on a selected row deselects, whatever the other rows' states were.
    const off = startDrag(list, [1, 2, 4], 0);
    expect(off.target).toBe(false);
    expect(dragTo(list, off, 3)).toEqual([]);
  });
});

describe('barcode', () => {
  it('keeps only the last path segment of a scanned URL', () => {
    expect(stripBarcode('https://scan.example.com/objects/OBJ-001', 'app.local')).toBe('OBJ-001');
    expect(stripBarcode('http://x.y/a/b/CODE42/', 'app.local')).toBe('CODE42');
    expect(stripBarcode('app.local:3000/frontoffice/object/1234?x=1', 'app.local:3000')).toBe('1234');
    expect(stripBarcode('https://x.y/', 'app.local')).toBe('');
  });

  it('leaves plain search text alone and sanitizes what a URL carried', () => {
    expect(stripBarcode('plain text', 'app.local')).toBe('plain text');
    expect(stripBarcode('https://x.y/a%3Cb%3E%26*c', 'app.local')).toBe('abc');
    expect(sanitizeUrlText('a<b>c*d%e&f:g\\h')).toBe('abcdefgh');
  });
});

describe('URL query', () => {
  const columns = [
    column('ID'),
    column('Descr'),
    column('CostCategory', { AdvancedFilterType: 'list', FieldType: 'list' }),
  ];
  it('$dataset picks the data source, other names match columns case-insensitively', () => {
    expect(parseGridQuery('?$dataset=1&id=K1&COSTCATEGORY=3&unknown=x&$other=1', columns)).toEqual({
      dataSource: 1,
      columnFilters: { ID: 'K1', CostCategory: '3' },
      present: true,
    });
    expect(parseGridQuery('$dataset=all', columns).dataSource).toBe(2);
    expect(parseGridQuery('', columns)).toEqual({ columnFilters: {}, present: false });
  });
});

describe('request', () => {
  const columns = [
    column('ID'),
    column('Budget', { AdvancedFilterType: 'number', FieldType: 'decimal' }),
    column('Qty', { AdvancedFilterType: 'number', FieldType: 'integer' }),
    column('ValidFrom', { AdvancedFilterType: 'date', FieldType: 'date' }),
    column('Paid', { AdvancedFilterType: 'bool', FieldType: 'bool' }),
  ];
  it('sends only quick filters the column type can read, and complete advanced filters', () => {
    const request = buildRequest(
      {
        search: ' kosten ',
        dataSource: 2,
        order: 'ID desc',
        columnFilters: { ID: 'k', Budget: '12,5', Qty: 'abc', ValidFrom: '5-3-2024', Paid: '' },
        advancedFilters: [
          { id: 1, FieldName: 'Budget', Operator: '>', Value: '10' },
          { id: 2, FieldName: 'ID', Operator: 'empty', Value: '' },
          { id: 3, FieldName: 'ID', Operator: 'contains', Value: '' },
          { id: 4, FieldName: 'Paid', Operator: '=', Value: true },
          { id: 5, FieldName: 'Paid', Operator: 'contains', Value: 'x' },
        ],
      },
      columns,
      0,
      35,
    );
    expect(request).toEqual({
      dataSource: 2,
      pageIndex: 0,
      pageSize: 35,
      order: 'ID desc',
      searchExpressions: 'kosten',
      operatorFilter: [
        { FieldName: 'Budget', Operator: '>', Value: '10' },
        { FieldName: 'ID', Operator: 'empty' },
        { FieldName: 'Paid', Operator: '=', Value: true },
      ],
      columnFilter: { ID: 'k', Budget: '12.5', ValidFrom: '2024-03-05' },
    });
    expect(quickFilterValue(columns[3], '31-2-2024')).toBeUndefined();
  });
});

describe('cells', () => {
  it('formats dates, times, lists, booleans, images and numbers by column', () => {
    const row = {
      D: '2024-03-05',
      T: '09:05:30',
      DT: '2024-03-05T14:07:09',
      L: 3,
      L_Descr: 'Categorie',
      B: true,
      I: '/img/a.png',
      N: 1234.5,
    };
    expect(cellContent(column('D', { Format: 5 }), row, 'nl')).toEqual({ kind: 'text', text: '5-3-2024' });
    expect(cellContent(column('T', { Format: 3 }), row, 'nl')).toEqual({ kind: 'text', text: '09:05' });
    expect(cellContent(column('DT', { Format: 9 }), row, 'nl')).toEqual({ kind: 'text', text: '5-3-2024 14:07' });
    expect(cellContent(column('DT', { Format: 10 }), row, 'nl')).toEqual({ kind: 'text', text: '5-3-2024 14:07:09' });
    expect(cellContent(column('L', { FieldType: 'list' }), row, 'nl')).toEqual({ kind: 'text', text: 'Categorie' });
    expect(cellContent(column('B', { FieldType: 'bool' }), row, 'nl')).toEqual({ kind: 'bool', value: true });
    expect(cellContent(column('I', { ColumnType: 2 }), row, 'nl')).toEqual({ kind: 'image', src: '/img/a.png' });
    expect(cellContent(column('N', { FieldType: 'decimal' }), row, 'nl')).toEqual({ kind: 'text', text: '1.234,5' });
    expect(cellAlignment(column('N', { FieldType: 'decimal' }))).toBe('right');
    expect(cellAlignment(column('X', { ColumnAlignment: 1 }))).toBe('center');
    expect(cellAlignment(column('X'))).toBe('left');
  });

  it('writes the count and timing the Dutch way', () => {
    expect(formatCount(801033, 'nl')).toBe('801.033');
    expect(formatSeconds(123, 'nl')).toBe('0,12');
  });
});

describe('pinned filters', () => {
  it('are stored per control and read back', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
    writePinned(storage, 'costcodes', {
      search: 'a',
      dataSource: 1,
      order: 'ID asc',
      columnFilters: { ID: 'x' },
      advancedFilters: [],
      layoutId: 7,
    });
    expect(readPinned(storage, 'CostCodes')).toEqual({
      search: 'a',
      dataSource: 1,
      order: 'ID asc',
      columnFilters: { ID: 'x' },
      advancedFilters: [],
      layoutId: 7,
    });
    expect(readPinned(storage, 'currencies')).toBeNull();
    writePinned(storage, 'costcodes', null);
    expect(readPinned(storage, 'costcodes')).toBeNull();
  });
});
