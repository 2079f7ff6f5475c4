// Saved views in the grid: a layout becomes the working view and back, the column chooser's diff
// (spec 1 section 4 "Column chooser save"), resize and reorder, who may change which view (spec 1
// section 6) and the name check that mirrors the server's.
import { describe, expect, it } from 'vitest';
import { NEW_COLUMN_WIDTH, cleanLayoutName } from '../../definitions/language/index.ts';
import type { Layout, LayoutType, ViewPermissions } from '../../runtime/api/index.ts';
import {
  applyColumnDiff,
  chooserDiff,
  clampWidth,
  columnSetKey,
  displayColumns,
  isStandardView,
  layoutContent,
  moveColumn,
  requestColumns,
  resizeColumn,
  stateFromLayout,
  viewFilters,
} from '../../runtime/grid/layout.ts';
import type { GridColumn, ViewColumn } from '../../runtime/grid/types.ts';
import {
  canDeleteView,
  canSaveView,
  canSaveViewAs,
  canSetDefault,
  layoutNameProblem,
  permittedTypes,
  showViewSettings,
  takenNames,
} from '../../runtime/grid/viewRules.ts';

const layout = (extra: Partial<Layout> = {}): Layout => ({
  AutoID: 9,
  Name: 'Inkoop',
  LayoutType: 1,
  ControlName: 'costcodes',
  PageSize: 50,
  Sort: 'Descr desc',
  DefaultLayout: false,
  CreateDate: '2024-05-01T10:00:00Z',
  SecurityGroupID: null,
  SecurityGroup: null,
  Owner: 'jan',
  FromDefinitions: false,
  CanChange: true,
  Columns: [
    { FieldName: 'ID', ColumnWidth: 120, ColumnAlignment: 0, Visible: true, Search: 'K', AdvancedFilters: [] },
    {
      FieldName: 'Budget',
      ColumnWidth: 90,
      ColumnAlignment: 2,
      Visible: true,
      Search: '',
      AdvancedFilters: [
        { Operator: '>', Value: 10 },
        { Operator: 'empty', Value: null },
      ],
    },
    {
      FieldName: 'Secret',
      ColumnWidth: 100,
      ColumnAlignment: 0,
      Visible: false,
      Search: 'x',
      AdvancedFilters: [{ Operator: '=', Value: 'y' }],
    },
    {
      FieldName: 'Blocked',
      ColumnWidth: 60,
      ColumnAlignment: 1,
      Visible: true,
      Search: '',
      AdvancedFilters: [{ Operator: '=', Value: true }],
    },
  ],
  ...extra,
});
const col = (FieldName: string, ColumnWidth = 100, ColumnAlignment: 0 | 1 | 2 = 0, Visible = true): ViewColumn => ({
  FieldName,
  ColumnWidth,
  ColumnAlignment,
  Visible,
});
const meta: GridColumn[] = [
  { FieldName: 'ID', Title: 'Code', AdvancedFilterType: 'text', IsSortable: true },
  { FieldName: 'Budget', Title: 'Budget', AdvancedFilterType: 'number', FieldType: 'decimal', IsSortable: true },
  { FieldName: 'Blocked', Title: 'Geblokkeerd', AdvancedFilterType: 'bool', FieldType: 'bool' },
];

describe('a layout in the grid', () => {
  it('shows the visible columns in layout order with their width and alignment, and hides the others', () => {
    const view = stateFromLayout(layout());
    expect(view.viewColumns.map((c) => [c.FieldName, c.Visible])).toEqual([
      ['ID', true],
      ['Budget', true],
      ['Secret', false],
      ['Blocked', true],
    ]);
    expect(
      displayColumns(view.viewColumns, meta).map((c) => [c.FieldName, c.Title, c.ColumnWidth, c.ColumnAlignment]),
    ).toEqual([
      ['ID', 'Code', 120, 0],
      ['Budget', 'Budget', 90, 2],
      ['Blocked', 'Geblokkeerd', 60, 1],
    ]);
    expect(requestColumns(view.viewColumns)).toEqual([
      { FieldName: 'ID', ColumnWidth: 120, ColumnAlignment: 0 },
      { FieldName: 'Budget', ColumnWidth: 90, ColumnAlignment: 2 },
      { FieldName: 'Blocked', ColumnWidth: 60, ColumnAlignment: 1 },
    ]);
  });

  it('takes the sort as the order, the page size, and the filters of the visible columns', () => {
    const view = stateFromLayout(layout(), 7);
    expect(view.order).toBe('Descr desc');
    expect(view.pageSize).toBe(50);
    expect(view.columnFilters).toEqual({ ID: 'K' });
    expect(view.advancedFilters).toEqual([
      { id: 7, FieldName: 'Budget', Operator: '>', Value: '10' },
      { id: 8, FieldName: 'Budget', Operator: 'empty', Value: '' },
      { id: 9, FieldName: 'Blocked', Operator: '=', Value: true },
    ]);
  });

  it('keeps the standard page size when the layout has none', () => {
    expect(stateFromLayout(layout({ PageSize: 0 })).pageSize).toBe(35);
  });

  it('the view filters of the columns now visible are the reset target', () => {
    const columns = [col('ID', 100, 0, false), col('Budget'), col('Secret')];
    expect(viewFilters(layout(), columns, 1)).toEqual({
      columnFilters: { Secret: 'x' },
      advancedFilters: [
        { id: 1, FieldName: 'Budget', Operator: '>', Value: '10' },
        { id: 2, FieldName: 'Budget', Operator: 'empty', Value: '' },
        { id: 3, FieldName: 'Secret', Operator: '=', Value: 'y' },
      ],
    });
    expect(viewFilters(null, columns)).toEqual({ columnFilters: {}, advancedFilters: [] });
  });

  it('round-trips: layout to working view to layout gives the same content', () => {
    const source = layout();
    const content = layoutContent(stateFromLayout(source));
    // The hidden column keeps its place; its filters filter nothing, so they are not kept.
    expect(content).toEqual({
      PageSize: 50,
      Sort: 'Descr desc',
      Columns: [
        source.Columns[0],
        {
          ...source.Columns[1],
          AdvancedFilters: [
            { Operator: '>', Value: '10' },
            { Operator: 'empty', Value: null },
          ],
        },
        { ...source.Columns[2], Search: '', AdvancedFilters: [] },
        source.Columns[3],
      ],
    });
    const again = { ...source, Columns: content.Columns, PageSize: content.PageSize, Sort: content.Sort };
    expect(layoutContent(stateFromLayout(again))).toEqual(content);
  });

  it('saves the grid state: widths, order, sort, page size, quick and advanced filters', () => {
    const view = {
      viewColumns: [col('Budget', 80, 2), col('ID', 140), col('Blocked', 50, 1, false)],
      order: 'ID asc',
      pageSize: 100,
      columnFilters: { ID: ' k2 ', Budget: '' },
      advancedFilters: [
        { id: 1, FieldName: 'Budget', Operator: '<=', Value: '500' },
        { id: 2, FieldName: 'ID', Operator: 'contains', Value: '' },
        { id: 3, FieldName: 'Blocked', Operator: '=', Value: true },
      ],
    };
    expect(layoutContent(view)).toEqual({
      PageSize: 100,
      Sort: 'ID asc',
      Columns: [
        {
          FieldName: 'Budget',
          ColumnWidth: 80,
          ColumnAlignment: 2,
          Visible: true,
          Search: '',
          AdvancedFilters: [{ Operator: '<=', Value: '500' }],
        },
        { FieldName: 'ID', ColumnWidth: 140, ColumnAlignment: 0, Visible: true, Search: 'k2', AdvancedFilters: [] },
        { FieldName: 'Blocked', ColumnWidth: 50, ColumnAlignment: 1, Visible: false, Search: '', AdvancedFilters: [] },
      ],
    });
  });

  it('with the column types, leaves out filters the server could not read', () => {
    const view = {
      viewColumns: [col('ID'), col('Budget')],
      order: '',
      pageSize: 35,
      columnFilters: { Budget: 'abc', ID: 'x' },
      advancedFilters: [
        { id: 1, FieldName: 'Budget', Operator: '>', Value: 'veel' },
        { id: 2, FieldName: 'Budget', Operator: 'contains', Value: '3' },
      ],
    };
    const content = layoutContent(view, meta);
    expect(content.Columns.map((c) => [c.FieldName, c.Search, c.AdvancedFilters])).toEqual([
      ['ID', 'x', []],
      ['Budget', '', []],
    ]);
  });

  it('tells the standard view by its name', () => {
    expect(isStandardView('default')).toBe(true);
    expect(isStandardView(null)).toBe(true);
    expect(isStandardView('Inkoop')).toBe(false);
  });
});

describe('resize and reorder', () => {
  const columns = [col('A'), col('B', 100, 0, false), col('C'), col('D')];
  it('a width never goes below 0 and stays a whole number within the server limit', () => {
    expect(resizeColumn(columns, 'C', -40).find((c) => c.FieldName === 'C')?.ColumnWidth).toBe(0);
    expect(resizeColumn(columns, 'C', 181.6).find((c) => c.FieldName === 'C')?.ColumnWidth).toBe(182);
    expect(clampWidth(5000)).toBe(2000);
    expect(clampWidth(Number.NaN)).toBe(0);
  });
  it('moves a column onto another: after it when moved right, before it when moved left', () => {
    expect(moveColumn(columns, 'A', 'C').map((c) => c.FieldName)).toEqual(['B', 'C', 'A', 'D']);
    expect(moveColumn(columns, 'D', 'A').map((c) => c.FieldName)).toEqual(['D', 'A', 'B', 'C']);
    expect(moveColumn(columns, 'A', 'nope').map((c) => c.FieldName)).toEqual(['A', 'B', 'C', 'D']);
  });
  it('neither changes the set of columns the rows hold', () => {
    const key = columnSetKey(columns);
    expect(columnSetKey(moveColumn(columns, 'A', 'D'))).toBe(key);
    expect(columnSetKey(resizeColumn(columns, 'A', 10))).toBe(key);
    expect(columnSetKey(columns)).toBe('a,c,d');
  });
});

describe('column chooser', () => {
  const before = [col('ID', 120, 0), col('Descr', 200, 0), col('Budget', 90, 2), col('Hidden', 70, 0, false)];
  const choice = [
    { FieldName: 'ID', selected: true, ColumnAlignment: 0 as const },
    { FieldName: 'Descr', selected: true, ColumnAlignment: 1 as const },
    { FieldName: 'Budget', selected: false, ColumnAlignment: 0 as const },
    { FieldName: 'Hidden', selected: true, ColumnAlignment: 2 as const },
    { FieldName: 'New', selected: true, ColumnAlignment: 0 as const },
    { FieldName: 'Other', selected: false, ColumnAlignment: 1 as const },
  ];

  it('Added: newly ticked columns, visible with width 150; Deleted: unticked; Updated: alignment changes only', () => {
    expect(NEW_COLUMN_WIDTH).toBe(150);
    expect(chooserDiff(before, choice)).toEqual({
      Added: [
        { FieldName: 'Hidden', ColumnWidth: 150, ColumnAlignment: 2, Visible: true },
        { FieldName: 'New', ColumnWidth: 150, ColumnAlignment: 0, Visible: true },
      ],
      Deleted: [{ FieldName: 'Budget', ColumnWidth: 90, ColumnAlignment: 2, Visible: false }],
      Updated: [{ FieldName: 'Descr', ColumnWidth: 200, ColumnAlignment: 1, Visible: true }],
    });
  });

  it('an unchanged choice is an empty diff', () => {
    const same = before.map((c) => ({
      FieldName: c.FieldName,
      selected: c.Visible,
      ColumnAlignment: c.ColumnAlignment,
    }));
    expect(chooserDiff(before, same)).toEqual({ Added: [], Deleted: [], Updated: [] });
  });

  it('applying the diff appends added columns at the end and keeps deleted ones hidden in place', () => {
    const after = applyColumnDiff(before, chooserDiff(before, choice));
    expect(after).toEqual([
      col('ID', 120, 0),
      col('Descr', 200, 1),
      col('Budget', 90, 2, false),
      col('Hidden', 150, 2),
      col('New', 150, 0),
    ]);
    expect(
      displayColumns(after, [{ FieldName: 'Descr' }, { FieldName: 'Budget' }, { FieldName: 'New' }]).map(
        (c) => c.FieldName,
      ),
    ).toEqual(['Descr', 'New']);
  });
});

describe('view permissions', () => {
  const perms = (user: boolean, system: boolean): ViewPermissions => ({
    AllowChangeUserViews: user,
    AllowChangeSystemViews: system,
  });
  const view = (LayoutType: LayoutType, extra: Partial<Layout> = {}) => ({
    LayoutType,
    CanChange: true,
    FromDefinitions: false,
    ...extra,
  });
  const all = [
    [false, false],
    [true, false],
    [false, true],
    [true, true],
  ] as const;

  it('settings show, and save-as is allowed, with either permission', () => {
    expect(all.map(([u, s]) => showViewSettings(perms(u, s)))).toEqual([false, true, true, true]);
    expect(all.map(([u, s]) => canSaveViewAs(perms(u, s)))).toEqual([false, true, true, true]);
  });

  it('saving a system view needs AllowChangeSystemViews, a user view AllowChangeUserViews', () => {
    expect(all.map(([u, s]) => canSaveView(perms(u, s), view(0)))).toEqual([false, false, true, true]);
    expect(all.map(([u, s]) => canSaveView(perms(u, s), view(1)))).toEqual([false, true, false, true]);
  });

  it("the server's CanChange and views from the definitions can forbid saving over a view", () => {
    expect(canSaveView(perms(true, true), view(1, { CanChange: false }))).toBe(false);
    expect(canSaveView(perms(true, true), view(0, { FromDefinitions: true }))).toBe(false);
    expect(canSaveView(perms(true, true), null)).toBe(false);
  });

  it('set as default and delete in the manager follow the same rule; a view from the definitions can only be made default', () => {
    for (const type of [0, 1] as const) {
      expect(all.map(([u, s]) => canSetDefault(perms(u, s), view(type)))).toEqual(
        type === 0 ? [false, false, true, true] : [false, true, false, true],
      );
      expect(all.map(([u, s]) => canDeleteView(perms(u, s), view(type)))).toEqual(
        type === 0 ? [false, false, true, true] : [false, true, false, true],
      );
    }
    expect(canSetDefault(perms(true, true), view(0, { CanChange: false }))).toBe(false);
    expect(canSetDefault(perms(true, true), view(0, { FromDefinitions: true }))).toBe(true);
    expect(canDeleteView(perms(true, true), view(0, { FromDefinitions: true }))).toBe(false);
  });

  it('the save dialog offers only permitted types, the personal (user) view first', () => {
    expect(all.map(([u, s]) => permittedTypes(perms(u, s)))).toEqual([[], [1], [0], [1, 0]]);
  });
});

describe('view name', () => {
  const listed = [
    { Name: 'default', LayoutType: 0 as const },
    { Name: 'Inkoop', LayoutType: 0 as const },
    { Name: 'Mijn', LayoutType: 1 as const },
  ];
  it('is required, at most 50 characters, letters, digits, spaces and - _ . ( ) & /', () => {
    expect(layoutNameProblem('', [])).toBe('required');
    expect(layoutNameProblem('   ', [])).toBe('required');
    expect(layoutNameProblem('a'.repeat(50), [])).toBeNull();
    expect(layoutNameProblem('a'.repeat(51), [])).toBe('too_long');
    // Counted after trimming and collapsing the spaces.
    expect(layoutNameProblem(`  ${'a'.repeat(25)}    ${'b'.repeat(24)}  `, [])).toBeNull();
    expect(layoutNameProblem('Mijn open orders', [])).toBeNull();
    expect(layoutNameProblem('Inkoop-2024 (A&B) / week_1.2', [])).toBeNull();
    expect(layoutNameProblem('Überzicht 2024', [])).toBeNull();
    for (const bad of ['Orders!', 'a<b', 'x;y', "Piet's", '50%', 'a\u0000b'])
      expect(layoutNameProblem(bad, [])).toBe('characters');
  });
  it('is stored trimmed with one space between words', () => {
    expect(cleanLayoutName('  Mijn   open\torders ')).toBe('Mijn open orders');
  });
  it('is unique, ignoring case, among the views listed for the chosen scope', () => {
    // A user view differs from every view its owner sees; a system view from the other system and role views.
    expect(takenNames(listed, 1)).toEqual(['default', 'Inkoop', 'Mijn']);
    expect(takenNames(listed, 0)).toEqual(['default', 'Inkoop']);
    expect(layoutNameProblem('inkoop', takenNames(listed, 1))).toBe('taken');
    expect(layoutNameProblem('MIJN', takenNames(listed, 1))).toBe('taken');
    expect(layoutNameProblem('MIJN', takenNames(listed, 0))).toBeNull();
    expect(layoutNameProblem('  mijn  open ', ['Mijn open'])).toBe('taken');
  });
});
