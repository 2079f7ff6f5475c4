// @vitest-environment jsdom
// FlexGrid against a mocked GetFlexData: headers and cells from Meta.Columns, the count, the
// empty state, live search and the retrieval error, as a user sees them.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HistoryEntryContext } from '../../runtime/ui/navigation/historyEntry.ts';
import { dialogs, resetDialogs } from '../../runtime/ui/dialogs/dialogs.ts';
import { FlexGrid, type FlexGridProps } from '../../runtime/grid/index.ts';

// The unit project does not run the lingui babel macro; this stand-in renders the Dutch source text.
vi.mock('@lingui/react/macro', () => {
  const t = (first: unknown, ...values: unknown[]) => {
    if (Array.isArray(first))
      return first.reduce(
        (text: string, part: string, i: number) => text + part + (i < values.length ? String(values[i]) : ''),
        '',
      );
    if (first && typeof first === 'object')
      return (first as { message?: string; id: string }).message ?? (first as { id: string }).id;
    return String(first);
  };
  return { useLingui: () => ({ t, i18n: { locale: 'nl' } }), Trans: ({ children }: { children: unknown }) => children };
});

const COLUMNS = [
  {
    FieldName: 'ID',
    Title: 'Code',
    ColumnType: 0,
    ColumnAlignment: 0,
    ColumnWidth: 120,
    FieldType: 'text',
    IsSortable: true,
    Search: true,
    AdvancedFilterType: 'text',
  },
  {
    FieldName: 'Descr',
    Title: 'Omschrijving',
    ColumnType: 0,
    ColumnAlignment: 0,
    ColumnWidth: 200,
    FieldType: 'text',
    IsSortable: true,
    Search: true,
    AdvancedFilterType: 'text',
  },
  {
    FieldName: 'CostCategory',
    Title: 'Kostensoort',
    ColumnType: 0,
    ColumnAlignment: 0,
    ColumnWidth: 150,
    FieldType: 'list',
    IsSortable: true,
    Search: false,
    AdvancedFilterType: 'list',
    ListMethod: 'mvc/_lists/costcategories',
  },
  {
    FieldName: 'Budget',
    Title: 'Budget',
    ColumnType: 0,
    ColumnAlignment: 2,
    ColumnWidth: 100,
    FieldType: 'decimal',
    IsSortable: true,
    Search: false,
    AdvancedFilterType: 'number',
  },
  {
    FieldName: 'ValidFrom',
    Title: 'Geldig vanaf',
    ColumnType: 0,
    ColumnAlignment: 0,
    ColumnWidth: 110,
    Format: 5,
    FieldType: 'date',
    IsSortable: true,
    Search: false,
    AdvancedFilterType: 'date',
  },
  {
    FieldName: 'Blocked',
    Title: 'Geblokkeerd',
    ColumnType: 0,
    ColumnAlignment: 0,
    ColumnWidth: 90,
    FieldType: 'bool',
    IsSortable: true,
    Search: false,
    AdvancedFilterType: 'bool',
  },
];
const ROWS = [
  {
    AutoID: 11,
    ID: 'K1',
    Descr: 'Kosten een',
    CostCategory: 1,
    CostCategory_Descr: 'Categorie 1',
    Budget: 1234.5,
    ValidFrom: '2024-03-05',
    Blocked: true,
  },
  {
    AutoID: 12,
    ID: 'K2',
    Descr: 'Kosten twee',
    CostCategory: null,
    CostCategory_Descr: null,
    Budget: null,
    ValidFrom: null,
    Blocked: false,
  },
];

// The user's default view: every column visible, as the server derives the standard view.
const LAYOUT = {
  AutoID: 5,
  Name: 'default',
  LayoutType: 0,
  ControlName: 'costcodes',
  PageSize: 35,
  Sort: '',
  DefaultLayout: true,
  CreateDate: '2024-01-01T00:00:00Z',
  SecurityGroupID: null,
  SecurityGroup: null,
  Owner: null,
  FromDefinitions: true,
  CanChange: false,
  Columns: COLUMNS.map((c) => ({
    FieldName: c.FieldName,
    ColumnWidth: c.ColumnWidth,
    ColumnAlignment: c.ColumnAlignment,
    Visible: true,
    Search: '',
    AdvancedFilters: [],
  })),
};

let requests: Record<string, unknown>[];
let failNext = false;
let permissions = { AllowChangeUserViews: false, AllowChangeSystemViews: false };
let userView: Record<string, unknown> = {};
/** What the user's rights keep from the grid, as GetFlexData says it (Meta.Unseen, a column's Restricted). */
let restrictions: { Unseen?: unknown[]; Restricted?: Record<string, unknown> } = {};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const flexData = () => requests.filter((r) => String(r.url).endsWith('/GetFlexData'));

beforeEach(() => {
  requests = [];
  failNext = false;
  permissions = { AllowChangeUserViews: false, AllowChangeSystemViews: false };
  userView = {};
  restrictions = {};
  sessionStorage.clear();
  resetDialogs();
  i18n.loadAndActivate({ locale: 'nl', messages: {} });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      requests.push({ url, ...body });
      if (url.endsWith('/GetUserFlexGridLayout')) return json({ ...LAYOUT, ...userView, Permissions: permissions });
      if (url.endsWith('/updateflexgridlayout')) {
        if (failNext) {
          failNext = false;
          return json({ Error: 'boom', ModelState: {}, TranslationModelState: { ModelState: {} } }, 500);
        }
        return json({ ...LAYOUT, ...userView, ...(body.FlexGridLayout as object), AutoID: body.AutoID });
      }
      if (url.endsWith('/GetAvailableColumnsForPage'))
        return json(
          COLUMNS.map((c, i) => ({ FieldName: c.FieldName, ColumnTitle: c.Title, AutoID: i + 1, selected: true })),
        );
      if (url.endsWith('/getflexgridlayouts')) return json({ Data: [LAYOUT], Meta: { Count: 1, Columns: [] } });
      if (url.includes('/_lists/')) return json({ Data: [], Meta: { HasMore: false } });
      if (url.endsWith('/createnewflexgridlayout')) {
        const content = body.FlexGridLayout as Record<string, unknown>;
        return json({
          ...LAYOUT,
          ...content,
          AutoID: 77,
          Name: body.Name,
          LayoutType: body.LayoutType,
          FromDefinitions: false,
          CanChange: true,
        });
      }
      if (failNext) {
        failNext = false;
        return json({ Error: 'boom', ModelState: {}, TranslationModelState: { ModelState: {} } }, 500);
      }
      // The server answers only the view's columns, in the view's order.
      const wanted = (body.flexGridLayoutColumns as { FieldName: string }[] | undefined)?.map((c) => c.FieldName);
      const columns = wanted ? wanted.map((name) => COLUMNS.find((c) => c.FieldName === name)!) : COLUMNS;
      const data = body.searchExpressions ? [] : ROWS;
      const described = columns.map((c) => ({ ...c, ...(restrictions.Restricted?.[c.FieldName] as object) }));
      return json({
        Data: data,
        Meta: {
          Count: data.length,
          CountEstimated: false,
          PageIndex: 0,
          PageSize: body.pageSize,
          Columns: described,
          ...(restrictions.Unseen ? { Unseen: restrictions.Unseen } : {}),
        },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show(props: Partial<FlexGridProps> = {}, historyEntry: number | null = null) {
  const grid = createElement(FlexGrid, { control: 'costcodes', ...props });
  return render(
    createElement(I18nProvider, { i18n }, createElement(HistoryEntryContext.Provider, { value: historyEntry }, grid)),
  );
}

async function loaded() {
  const grid = await screen.findByRole('grid');
  await waitFor(() => expect(grid.querySelector('[data-autoid="11"]')).not.toBeNull());
  return grid;
}
const headerTexts = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

describe('FlexGrid', () => {
  it("says which rights keep rows and a column's text from the user, and nothing when none does", async () => {
    show();
    await loaded();
    expect(screen.queryByText('Niet alles is zichtbaar met uw rechten')).toBeNull();
    cleanup();
    restrictions = {
      Unseen: [{ Right: '8.11', Name: 'Orders met status Offerteaanvraag inzien (8.11)' }],
      Restricted: { CostCategory: { Restricted: { Right: '10.5', Name: 'Kostensoorten beheren (10.5)' } } },
    };
    show();
    await loaded();
    const notice = screen.getByText('Niet alles is zichtbaar met uw rechten').closest('details')!;
    expect(notice.textContent).toContain('Orders met status Offerteaanvraag inzien (8.11)');
    expect(notice.textContent).toContain(
      'De kolom Kostensoort blijft leeg zonder het recht Kostensoorten beheren (10.5).',
    );
  });

  it('says where the rows it finds none of are, and goes there', async () => {
    const show_ = vi.fn();
    const elsewhere = vi.fn(async () => ({ count: 3, where: 'Alle', show: show_ }));
    show({ elsewhere });
    await loaded();
    expect(elsewhere).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Zoeken'), { target: { value: 'niets' } });
    const button = await screen.findByRole('button', { name: '3 resultaten in Alle' }, { timeout: 2000 });
    expect(elsewhere).toHaveBeenCalledWith(expect.objectContaining({ searchExpressions: 'niets' }));
    fireEvent.click(button);
    expect(show_).toHaveBeenCalled();
  });

  it('selects and focuses the row it is to point out once a page holds it, and only once', async () => {
    const contextMenu = [{ id: 'x', label: 'Iets', onSelect: () => undefined }];
    show({ contextMenu, highlight: 12 });
    const grid = await screen.findByRole('grid');
    await waitFor(() => expect(grid.querySelector('[data-autoid="12"]')?.getAttribute('aria-selected')).toBe('true'));
    const row = grid.querySelector('[data-autoid="12"]')!;
    expect(document.activeElement).toBe(row);
    expect(grid.querySelector('[data-autoid="11"]')?.getAttribute('aria-selected')).toBe('false');
    // The user moves on: the grid draws again, and the row is not pointed out again.
    fireEvent.click(within(row as HTMLElement).getByLabelText('Rij selecteren'));
    await waitFor(() => expect(row.getAttribute('aria-selected')).toBe('false'));
    await act(async () => {});
    expect(grid.querySelector('[data-autoid="12"]')?.getAttribute('aria-selected')).toBe('false');
  });

  it('draws the headers and rows the server describes', async () => {
    const clicked: unknown[] = [];
    show({ onRowClick: (row) => clicked.push(row.AutoID), dataSourceSwitch: true });
    const grid = await screen.findByRole('grid');
    await waitFor(() => expect(grid.querySelector('[data-autoid="11"]')).not.toBeNull());

    // The view comes first; every GetFlexData names the view's visible columns.
    expect(requests[0]).toMatchObject({ url: '/mvc/costcodes/GetUserFlexGridLayout' });
    expect(flexData()[0]).toMatchObject({
      url: '/mvc/costcodes/GetFlexData',
      dataSource: 0,
      pageIndex: 0,
      pageSize: 35,
    });
    expect(flexData()[0].flexGridLayoutColumns).toEqual(
      COLUMNS.map((c) => ({ FieldName: c.FieldName, ColumnWidth: c.ColumnWidth, ColumnAlignment: c.ColumnAlignment })),
    );
    expect(screen.getByText('Standaardweergave')).toBeTruthy();
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'Code',
      'Omschrijving',
      'Kostensoort',
      'Budget',
      'Geldig vanaf',
      'Geblokkeerd',
    ]);
    expect(headers[0].getAttribute('aria-sort')).toBe('none');
    expect(headers[0].style.width).toBe('120px');

    const first = grid.querySelector<HTMLElement>('[data-autoid="11"]')!;
    const cells = within(first)
      .getAllByRole('gridcell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['K1', 'Kosten een', 'Categorie 1', '1.234,5', '5-3-2024']);
    expect(within(first).getByRole('checkbox')).toHaveProperty('checked', true);
    expect(grid.querySelector('[data-autoid="12"]')).not.toBeNull();
    expect(screen.getByRole('status', { name: '' }).textContent ?? '').toMatch(/^2 resultaten \(\d,\d\d s\)$/);
    expect(screen.getByLabelText('Gegevensbron')).toBeTruthy();
    expect(screen.queryByText('Geen resultaten')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Meer laden' })).toBeNull();

    fireEvent.click(first);
    expect(clicked).toEqual([11]);

    fireEvent.click(within(headers[1]).getByRole('button'));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ order: 'Descr asc', pageIndex: 0 }));
    expect(within(grid).getAllByRole('columnheader')[1].getAttribute('aria-sort')).toBe('ascending');
  });

  it("shows 'Geen resultaten' when the search finds nothing", async () => {
    show();
    const grid = await screen.findByRole('grid');
    await waitFor(() => expect(grid.querySelector('[data-autoid="11"]')).not.toBeNull());
    fireEvent.change(screen.getByLabelText('Zoeken'), { target: { value: 'niets' } });
    await waitFor(() => expect(screen.getByText('Geen resultaten')).toBeTruthy(), { timeout: 2000 });
    expect(requests.at(-1)).toMatchObject({ searchExpressions: 'niets', pageIndex: 0 });
    expect(grid.querySelector('[data-autoid]')).toBeNull();
  });

  it('shows the retrieval error in the alert box (heading, gone after 5 s) and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    failNext = true;
    show();
    await waitFor(() =>
      expect(dialogs.alerts).toEqual([
        expect.objectContaining({ type: 'error', text: 'Fout bij het ophalen van de gegevens.' }),
      ]),
    );
    expect(logged).toHaveBeenCalled();
    expect(screen.queryByText('Geen resultaten')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Vernieuwen' }));
    });
    const grid = await screen.findByRole('grid');
    await waitFor(() => expect(grid.querySelector('[data-autoid="11"]')).not.toBeNull());
  });

  it('selects with the checkbox column and applies the context menu to the selection', async () => {
    const chosen: unknown[][] = [];
    show({
      contextMenu: [{ id: 'del', label: 'Verwijderen', onSelect: (rows) => chosen.push(rows.map((r) => r.AutoID)) }],
    });
    const grid = await screen.findByRole('grid');
    await waitFor(() => expect(grid.querySelector('[data-autoid="12"]')).not.toBeNull());
    fireEvent.click(screen.getByLabelText('Alles selecteren'));
    expect(grid.querySelectorAll('[aria-selected="true"]')).toHaveLength(2);
    fireEvent.contextMenu(grid.querySelector('[data-autoid="12"]')!);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Verwijderen' }));
    expect(chosen).toEqual([[11, 12]]);
  });
});

describe('FlexGrid views', () => {
  it('shows the view controls only with a view permission, and saving over a view from the definitions is off', async () => {
    show();
    await loaded();
    expect(screen.queryByRole('button', { name: 'Kolommen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Weergaven' })).toBeNull();
    cleanup();

    permissions = { AllowChangeUserViews: true, AllowChangeSystemViews: false };
    show();
    await loaded();
    expect(screen.getByRole('button', { name: 'Kolommen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Weergaven' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Opslaan als…' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Weergave opslaan' })).toHaveProperty('disabled', true);
  });

  it('resizes and reorders columns without fetching rows, and marks the view modified', async () => {
    permissions = { AllowChangeUserViews: true, AllowChangeSystemViews: false };
    show();
    const grid = await loaded();
    const fetched = flexData().length;
    const resizer = screen.getByRole('separator', { name: 'Breedte van Code' });
    fireEvent.keyDown(resizer, { key: 'ArrowRight' });
    expect(within(grid).getAllByRole('columnheader')[0].style.width).toBe('130px');
    fireEvent.mouseDown(resizer, { button: 0, clientX: 100 });
    fireEvent.mouseMove(window, { clientX: 40 });
    fireEvent.mouseUp(window);
    expect(within(grid).getAllByRole('columnheader')[0].style.width).toBe('70px');
    expect(screen.getByText('Standaardweergave').textContent).toBe('Standaardweergave*');

    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
      get types() {
        return [...data.keys()];
      },
      effectAllowed: '',
      dropEffect: '',
    };
    const [code, , , budget] = within(grid).getAllByRole('columnheader');
    fireEvent.dragStart(budget, { dataTransfer });
    fireEvent.dragOver(code, { dataTransfer });
    fireEvent.drop(code, { dataTransfer });
    expect(headerTexts(grid)).toEqual(['Budget', 'Code', 'Omschrijving', 'Kostensoort', 'Geldig vanaf', 'Geblokkeerd']);
    // From the keyboard: Alt+Arrow on a header moves its column.
    fireEvent.keyDown(within(grid).getAllByRole('columnheader')[0], { key: 'ArrowRight', altKey: true });
    expect(headerTexts(grid)).toEqual(['Code', 'Budget', 'Omschrijving', 'Kostensoort', 'Geldig vanaf', 'Geblokkeerd']);
    fireEvent.keyDown(within(grid).getAllByRole('columnheader')[0], { key: 'ArrowLeft', altKey: true });
    fireEvent.keyDown(within(grid).getAllByRole('columnheader')[0], { key: 'ArrowRight' });
    expect(headerTexts(grid)).toEqual(['Code', 'Budget', 'Omschrijving', 'Kostensoort', 'Geldig vanaf', 'Geblokkeerd']);
    // Column changes load nothing: no call is made when React and the store have settled.
    await act(async () => {});
    expect(flexData()).toHaveLength(fetched);
  });

  it('does not mark unsaved changes to a user who cannot save views', async () => {
    show();
    await loaded();
    fireEvent.keyDown(screen.getByRole('separator', { name: 'Breedte van Code' }), { key: 'ArrowRight' });
    expect(screen.getByText('Standaardweergave').textContent).toBe('Standaardweergave');
  });

  it("the column chooser changes the working view; save as makes it the grid's view", async () => {
    permissions = { AllowChangeUserViews: true, AllowChangeSystemViews: false };
    show();
    const grid = await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Kolommen' }));
    const chooser = screen.getByRole('dialog', { name: 'Kolommen' });
    fireEvent.click(await within(chooser).findByRole('checkbox', { name: 'Budget' }));
    fireEvent.click(within(chooser).getByRole('button', { name: 'Lokaal opslaan' }));
    expect(screen.queryByRole('dialog', { name: 'Kolommen' })).toBeNull();
    await waitFor(() => expect(headerTexts(grid)).not.toContain('Budget'));
    expect(flexData().at(-1)!.flexGridLayoutColumns).not.toContainEqual(
      expect.objectContaining({ FieldName: 'Budget' }),
    );
    expect(screen.getByText('Standaardweergave').textContent).toBe('Standaardweergave*');

    fireEvent.click(screen.getByRole('button', { name: 'Opslaan als…' }));
    const save = screen.getByRole('dialog', { name: 'Weergave opslaan als' });
    fireEvent.change(within(save).getByLabelText('Naam'), { target: { value: 'ZonderBudget' } });
    fireEvent.click(within(save).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Weergave opslaan als' })).toBeNull());
    const created = requests.find((r) => String(r.url).endsWith('/createnewflexgridlayout'))!;
    expect(created).toMatchObject({
      Name: 'ZonderBudget',
      LayoutType: 1,
      ControlName: 'costcodes',
      SetAsDefaultLayout: false,
    });
    expect(
      (created.FlexGridLayout as { Columns: { FieldName: string; Visible: boolean }[] }).Columns.find(
        (c) => c.FieldName === 'Budget',
      )?.Visible,
    ).toBe(false);
    expect(screen.getByText('ZonderBudget').textContent).toBe('ZonderBudget');
    expect(dialogs.toasts.map((t) => t.text)).toContain('De weergave is opgeslagen.');
    expect(screen.getByRole('button', { name: 'Weergave opslaan' })).toHaveProperty('disabled', false);
  });

  it('saves over a user view with the working view, and says so; a failure shows the saving error', async () => {
    permissions = { AllowChangeUserViews: true, AllowChangeSystemViews: false };
    userView = { AutoID: 21, Name: 'Mijn', LayoutType: 1, FromDefinitions: false, CanChange: true };
    show();
    await loaded();
    fireEvent.keyDown(screen.getByRole('separator', { name: 'Breedte van Omschrijving' }), { key: 'ArrowRight' });
    expect(screen.getByText('Mijn').textContent).toBe('Mijn*');
    fireEvent.click(screen.getByRole('button', { name: 'Weergave opslaan' }));
    await waitFor(() => expect(screen.getByText('Mijn').textContent).toBe('Mijn'));
    const update = requests.find((r) => String(r.url).endsWith('/flexgridlayout/updateflexgridlayout'))!;
    expect(update.AutoID).toBe(21);
    expect(
      (update.FlexGridLayout as { Columns: { FieldName: string; ColumnWidth: number }[] }).Columns[1],
    ).toMatchObject({ FieldName: 'Descr', ColumnWidth: 210 });
    expect(dialogs.toasts.map((t) => t.text)).toEqual(['De weergave is opgeslagen.']);

    vi.spyOn(console, 'error').mockImplementation(() => {});
    failNext = true;
    fireEvent.click(screen.getByRole('button', { name: 'Weergave opslaan' }));
    await waitFor(() => expect(dialogs.alerts.map((a) => a.text)).toEqual(['Fout bij het opslaan van de gegevens.']));
  });

  it('Back or Forward to the same history entry brings the grid back as it was left; a new entry starts fresh', async () => {
    const first = show({}, 1);
    let grid = await loaded();
    fireEvent.change(screen.getByLabelText('Filter Code'), { target: { value: 'K1' } });
    fireEvent.keyDown(screen.getByLabelText('Filter Code'), { key: 'Enter' });
    fireEvent.keyDown(screen.getByRole('separator', { name: 'Breedte van Code' }), { key: 'ArrowLeft' });
    await waitFor(() => expect(flexData().at(-1)).toMatchObject({ columnFilter: { ID: 'K1' } }));
    first.unmount();

    const asked = requests.length;
    show({}, 1);
    grid = await loaded();
    expect(screen.getByLabelText<HTMLInputElement>('Filter Code').value).toBe('K1');
    expect(within(grid).getAllByRole('columnheader')[0].style.width).toBe('110px');
    expect(requests.slice(asked).map((r) => String(r.url))).toEqual(['/mvc/costcodes/GetFlexData']);
    expect(flexData().at(-1)).toMatchObject({ columnFilter: { ID: 'K1' } });
    cleanup();

    show({}, 2);
    await loaded();
    expect(screen.getByLabelText<HTMLInputElement>('Filter Code').value).toBe('');
    expect(requests.some((r, i) => i > asked && String(r.url).endsWith('/GetUserFlexGridLayout'))).toBe(true);
  });
});
