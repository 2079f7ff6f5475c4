// The grid controller's flow with a view (docs/saved-views.md), against fake calls: the view comes
// first, every page names the view's columns, column edits mark the view modified without new rows,
// reset returns to the view's filters, pinned states and Back/Forward snapshots bring the view back.
import { describe, expect, it, vi } from 'vitest';
import type { FlexAnswer, FlexRequest, Layout, UserLayout } from '../../runtime/api/index.ts';
import { createGridController, type GridDeps } from '../../runtime/grid/controller.ts';
import { readPinned, writePinned } from '../../runtime/grid/pinned.ts';
import type { GridColumn } from '../../runtime/grid/types.ts';

const META: GridColumn[] = [
  { FieldName: 'ID', Title: 'Code', IsSortable: true, Search: true, AdvancedFilterType: 'text', FieldType: 'text' },
  {
    FieldName: 'Descr',
    Title: 'Omschrijving',
    IsSortable: true,
    Search: true,
    AdvancedFilterType: 'text',
    FieldType: 'text',
  },
  { FieldName: 'Budget', Title: 'Budget', IsSortable: true, AdvancedFilterType: 'number', FieldType: 'decimal' },
  { FieldName: 'Blocked', Title: 'Geblokkeerd', IsSortable: true, AdvancedFilterType: 'bool', FieldType: 'bool' },
];
const column = (
  FieldName: string,
  ColumnWidth: number,
  Visible = true,
  Search = '',
  AdvancedFilters: Layout['Columns'][number]['AdvancedFilters'] = [],
) => ({ FieldName, ColumnWidth, ColumnAlignment: 0 as const, Visible, Search, AdvancedFilters });
const LAYOUT: Layout = {
  AutoID: 5,
  Name: 'default',
  LayoutType: 0,
  ControlName: 'costcodes',
  PageSize: 20,
  Sort: 'Descr asc',
  DefaultLayout: true,
  CreateDate: '2024-01-01T00:00:00Z',
  SecurityGroupID: null,
  SecurityGroup: null,
  Owner: null,
  FromDefinitions: true,
  CanChange: true,
  Columns: [column('ID', 120), column('Descr', 200), column('Budget', 90, false), column('Blocked', 60)],
};
const FILTERED: Layout = {
  ...LAYOUT,
  AutoID: 12,
  Name: 'Geblokkeerd',
  LayoutType: 1,
  FromDefinitions: false,
  Columns: [
    column('ID', 100, true, 'K'),
    column('Blocked', 60, true, '', [{ Operator: '=', Value: true }]),
    column('Descr', 200),
  ],
};
const PERMISSIONS = { AllowChangeUserViews: true, AllowChangeSystemViews: false };

function storage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

function fake(overrides: Partial<GridDeps> = {}) {
  const calls: string[] = [];
  const requests: FlexRequest[] = [];
  const deps: GridDeps = {
    flexData: vi.fn(async (_control: string, request: FlexRequest): Promise<FlexAnswer> => {
      calls.push('GetFlexData');
      requests.push(request);
      const wanted =
        request.flexGridLayoutColumns?.map((c) => (typeof c === 'string' ? c : c.FieldName)) ??
        META.map((m) => m.FieldName);
      const Columns = wanted.map((name) => META.find((m) => m.FieldName === name)!);
      const Data = Array.from({ length: Math.min(3, request.pageSize ?? 35) }, (_, i) => ({ AutoID: i + 1 }));
      return {
        Data,
        Meta: {
          Count: 3,
          CountEstimated: false,
          PageIndex: request.pageIndex ?? 0,
          PageSize: request.pageSize ?? 35,
          Columns,
        },
      };
    }),
    userLayout: vi.fn(async (): Promise<UserLayout> => {
      calls.push('GetUserFlexGridLayout');
      return { ...LAYOUT, Permissions: PERMISSIONS };
    }),
    layout: vi.fn(async (id: number) => {
      calls.push(`getflexgridlayout ${id}`);
      return FILTERED;
    }),
    storage: storage(),
    log: () => {},
    ...overrides,
  };
  return { deps, calls, requests };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const headers = (store: { columns: readonly GridColumn[] }) =>
  store.columns.map((c) => `${c.FieldName}:${c.ColumnWidth}`);

describe('opening a grid', () => {
  it("fetches the user layout before the rows, and asks for the view's columns, page size and sort", async () => {
    const { deps, calls, requests } = fake();
    const { store, actions } = createGridController('costcodes', deps);
    await actions.init(undefined);
    expect(calls).toEqual(['GetUserFlexGridLayout', 'GetFlexData']);
    expect(requests[0]).toMatchObject({
      pageIndex: 0,
      pageSize: 20,
      order: 'Descr asc',
      flexGridLayoutColumns: [
        { FieldName: 'ID', ColumnWidth: 120, ColumnAlignment: 0 },
        { FieldName: 'Descr', ColumnWidth: 200, ColumnAlignment: 0 },
        { FieldName: 'Blocked', ColumnWidth: 60, ColumnAlignment: 0 },
      ],
    });
    expect(headers(store)).toEqual(['ID:120', 'Descr:200', 'Blocked:60']);
    expect(store.view).toEqual({ AutoID: 5, Name: 'default', LayoutType: 0, CanChange: true, FromDefinitions: true });
    expect(store.permissions).toEqual(PERMISSIONS);
    expect(store.modified).toBe(false);
  });

  it("without a view (the call failed) it still shows the rows with the server's columns", async () => {
    const { deps, calls, requests } = fake({
      userLayout: vi.fn(async () => {
        throw new Error('404');
      }),
    });
    const { store, actions } = createGridController('costcodes', deps);
    await actions.init(undefined);
    expect(calls).toEqual(['GetFlexData']);
    expect(requests[0].flexGridLayoutColumns).toBeUndefined();
    expect(store.columns.map((c) => c.FieldName)).toEqual(['ID', 'Descr', 'Budget', 'Blocked']);
    expect(store.view).toBeNull();
    expect(store.permissions).toEqual({ AllowChangeUserViews: false, AllowChangeSystemViews: false });
  });

  it('a pinned state brings back its view and filters when there are no URL parameters', async () => {
    const { deps, calls, requests } = fake();
    writePinned(deps.storage, 'costcodes', {
      search: 'kosten',
      dataSource: 1,
      order: 'ID desc',
      columnFilters: { Descr: 'a' },
      advancedFilters: [],
      layoutId: 12,
    });
    const { store, actions } = createGridController('costcodes', deps);
    await actions.init(undefined);
    // The quick filter needs the column types: one row tells them, then the page.
    expect(calls).toEqual(['GetUserFlexGridLayout', 'getflexgridlayout 12', 'GetFlexData', 'GetFlexData']);
    expect(store.view?.AutoID).toBe(12);
    expect(store.pinned).toBe(true);
    expect(requests.at(-1)).toMatchObject({
      searchExpressions: 'kosten',
      dataSource: 1,
      order: 'ID desc',
      columnFilter: { Descr: 'a' },
    });
    expect(requests.at(-1)!.flexGridLayoutColumns?.map((c) => (typeof c === 'string' ? c : c.FieldName))).toEqual([
      'ID',
      'Blocked',
      'Descr',
    ]);

    const again = fake({ storage: deps.storage });
    await createGridController('costcodes', again.deps).actions.init('?$dataset=2');
    // URL parameters win: the user's default view, no pinned filters.
    expect(again.calls).toEqual(['GetUserFlexGridLayout', 'GetFlexData']);
    expect(again.requests[0]).toMatchObject({ dataSource: 2 });
    expect(again.requests[0].searchExpressions).toBeUndefined();
  });

  it('pinning keeps the chosen view with the filters', async () => {
    const { deps } = fake();
    const { actions } = createGridController('costcodes', deps);
    await actions.init(undefined);
    actions.togglePin();
    expect(readPinned(deps.storage, 'costcodes')).toMatchObject({ layoutId: 5, order: 'Descr asc' });
    actions.switchView(FILTERED);
    expect(readPinned(deps.storage, 'costcodes')).toMatchObject({ layoutId: 12, columnFilters: { ID: 'K' } });
  });

  it("applies the view's own filters, learning the column types first", async () => {
    const { deps, requests } = fake({ userLayout: vi.fn(async () => ({ ...FILTERED, Permissions: PERMISSIONS })) });
    const { store, actions } = createGridController('costcodes', deps);
    await actions.init(undefined);
    expect(requests.at(-1)).toMatchObject({
      columnFilter: { ID: 'K' },
      operatorFilter: [{ FieldName: 'Blocked', Operator: '=', Value: true }],
    });
    expect(store.columnFilters).toEqual({ ID: 'K' });
    expect(store.filtered).toBe(false);
    // Without a description of the columns, one row tells their types first.
    expect(requests.map((r) => r.pageSize)).toEqual([1, 20]);
  });

  it('a layout that describes its columns needs no extra request for its filters', async () => {
    const described = { ...FILTERED, Permissions: PERMISSIONS, Meta: { Columns: META } };
    const { deps, requests } = fake({ userLayout: vi.fn(async () => described) });
    const { store, actions } = createGridController('costcodes', deps);
    await actions.init(undefined);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      columnFilter: { ID: 'K' },
      operatorFilter: [{ FieldName: 'Blocked', Operator: '=', Value: true }],
    });
    expect(store.columns.map((c) => c.Title)).toEqual(['Code', 'Geblokkeerd', 'Omschrijving']);
  });
});

describe('changing the working view', () => {
  it('a new page size marks the view modified and loads page 1 with it; the saved size unmarks it', async () => {
    const { deps, requests } = fake();
    const { store, actions } = createGridController('costcodes', deps);
    await actions.init(undefined);
    actions.setPageSize(50);
    await settle();
    expect(requests.at(-1)).toMatchObject({ pageIndex: 0, pageSize: 50 });
    expect(store.modified).toBe(true);
    expect(actions.layoutContent().PageSize).toBe(50);
    actions.setPageSize(20);
    expect(store.modified).toBe(false);
    const count = requests.length;
    actions.setPageSize(0);
    await settle();
    // Out of range: ignored.
    expect(requests).toHaveLength(count);
    expect(store.pageSize).toBe(20);
  });

  it('resize and reorder mark the view modified and fetch no rows', async () => {
    const { deps, requests } = fake();
    const { store, actions } = createGridController('costcodes', deps);
    await actions.init(undefined);
    const fetched = requests.length;

    actions.resizeColumn('ID', 160);
    expect(headers(store)).toEqual(['ID:160', 'Descr:200', 'Blocked:60']);
    expect(store.modified).toBe(true);
    actions.resizeColumn('ID', 120);
    expect(store.modified).toBe(false);
    actions.resizeColumn('Descr', -30);
    expect(headers(store)).toEqual(['ID:120', 'Descr:0', 'Blocked:60']);

    actions.moveColumn('Blocked', 'ID');
    expect(headers(store)).toEqual(['Blocked:60', 'ID:120', 'Descr:0']);
    expect(store.modified).toBe(true);
    await settle();
    expect(requests).toHaveLength(fetched);

    // The next page asked for carries the new widths and order.
    actions.refresh();
    await settle();
    expect(requests.at(-1)!.flexGridLayoutColumns).toEqual([
      { FieldName: 'Blocked', ColumnWidth: 60, ColumnAlignment: 0 },
      { FieldName: 'ID', ColumnWidth: 120, ColumnAlignment: 0 },
      { FieldName: 'Descr', ColumnWidth: 0, ColumnAlignment: 0 },
    ]);
    expect(actions.layoutContent().Columns.map((c) => [c.FieldName, c.ColumnWidth, c.Visible])).toEqual([
      ['Blocked', 60, true],
      ['ID', 120, true],
      ['Descr', 0, true],
      ['Budget', 90, false],
    ]);
  });

  it("the column chooser's diff changes the columns, drops filters of hidden ones and fetches page 1", async () => {
    const { deps, requests } = fake();
    const { store, actions } = createGridController('costcodes', deps);
    await actions.init(undefined);
    actions.setColumnFilter('Blocked', 'true', 0);
    await settle();
    actions.applyColumnDiff({
      Added: [{ FieldName: 'Budget', ColumnWidth: 150, ColumnAlignment: 2, Visible: true }],
      Deleted: [{ FieldName: 'Blocked', ColumnWidth: 60, ColumnAlignment: 0, Visible: false }],
      Updated: [],
    });
    await settle();
    expect(requests.at(-1)).toMatchObject({ pageIndex: 0 });
    expect(
      requests
        .at(-1)!
        .flexGridLayoutColumns?.map((c) => (typeof c === 'string' ? c : `${c.FieldName}:${c.ColumnWidth}`)),
    ).toEqual(['ID:120', 'Descr:200', 'Budget:150']);
    expect(requests.at(-1)!.columnFilter).toBeUndefined();
    expect(store.columnFilters).toEqual({});
    expect(headers(store)).toEqual(['ID:120', 'Descr:200', 'Budget:150']);
    expect(store.modified).toBe(true);
  });

  it("reset returns to the view's own filters, not to none, and keeps the sort", async () => {
    const { deps, requests } = fake({ userLayout: vi.fn(async () => ({ ...FILTERED, Permissions: PERMISSIONS })) });
    const { store, actions } = createGridController('costcodes', deps);
    await actions.init(undefined);
    actions.toggleSort(META[1]);
    actions.setColumnFilter('ID', 'Z', 0);
    actions.removeAdvancedFilter(store.advancedFilters[0].id);
    actions.searchNow('x');
    await settle();
    expect(store.filtered).toBe(true);
    expect(store.modified).toBe(true);

    actions.resetFilters();
    await settle();
    expect(store.columnFilters).toEqual({ ID: 'K' });
    expect(store.advancedFilters.map((f) => [f.FieldName, f.Operator, f.Value])).toEqual([['Blocked', '=', true]]);
    expect(store.search).toBe('');
    expect(store.order).toBe('Descr desc');
    expect(store.filtered).toBe(false);
    expect(requests.at(-1)).toMatchObject({
      order: 'Descr desc',
      columnFilter: { ID: 'K' },
      operatorFilter: [{ FieldName: 'Blocked', Operator: '=', Value: true }],
    });
  });

  it('switching views applies the chosen layout and reloads page 1; a save makes the working view the saved one', async () => {
    const { deps, requests } = fake();
    const { store, actions } = createGridController('costcodes', deps);
    await actions.init(undefined);
    actions.switchView(FILTERED);
    await settle();
    expect(store.view?.AutoID).toBe(12);
    expect(requests.at(-1)).toMatchObject({ pageIndex: 0, columnFilter: { ID: 'K' } });
    expect(headers(store)).toEqual(['ID:100', 'Blocked:60', 'Descr:200']);

    actions.resizeColumn('ID', 130);
    expect(store.modified).toBe(true);
    const content = actions.layoutContent();
    actions.viewSaved({ ...FILTERED, AutoID: 30, Name: 'Nieuw', Columns: content.Columns });
    expect(store.view).toMatchObject({ AutoID: 30, Name: 'Nieuw' });
    expect(store.modified).toBe(false);
  });

  it("deleting the current view in the manager falls back to the user's default", async () => {
    const { deps, calls } = fake();
    const { store, actions } = createGridController('costcodes', deps);
    await actions.init(undefined);
    actions.switchView(FILTERED);
    await actions.viewDeleted(99);
    expect(store.view?.AutoID).toBe(12);
    await actions.viewDeleted(12);
    expect(store.view?.AutoID).toBe(5);
    expect(calls.filter((c) => c === 'GetUserFlexGridLayout')).toHaveLength(2);
  });
});

describe('back and forward', () => {
  it('restores the view, columns, filters, sort, data source, search and page size without asking for the view again', async () => {
    const first = fake();
    const grid = createGridController('costcodes', first.deps);
    expect(grid.actions.capture()).toBeNull();
    await grid.actions.init(undefined);
    grid.actions.moveColumn('Descr', 'ID');
    grid.actions.resizeColumn('ID', 80);
    grid.actions.setDataSource(2);
    grid.actions.searchNow('kosten');
    grid.actions.setColumnFilter('Descr', 'abc', 0);
    grid.actions.toggleSort(META[0]);
    await settle();
    const kept = grid.actions.capture()!;
    grid.actions.dispose();

    const second = fake();
    const back = createGridController('costcodes', second.deps);
    await back.actions.init(undefined, kept);
    expect(second.calls).toEqual(['GetFlexData']);
    expect(second.requests[0]).toMatchObject({
      dataSource: 2,
      searchExpressions: 'kosten',
      order: 'ID asc',
      pageSize: 20,
      columnFilter: { Descr: 'abc' },
      flexGridLayoutColumns: [
        { FieldName: 'Descr', ColumnWidth: 200, ColumnAlignment: 0 },
        { FieldName: 'ID', ColumnWidth: 80, ColumnAlignment: 0 },
        { FieldName: 'Blocked', ColumnWidth: 60, ColumnAlignment: 0 },
      ],
    });
    expect(back.store.view?.AutoID).toBe(5);
    expect(back.store.permissions).toEqual(PERMISSIONS);
    expect(back.store.modified).toBe(true);
    expect(back.store.filtered).toBe(true);
    // Reset still knows the view it came from.
    back.actions.resetFilters();
    expect(back.store.columnFilters).toEqual({});
  });
});
