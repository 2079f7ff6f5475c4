// @vitest-environment jsdom
// FlexGrid against a mocked GetFlexData: headers and cells from Meta.Columns, the count, the
// empty state, live search and the retrieval error, as a user sees them.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlexGrid, type FlexGridProps } from '../../runtime/grid/index.ts';

// The unit project does not run the lingui babel macro; this stand-in renders the Dutch source text.
vi.mock('@lingui/react/macro', () => {
  const t = (first: unknown, ...values: unknown[]) => {
    if (Array.isArray(first)) return first.reduce((text: string, part: string, i: number) => text + part + (i < values.length ? String(values[i]) : ''), '');
    if (first && typeof first === 'object') return (first as { message?: string; id: string }).message ?? (first as { id: string }).id;
    return String(first);
  };
  return { useLingui: () => ({ t, i18n: { locale: 'nl' } }), Trans: ({ children }: { children: unknown }) => children };
});

const COLUMNS = [
  { FieldName: 'ID', Title: 'Code', ColumnType: 0, ColumnAlignment: 0, ColumnWidth: 120, FieldType: 'text', IsSortable: true, Search: true, AdvancedFilterType: 'text' },
  { FieldName: 'Descr', Title: 'Omschrijving', ColumnType: 0, ColumnAlignment: 0, ColumnWidth: 200, FieldType: 'text', IsSortable: true, Search: true, AdvancedFilterType: 'text' },
  { FieldName: 'CostCategory', Title: 'Kostensoort', ColumnType: 0, ColumnAlignment: 0, ColumnWidth: 150, FieldType: 'list', IsSortable: true, Search: false, AdvancedFilterType: 'number' },
  { FieldName: 'Budget', Title: 'Budget', ColumnType: 0, ColumnAlignment: 2, ColumnWidth: 100, FieldType: 'decimal', IsSortable: true, Search: false, AdvancedFilterType: 'number' },
  { FieldName: 'ValidFrom', Title: 'Geldig vanaf', ColumnType: 0, ColumnAlignment: 0, ColumnWidth: 110, Format: 5, FieldType: 'date', IsSortable: true, Search: false, AdvancedFilterType: 'date' },
  { FieldName: 'Blocked', Title: 'Geblokkeerd', ColumnType: 0, ColumnAlignment: 0, ColumnWidth: 90, FieldType: 'bool', IsSortable: true, Search: false, AdvancedFilterType: 'bool' },
];
const ROWS = [
  { AutoID: 11, ID: 'K1', Descr: 'Kosten een', CostCategory: 1, CostCategory_Descr: 'Categorie 1', Budget: 1234.5, ValidFrom: '2024-03-05', Blocked: true },
  { AutoID: 12, ID: 'K2', Descr: 'Kosten twee', CostCategory: null, CostCategory_Descr: null, Budget: null, ValidFrom: null, Blocked: false },
];

let requests: Record<string, unknown>[];
let failNext = false;

beforeEach(() => {
  requests = [];
  failNext = false;
  sessionStorage.clear();
  i18n.loadAndActivate({ locale: 'nl', messages: {} });
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    requests.push({ url, ...body });
    if (failNext) {
      failNext = false;
      return new Response(JSON.stringify({ Error: 'boom', ModelState: {}, TranslationModelState: { ModelState: {} } }), { status: 500 });
    }
    const data = body.searchExpressions ? [] : ROWS;
    return new Response(JSON.stringify({
      Data: data, Meta: { Count: data.length, CountEstimated: false, PageIndex: 0, PageSize: body.pageSize, Columns: COLUMNS },
    }), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); vi.restoreAllMocks(); });

function show(props: Partial<FlexGridProps> = {}) {
  return render(createElement(I18nProvider, { i18n }, createElement(FlexGrid, { control: 'costcodes', ...props })));
}

describe('FlexGrid', () => {
  it('draws the headers and rows the server describes', async () => {
    const clicked: unknown[] = [];
    show({ onRowClick: (row) => clicked.push(row.AutoID), dataSourceSwitch: true });
    const grid = await screen.findByRole('grid');
    await waitFor(() => expect(grid.querySelector('[data-autoid="11"]')).not.toBeNull());

    expect(requests[0]).toMatchObject({ url: '/mvc/costcodes/GetFlexData', dataSource: 0, pageIndex: 0, pageSize: 35 });
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Code', 'Omschrijving', 'Kostensoort', 'Budget', 'Geldig vanaf', 'Geblokkeerd']);
    expect(headers[0].getAttribute('aria-sort')).toBe('none');
    expect(headers[0].style.width).toBe('120px');

    const first = grid.querySelector<HTMLElement>('[data-autoid="11"]')!;
    const cells = within(first).getAllByRole('gridcell').map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['K1', 'Kosten een', 'Categorie 1', '1.234,5', '5-3-2024']);
    expect(within(first).getByRole('checkbox')).toHaveProperty('checked', true);
    expect(grid.querySelector('[data-autoid="12"]')).not.toBeNull();
    expect(screen.getByRole('status', { name: '' }).textContent ?? '').toMatch(/^2 resultaten \(\d,\d\d s\)$/);
    expect(screen.getByLabelText('Gegevensbron')).toBeTruthy();
    expect(screen.queryByText('No results')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Meer laden' })).toBeNull();

    fireEvent.click(first);
    expect(clicked).toEqual([11]);

    fireEvent.click(within(headers[1]).getByRole('button'));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ order: 'Descr asc', pageIndex: 0 }));
    expect(within(grid).getAllByRole('columnheader')[1].getAttribute('aria-sort')).toBe('ascending');
  });

  it("shows 'No results' when the search finds nothing", async () => {
    show();
    const grid = await screen.findByRole('grid');
    await waitFor(() => expect(grid.querySelector('[data-autoid="11"]')).not.toBeNull());
    fireEvent.change(screen.getByLabelText('Zoeken'), { target: { value: 'niets' } });
    await waitFor(() => expect(screen.getByText('No results')).toBeTruthy(), { timeout: 2000 });
    expect(requests.at(-1)).toMatchObject({ searchExpressions: 'niets', pageIndex: 0 });
    expect(grid.querySelector('[data-autoid]')).toBeNull();
  });

  it('shows the retrieval error in the grid and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    failNext = true;
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('Fout bij het ophalen van de gegevens.');
    expect(logged).toHaveBeenCalled();
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Vernieuwen' })); });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('selects with the checkbox column and applies the context menu to the selection', async () => {
    const chosen: unknown[][] = [];
    show({ contextMenu: [{ id: 'del', label: 'Verwijderen', onSelect: (rows) => chosen.push(rows.map((r) => r.AutoID)) }] });
    const grid = await screen.findByRole('grid');
    await waitFor(() => expect(grid.querySelector('[data-autoid="12"]')).not.toBeNull());
    fireEvent.click(screen.getByLabelText('Alles selecteren'));
    expect(grid.querySelectorAll('[aria-selected="true"]')).toHaveLength(2);
    fireEvent.contextMenu(grid.querySelector('[data-autoid="12"]')!);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Verwijderen' }));
    expect(chosen).toEqual([[11, 12]]);
  });
});
