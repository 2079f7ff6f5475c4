// @vitest-environment jsdom
// List and choice columns in the grid, shown and filtered by what the user sees: a list column by
// the text of its referenced row or by picked rows (AutoIDs), a choice column by its options'
// labels (codes on the wire); and a saved view keeps such filters.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Layout, ListEntry } from '../../runtime/api/index.ts';
import { AdvancedFilters } from '../../runtime/grid/AdvancedFilters.tsx';
import { choiceCode, optionLabel } from '../../runtime/grid/choices.ts';
import {
  advancedFilterEntry,
  buildRequest,
  operatorsOf,
  quickFilterValue,
  valueEditor,
  valueFor,
} from '../../runtime/grid/filters.ts';
import { cellContent } from '../../runtime/grid/format.ts';
import { layoutContent, stateFromLayout } from '../../runtime/grid/layout.ts';
import type { Lookup } from '../../runtime/grid/RowPicker.tsx';
import type { AdvancedFilter, GridColumn } from '../../runtime/grid/types.ts';

const CATEGORY: GridColumn = {
  FieldName: 'CostCategory',
  Title: 'Kostensoort',
  FieldType: 'list',
  AdvancedFilterType: 'list',
  ListMethod: 'mvc/_lists/costcategories',
  IsSortable: true,
};
const GENDER: GridColumn = {
  FieldName: 'Gender',
  Title: 'Geslacht',
  FieldType: 'select',
  AdvancedFilterType: 'choice',
  IsSortable: true,
  Options: [
    { Value: '1', Label: 'Man' },
    { Value: '2', Label: 'Vrouw' },
    { Value: '3', Label: 'Onbekend' },
  ],
};
const BUDGET: GridColumn = { FieldName: 'Budget', Title: 'Budget', FieldType: 'decimal', AdvancedFilterType: 'number' };
const COLUMNS = [CATEGORY, GENDER, BUDGET];
const filter = (FieldName: string, Operator: string, Value: AdvancedFilter['Value'], id = 1): AdvancedFilter => ({
  id,
  FieldName,
  Operator,
  Value,
});

describe('what list and choice cells show', () => {
  it("a choice cell shows its option's label; a code without an option shows as it is", () => {
    expect(cellContent(GENDER, { Gender: '2' }, 'nl')).toEqual({ kind: 'text', text: 'Vrouw' });
    expect(cellContent(GENDER, { Gender: '9' }, 'nl')).toEqual({ kind: 'text', text: '9' });
    expect(cellContent(GENDER, { Gender: null }, 'nl')).toEqual({ kind: 'text', text: '' });
    expect(cellContent(CATEGORY, { CostCategory: 4, CostCategory_Descr: 'Personeel' }, 'nl')).toEqual({
      kind: 'text',
      text: 'Personeel',
    });
    expect(optionLabel({ ...GENDER, Options: undefined }, '1')).toBe('1');
  });

  it('a choice text is a code or a label in any case', () => {
    expect(choiceCode(GENDER, '3')).toBe('3');
    expect(choiceCode(GENDER, ' vrouw ')).toBe('2');
    expect(choiceCode(GENDER, 'Vr')).toBeUndefined();
  });
});

describe('quick filters', () => {
  it('a list column sends the text it shows, a choice column its code', () => {
    expect(quickFilterValue(CATEGORY, ' Pers ')).toBe('Pers');
    expect(quickFilterValue(GENDER, 'Man')).toBe('1');
    expect(quickFilterValue(GENDER, '2')).toBe('2');
    expect(quickFilterValue(GENDER, 'iemand')).toBeUndefined();
    const request = buildRequest(
      {
        search: '',
        dataSource: 0,
        order: '',
        columnFilters: { CostCategory: 'pers', Gender: 'onbekend' },
        advancedFilters: [],
      },
      COLUMNS,
      0,
      35,
    );
    expect(request.columnFilter).toEqual({ CostCategory: 'pers', Gender: '3' });
  });
});

describe('advanced filters', () => {
  it('offers text, picked rows and no ordering on a list column; options on a choice column', () => {
    expect(operatorsOf(CATEGORY)).toEqual(['contains', 'notcontains', 'in', '=', '!=', 'empty']);
    expect(operatorsOf(GENDER)).toEqual(['=', '!=', 'in', 'empty']);
    expect(operatorsOf(CATEGORY)).not.toContain('>');
    expect([
      valueEditor(CATEGORY, 'contains'),
      valueEditor(CATEGORY, 'in'),
      valueEditor(CATEGORY, '='),
      valueEditor(CATEGORY, 'empty'),
    ]).toEqual(['text', 'rows', 'row', 'none']);
    expect([valueEditor(GENDER, '='), valueEditor(GENDER, 'in')]).toEqual(['option', 'options']);
  });

  it('keeps a value while its editor stays the same, and starts blank when it changes', () => {
    expect(valueFor(CATEGORY, 'in')).toEqual([]);
    expect(valueFor(CATEGORY, 'notcontains', filter('CostCategory', 'contains', 'pers'))).toBe('pers');
    expect(valueFor(CATEGORY, 'in', filter('CostCategory', 'contains', 'pers'))).toEqual([]);
    expect(valueFor(CATEGORY, '=', filter('CostCategory', 'contains', 'pers'))).toBe('');
    expect(valueFor(GENDER, '!=', filter('Gender', '=', '2'))).toBe('2');
  });

  it('sends what the column can read: text, AutoIDs, codes; nothing while incomplete', () => {
    const entry = (f: AdvancedFilter) => advancedFilterEntry(f, COLUMNS);
    expect(entry(filter('CostCategory', 'contains', ' pers '))).toEqual({
      FieldName: 'CostCategory',
      Operator: 'contains',
      Value: 'pers',
    });
    expect(entry(filter('CostCategory', 'in', [4, '7', 4, 'x', 0]))).toEqual({
      FieldName: 'CostCategory',
      Operator: 'in',
      Value: [4, 7],
    });
    expect(entry(filter('CostCategory', 'in', []))).toBeNull();
    expect(entry(filter('CostCategory', '=', '12'))).toEqual({ FieldName: 'CostCategory', Operator: '=', Value: 12 });
    expect(entry(filter('CostCategory', '=', 'pers'))).toBeNull();
    expect(entry(filter('CostCategory', '>', '3'))).toBeNull();
    expect(entry(filter('Gender', '!=', '3'))).toEqual({ FieldName: 'Gender', Operator: '!=', Value: '3' });
    expect(entry(filter('Gender', 'in', ['1', '9', '2']))).toEqual({
      FieldName: 'Gender',
      Operator: 'in',
      Value: ['1', '2'],
    });
    expect(entry(filter('Gender', '=', ''))).toBeNull();
    expect(entry(filter('Gender', 'contains', 'Ma'))).toBeNull();
    expect(entry(filter('Budget', '>', '10'))).toEqual({ FieldName: 'Budget', Operator: '>', Value: '10' });
  });
});

describe('a saved view with list and choice filters', () => {
  const view: Layout = {
    AutoID: 3,
    Name: 'Personeel',
    LayoutType: 1,
    ControlName: 'costcodes',
    PageSize: 35,
    Sort: '',
    DefaultLayout: false,
    CreateDate: '2024-05-01T10:00:00Z',
    SecurityGroupID: null,
    SecurityGroup: null,
    Owner: 'jan',
    FromDefinitions: false,
    CanChange: true,
    Columns: [
      {
        FieldName: 'CostCategory',
        ColumnWidth: 150,
        ColumnAlignment: 0,
        Visible: true,
        Search: 'pers',
        AdvancedFilters: [{ Operator: 'in', Value: [4, 7] }],
      },
      {
        FieldName: 'Gender',
        ColumnWidth: 100,
        ColumnAlignment: 0,
        Visible: true,
        Search: '2',
        AdvancedFilters: [{ Operator: 'in', Value: ['1', '3'] }],
      },
    ],
  };

  it('restores the quick filters and picked values, sends them, and saves them back unchanged', () => {
    const working = stateFromLayout(view);
    expect(working.columnFilters).toEqual({ CostCategory: 'pers', Gender: '2' });
    expect(working.advancedFilters.map((f) => [f.FieldName, f.Operator, f.Value])).toEqual([
      ['CostCategory', 'in', [4, 7]],
      ['Gender', 'in', ['1', '3']],
    ]);
    const request = buildRequest(
      {
        search: '',
        dataSource: 0,
        order: '',
        columnFilters: working.columnFilters,
        advancedFilters: working.advancedFilters,
      },
      COLUMNS,
      0,
      35,
    );
    expect(request.operatorFilter).toEqual([
      { FieldName: 'CostCategory', Operator: 'in', Value: [4, 7] },
      { FieldName: 'Gender', Operator: 'in', Value: ['1', '3'] },
    ]);
    for (const meta of [COLUMNS, undefined]) {
      expect(layoutContent(working, meta).Columns.map((c) => [c.Search, c.AdvancedFilters])).toEqual([
        ['pers', [{ Operator: 'in', Value: [4, 7] }]],
        ['2', [{ Operator: 'in', Value: ['1', '3'] }]],
      ]);
    }
  });
});

describe('the filter panel', () => {
  beforeAll(() => {
    i18n.loadAndActivate({ locale: 'nl', messages: {} });
  });
  afterEach(cleanup);

  const ENTRIES: ListEntry[] = [
    { AutoID: 4, ID: 'PERS', Descr: 'Personeel', Archive: false },
    { AutoID: 7, ID: 'MAT', Descr: 'Materiaal', Archive: false },
  ];
  function fakeLookup(): Lookup & { list: ReturnType<typeof vi.fn>; single: ReturnType<typeof vi.fn> } {
    return {
      list: vi.fn(async (_method: string, request: { searchKey?: string }) => ({
        Data: ENTRIES.filter((e) => e.Descr.toLowerCase().includes((request.searchKey ?? '').toLowerCase())),
        Meta: { HasMore: false },
      })),
      single: vi.fn(async (_method: string, AutoID: number) => ENTRIES.find((e) => e.AutoID === AutoID)!),
    } as never;
  }
  /** The panel over a working filter list, as the grid's controller keeps it. */
  function Panel({
    start,
    lookup,
    seen,
  }: {
    start: AdvancedFilter[];
    lookup: Lookup;
    seen: (filters: AdvancedFilter[]) => void;
  }) {
    const [filters, setFilters] = useState(start);
    const update = (next: AdvancedFilter[]) => {
      setFilters(next);
      seen(next);
    };
    return (
      <AdvancedFilters
        columns={COLUMNS}
        filters={filters}
        lookup={lookup}
        onAdd={(column, Operator) =>
          update([
            ...filters,
            { id: filters.length + 1, FieldName: column?.FieldName ?? '', Operator, Value: valueFor(column, Operator) },
          ])
        }
        onChange={(id, patch) => update(filters.map((f) => (f.id === id ? { ...f, ...patch } : f)))}
        onRemove={(id) => update(filters.filter((f) => f.id !== id))}
      />
    );
  }
  const show = (start: AdvancedFilter[], lookup: Lookup = fakeLookup()) => {
    const seen = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <Panel start={start} lookup={lookup} seen={seen} />
      </I18nProvider>,
    );
    return { seen, last: () => seen.mock.calls.at(-1)?.[0] as AdvancedFilter[] };
  };

  it('a list column offers bevat, is een van and is by name; is een van picks rows of its lookup by their text', async () => {
    const lookup = fakeLookup();
    const { last } = show([filter('CostCategory', 'contains', '')], lookup);
    const operator = screen.getByRole('combobox', { name: 'Operator' });
    expect(
      within(operator)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['bevat', 'bevat niet', 'is een van', 'is', 'is niet', 'is leeg']);
    fireEvent.change(operator, { target: { value: 'in' } });
    expect(last()[0]).toMatchObject({ Operator: 'in', Value: [] });

    const search = screen.getByRole('combobox', { name: 'Waarde' });
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: 'pers' } });
    const option = await screen.findByRole('option', { name: 'Personeel' });
    expect(lookup.list).toHaveBeenLastCalledWith('mvc/_lists/costcategories', { searchKey: 'pers', page: 0 });
    fireEvent.mouseDown(option);
    expect(last()[0].Value).toEqual([4]);
    fireEvent.change(search, { target: { value: '' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: 'Materiaal' }));
    expect(last()[0].Value).toEqual([4, 7]);
    // The picked rows show by their text; each can be taken off again.
    fireEvent.click(screen.getByRole('button', { name: 'Personeel verwijderen' }));
    expect(last()[0].Value).toEqual([7]);
    expect(lookup.single).not.toHaveBeenCalled();
  });

  it('picks from the keyboard, and a restored filter asks the texts of its rows', async () => {
    const lookup = fakeLookup();
    const { last } = show([filter('CostCategory', 'in', [7])], lookup);
    expect(await screen.findByText('Materiaal')).toBeTruthy();
    expect(lookup.single).toHaveBeenCalledWith('mvc/_lists/costcategories/single', 7);
    const search = screen.getByRole('combobox', { name: 'Waarde' });
    fireEvent.focus(search);
    await screen.findByRole('option', { name: 'Personeel' });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(last()[0].Value).toEqual([7, 4]);
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a choice column offers is, is niet and is een van by label', () => {
    const { last } = show([filter('Gender', '=', '')]);
    const operator = screen.getByRole('combobox', { name: 'Operator' });
    expect(
      within(operator)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['is', 'is niet', 'is een van', 'is leeg']);
    const value = screen.getByRole('combobox', { name: 'Waarde' });
    expect(
      within(value)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['', 'Man', 'Vrouw', 'Onbekend']);
    fireEvent.change(value, { target: { value: '2' } });
    expect(last()[0].Value).toBe('2');
    fireEvent.change(operator, { target: { value: 'in' } });
    const group = screen.getByRole('group', { name: 'Waarde' });
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Man' }));
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Onbekend' }));
    expect(last()[0]).toMatchObject({ Operator: 'in', Value: ['1', '3'] });
  });

  it('a new filter on a list column starts with bevat', async () => {
    const { last } = show([]);
    fireEvent.click(screen.getByRole('button', { name: 'Filter toevoegen' }));
    await waitFor(() =>
      expect(last()).toEqual([{ id: 1, FieldName: 'CostCategory', Operator: 'contains', Value: '' }]),
    );
  });
});
