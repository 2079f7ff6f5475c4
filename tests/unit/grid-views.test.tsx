// @vitest-environment jsdom
// The view dialogs as a user meets them: the save-layout dialog offers only the permitted types and
// preselects the first, checks the name and shows the server's ModelState; the manager offers set
// as default and delete only where the view may be changed; the column chooser answers a diff.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallFailed } from '../../runtime/api/index.ts';
import type { Layout, LayoutContent, ViewPermissions } from '../../runtime/api/index.ts';
import { answer, dialogs, resetDialogs } from '../../runtime/ui/dialogs/dialogs.ts';
import { ColumnChooser } from '../../runtime/grid/ColumnChooser.tsx';
import { SaveLayoutDialog } from '../../runtime/grid/SaveLayoutDialog.tsx';
import { ViewManager } from '../../runtime/grid/ViewManager.tsx';

const view = (AutoID: number, Name: string, LayoutType: 0 | 1, extra: Partial<Layout> = {}): Layout => ({
  AutoID,
  Name,
  LayoutType,
  ControlName: 'costcodes',
  PageSize: 35,
  Sort: '',
  Columns: [],
  DefaultLayout: false,
  CreateDate: '2024-03-05T14:07:00',
  SecurityGroupID: null,
  SecurityGroup: null,
  Owner: null,
  FromDefinitions: false,
  CanChange: true,
  ...extra,
});
const LISTED = [
  view(1, 'Mijn', 1, { DefaultLayout: true }),
  view(2, 'default', 0, { FromDefinitions: true, CanChange: false }),
  view(3, 'Inkoop', 0, { SecurityGroupID: 4, SecurityGroup: 'inkoop' }),
];
const CONTENT: LayoutContent = {
  Columns: [{ FieldName: 'ID', ColumnWidth: 100, ColumnAlignment: 0, Visible: true, Search: '', AdvancedFilters: [] }],
  PageSize: 35,
  Sort: '',
};
const perms = (user: boolean, system: boolean): ViewPermissions => ({
  AllowChangeUserViews: user,
  AllowChangeSystemViews: system,
});

function client() {
  return {
    layouts: vi.fn(async () => ({ Data: LISTED, Meta: { Count: LISTED.length, Columns: [] } })),
    resetUserLayout: vi.fn(async () => ({ Reset: 1 })),
    userDefaults: vi.fn(async () => [{ Username: 'jan', PersonName: 'Jan Jansen', Layout: 'Zijne' }]),
    shareableGroups: vi.fn(async () => [
      { AutoID: 4, ID: 'inkoop', Descr: 'Inkoop' },
      { AutoID: 6, ID: 'verkoop', Descr: null },
    ]),
    createLayout: vi.fn(async (_control: string, body: { Name: string }) => view(40, body.Name, 1)),
    setDefaultLayout: vi.fn(async () => ({})),
    deleteLayout: vi.fn(async () => ({})),
    availableColumns: vi.fn(async () => [
      { FieldName: 'ID', ColumnTitle: 'Code', AutoID: 1, selected: true },
      { FieldName: 'Descr', ColumnTitle: 'Omschrijving', AutoID: 2, selected: true },
      { FieldName: 'Budget', ColumnTitle: 'Budget', AutoID: 3, selected: false },
      { FieldName: 'Remark', ColumnTitle: 'Opmerking', AutoID: 4, selected: false },
    ]),
  };
}

const show = (node: ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
const optionTexts = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((o) => o.textContent);

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'nl', messages: {} });
});
beforeEach(() => resetDialogs());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('save-layout dialog', () => {
  const open = (permissions: ViewPermissions, api = client(), handlers = { onSaved: vi.fn(), onClose: vi.fn() }) => {
    show(
      <SaveLayoutDialog
        control="costcodes"
        permissions={permissions}
        content={() => CONTENT}
        client={api}
        {...handlers}
      />,
    );
    return { api, ...handlers, dialog: screen.getByRole('dialog', { name: 'Weergave opslaan als' }) };
  };

  it('offers only the permitted layout types, the personal (user) view first, and preselects the first', async () => {
    const cases = [
      { permissions: perms(true, false), options: ['Gebruikersweergave'], chosen: '1' },
      { permissions: perms(false, true), options: ['Systeemweergave'], chosen: '0' },
      { permissions: perms(true, true), options: ['Gebruikersweergave', 'Systeemweergave'], chosen: '1' },
    ];
    for (const { permissions, options, chosen } of cases) {
      const { dialog } = open(permissions);
      const type = within(dialog).getByLabelText<HTMLSelectElement>('Soort');
      expect(optionTexts(type)).toEqual(options);
      expect(type.value).toBe(chosen);
      // Who sees it is asked for a system view only.
      expect(within(dialog).queryByLabelText('Zichtbaar voor') !== null).toBe(chosen === '0');
      cleanup();
      resetDialogs();
    }
  });

  it('offers everyone and the security groups a view can be shared with, for a system view', async () => {
    const { dialog, api } = open(perms(true, true));
    fireEvent.change(within(dialog).getByLabelText('Soort'), { target: { value: '0' } });
    const group = within(dialog).getByLabelText<HTMLSelectElement>('Zichtbaar voor');
    await waitFor(() => expect(optionTexts(group)).toEqual(['Iedereen', 'Inkoop', 'verkoop']));
    expect(api.shareableGroups).toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Soort'), { target: { value: '1' } });
    expect(within(dialog).queryByLabelText('Zichtbaar voor')).toBeNull();
  });

  it('checks the name before saving: required, letters, digits, spaces and - _ . ( ) & /, unique among the listed views', async () => {
    const { dialog, api } = open(perms(true, true));
    await waitFor(() => expect(api.layouts).toHaveBeenCalled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Geef de weergave een naam.')).toBeTruthy();
    const name = within(dialog).getByLabelText('Naam');
    fireEvent.change(name, { target: { value: 'Mijn view!' } });
    expect(
      within(dialog).getByText('De naam van een weergave bestaat uit letters, cijfers, spaties en - _ . ( ) & /.'),
    ).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Mijn open orders (week 1/2)' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(name, { target: { value: ' inkoop ' } });
    await waitFor(() =>
      expect(within(dialog).getByText('Er is al een weergave met de naam inkoop in dit overzicht.')).toBeTruthy(),
    );
    expect(name.getAttribute('aria-invalid')).toBe('true');
    // 'Mijn' is a user view: a system view may have that name.
    fireEvent.change(name, { target: { value: 'Mijn' } });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(within(dialog).getByLabelText('Soort'), { target: { value: '0' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(api.createLayout).not.toHaveBeenCalled();
  });

  it('saves the working view, is busy meanwhile, and closes with the success toast', async () => {
    let resolve: (layout: Layout) => void = () => {};
    const api = client();
    api.createLayout.mockImplementationOnce(
      () =>
        new Promise<Layout>((r) => {
          resolve = r;
        }),
    );
    const { dialog, onSaved, onClose } = open(perms(true, true), api);
    fireEvent.change(within(dialog).getByLabelText('Soort'), { target: { value: '0' } });
    await waitFor(() => expect(optionTexts(within(dialog).getByLabelText('Zichtbaar voor'))).toHaveLength(3));
    fireEvent.change(within(dialog).getByLabelText('Naam'), { target: { value: '  Planning   week 2 ' } });
    fireEvent.change(within(dialog).getByLabelText('Zichtbaar voor'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByLabelText('Als standaard instellen'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    expect(api.createLayout).toHaveBeenCalledWith('costcodes', {
      Name: 'Planning week 2',
      FlexGridLayout: CONTENT,
      LayoutType: 0,
      SetAsDefaultLayout: true,
      SecurityGroupID: 4,
    });
    const save = within(dialog).getByRole('button', { name: 'Opslaan' });
    expect(save).toHaveProperty('disabled', true);
    expect(save.getAttribute('aria-busy')).toBe('true');
    expect(dialog.getAttribute('aria-busy')).toBe('true');

    const created = view(41, 'Planning week 2', 0);
    await act(async () => resolve(created));
    expect(onSaved).toHaveBeenCalledWith(created);
    expect(onClose).toHaveBeenCalled();
    expect(dialogs.toasts.map((t) => [t.type, t.text])).toEqual([['success', 'De weergave is opgeslagen.']]);
  });

  it("shows the server's ModelState under the name and the creating alert, and stays open", async () => {
    const api = client();
    api.createLayout.mockRejectedValueOnce(
      new CallFailed(400, {
        Error: 'Ongeldige invoer',
        ModelState: { Name: ['Er is al een weergave met de naam Planning in dit overzicht.'] },
        TranslationModelState: { ModelState: {} },
      }),
    );
    const { dialog, onClose } = open(perms(true, false), api);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.change(within(dialog).getByLabelText('Naam'), { target: { value: 'Planning' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(
      await within(dialog).findByText('Er is al een weergave met de naam Planning in dit overzicht.'),
    ).toBeTruthy();
    expect(dialogs.alerts.map((a) => a.text)).toEqual(['Fout bij het aanmaken van de weergave.']);
    expect(onClose).not.toHaveBeenCalled();
    expect(api.createLayout.mock.calls[0][1]).not.toHaveProperty('SecurityGroupID');
  });
});

describe('view manager', () => {
  const open = (permissions: ViewPermissions, api = client()) => {
    const handlers = { onApply: vi.fn(), onDeleted: vi.fn(), onClose: vi.fn() };
    show(<ViewManager control="costcodes" currentId={3} permissions={permissions} client={api} {...handlers} />);
    return { api, ...handlers, dialog: screen.getByRole('dialog', { name: 'Weergaven' }) };
  };
  const rowNamed = async (dialog: HTMLElement, name: string) => {
    const grid = await within(dialog).findByRole('grid', { name: 'Weergaven' });
    return within(grid)
      .getAllByRole('row')
      .find((r) => within(r).queryAllByRole('gridcell')[0]?.textContent === name)!;
  };

  it('lists name, type, default flag and creation date, with the current view selected', async () => {
    const { dialog, api } = open(perms(true, true));
    const grid = await within(dialog).findByRole('grid', { name: 'Weergaven' });
    expect(api.layouts).toHaveBeenCalledWith('costcodes', { PageSize: 1000, PageIndex: 0 });
    expect(
      within(grid)
        .getAllByRole('row')
        .map((r) => [...r.children].map((c) => c.textContent)),
    ).toEqual([
      ['Naam', 'Soort', 'Standaard', 'Aangemaakt'],
      ['Mijn', 'Gebruiker', 'Ja', '5-3-2024 14:07'],
      ['Standaardweergave', 'Systeem', 'Nee', '5-3-2024 14:07'],
      ['Inkoop', 'Rol: inkoop', 'Nee', '5-3-2024 14:07'],
    ]);
    expect((await rowNamed(dialog, 'Inkoop')).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getByText('Geselecteerd: Inkoop')).toBeTruthy();
  });

  it('sorts by a click on a column header, and back on a second click', async () => {
    const { dialog } = open(perms(true, true));
    const grid = await within(dialog).findByRole('grid', { name: 'Weergaven' });
    const names = () =>
      within(grid)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('gridcell')[0].textContent);
    fireEvent.click(within(grid).getByRole('button', { name: 'Naam' }));
    expect(names()).toEqual(['Inkoop', 'Mijn', 'Standaardweergave']);
    expect(within(grid).getAllByRole('columnheader')[0].getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(grid).getByRole('button', { name: 'Naam' }));
    expect(names()).toEqual(['Standaardweergave', 'Mijn', 'Inkoop']);
    fireEvent.click(within(grid).getByRole('button', { name: 'Standaard' }));
    expect(names()[0]).toBe('Mijn');
  });

  it('offers set as default and delete only where that view may be changed', async () => {
    const { dialog } = open(perms(true, false));
    fireEvent.contextMenu(await rowNamed(dialog, 'Mijn'));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      'Als standaard instellen',
      'Verwijderen',
    ]);
    fireEvent.keyDown(document, { key: 'Escape' });
    // A role view needs AllowChangeSystemViews; the standard view cannot be changed at all.
    fireEvent.contextMenu(await rowNamed(dialog, 'Inkoop'));
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.contextMenu(await rowNamed(dialog, 'Standaardweergave'));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(within(dialog).getByText('Geselecteerd: Standaardweergave')).toBeTruthy();
  });

  it('lets a user clear their own default, and a manager reset a user who keeps one', async () => {
    const { dialog, api } = open(perms(true, true));
    const own = await within(dialog).findByRole('button', { name: 'Mijn standaard wissen' });
    const user = await within(dialog).findByLabelText<HTMLSelectElement>('Eigen standaard van');
    expect(optionTexts(user)).toEqual(['Jan Jansen (Zijne)']);
    fireEvent.click(own);
    await waitFor(() => expect(api.resetUserLayout).toHaveBeenCalledWith(null, 'costcodes'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Terugzetten naar standaard' }));
    await waitFor(() => expect(api.resetUserLayout).toHaveBeenLastCalledWith('jan', 'costcodes'));
    await waitFor(() => expect(dialogs.toasts.map((t) => t.text)).toContain('De standaardweergave is teruggezet.'));
    expect(api.layouts.mock.calls.length).toBeGreaterThanOrEqual(3);
  });

  it('shows no reset for a user without an own default, and no user list without AllowChangeSystemViews', async () => {
    const api = client();
    api.layouts.mockResolvedValue({ Data: LISTED.filter((l) => l.LayoutType === 0), Meta: { Count: 2, Columns: [] } });
    const { dialog } = open(perms(true, false), api);
    await within(dialog).findByRole('grid', { name: 'Weergaven' });
    expect(within(dialog).queryByRole('button', { name: 'Mijn standaard wissen' })).toBeNull();
    expect(within(dialog).queryByLabelText('Eigen standaard van')).toBeNull();
    expect(api.userDefaults).not.toHaveBeenCalled();
  });

  it('deletes after confirmation and reloads the list; a failure shows its message', async () => {
    const { dialog, api, onDeleted } = open(perms(true, false));
    fireEvent.contextMenu(await rowNamed(dialog, 'Mijn'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Verwijderen' }));
    await waitFor(() => expect(dialogs.stack.at(-1)?.kind).toBe('confirm'));
    expect(dialogs.stack.at(-1)?.text).toBe('Weet u zeker dat u de weergave Mijn wilt verwijderen?');
    await act(async () => answer(dialogs.stack.at(-1)!.id, 'yes'));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(1));
    expect(api.deleteLayout).toHaveBeenCalledWith(1);
    expect(api.layouts).toHaveBeenCalledTimes(2);

    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.deleteLayout.mockRejectedValueOnce(new Error('409'));
    fireEvent.contextMenu(await rowNamed(dialog, 'Mijn'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Verwijderen' }));
    await waitFor(() => expect(dialogs.stack.at(-1)?.kind).toBe('confirm'));
    await act(async () => answer(dialogs.stack.at(-1)!.id, 'yes'));
    await waitFor(() => expect(dialogs.alerts.map((a) => a.text)).toEqual(['Fout bij het verwijderen van de layout.']));
  });

  it('sets a default, and says so when that fails', async () => {
    const { dialog, api } = open(perms(true, true));
    fireEvent.contextMenu(await rowNamed(dialog, 'Inkoop'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Als standaard instellen' }));
    await waitFor(() => expect(api.setDefaultLayout).toHaveBeenCalledWith('costcodes', 3));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.setDefaultLayout.mockRejectedValueOnce(new Error('403'));
    fireEvent.contextMenu(await rowNamed(dialog, 'Inkoop'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Als standaard instellen' }));
    await waitFor(() => expect(dialogs.alerts.map((a) => a.text)).toEqual(['Fout bij het updaten van de weergave.']));
  });

  it('applies the selected view and closes', async () => {
    const { dialog, onApply, onClose } = open(perms(false, false));
    fireEvent.click(await rowNamed(dialog, 'Mijn'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Toepassen' }));
    expect(onApply).toHaveBeenCalledWith(LISTED[0]);
    expect(onClose).toHaveBeenCalled();
  });
});

describe('column chooser', () => {
  const working = [
    { FieldName: 'ID', ColumnWidth: 120, ColumnAlignment: 0 as const, Visible: true },
    { FieldName: 'Descr', ColumnWidth: 200, ColumnAlignment: 0 as const, Visible: true },
    { FieldName: 'Budget', ColumnWidth: 90, ColumnAlignment: 2 as const, Visible: false },
  ];

  it('searches titles, ticks and aligns columns, and saves locally as a diff', async () => {
    const onApply = vi.fn();
    const onClose = vi.fn();
    const api = client();
    show(
      <ColumnChooser
        control="costcodes"
        viewId={5}
        columns={working}
        onApply={onApply}
        onClose={onClose}
        client={api}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Kolommen' });
    const code = await within(dialog).findByRole('checkbox', { name: 'Code' });
    expect(api.availableColumns).toHaveBeenCalledWith('costcodes', 5);
    // The working view decides what is ticked, not the saved one.
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).checked),
    ).toEqual([true, true, false, false]);
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Uitlijning Budget').value).toBe('2');

    fireEvent.change(within(dialog).getByLabelText('Kolom zoeken'), { target: { value: 'OM' } });
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement!.textContent),
    ).toEqual(['Omschrijving']);
    fireEvent.contextMenu(within(dialog).getByRole('list'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Alles deselecteren' }));
    fireEvent.change(within(dialog).getByLabelText('Kolom zoeken'), { target: { value: '' } });
    expect(code).toHaveProperty('checked', true);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Opmerking' }));
    fireEvent.change(within(dialog).getByLabelText('Uitlijning Code'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lokaal opslaan' }));
    expect(onApply).toHaveBeenCalledWith({
      Added: [{ FieldName: 'Remark', ColumnWidth: 150, ColumnAlignment: 0, Visible: true }],
      Deleted: [{ FieldName: 'Descr', ColumnWidth: 200, ColumnAlignment: 0, Visible: false }],
      Updated: [{ FieldName: 'ID', ColumnWidth: 120, ColumnAlignment: 1, Visible: true }],
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the retrieval error when the columns cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = client();
    api.availableColumns.mockRejectedValueOnce(new Error('500'));
    show(
      <ColumnChooser
        control="costcodes"
        viewId={null}
        columns={working}
        onApply={vi.fn()}
        onClose={vi.fn()}
        client={api}
      />,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Fout bij het ophalen van de gegevens.');
    expect(screen.getByRole('button', { name: 'Lokaal opslaan' })).toHaveProperty('disabled', true);
  });
});
