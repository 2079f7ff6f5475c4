// @vitest-environment jsdom
// No dead ends on the maintenance screens: the delete question names one record and counts
// several; Verwijderen in the grid toolbar and the Delete key on a row ask it; a user without
// the update right sees a record read-only; a user on a screen they may not open is told so and
// whom to ask.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Component } from '../../definitions/language/index.ts';
import type { ScreenInfo } from '../../runtime/api/index.ts';
import { answer, dialogs, resetDialogs } from '../../runtime/ui/dialogs/index.ts';
import { NoScreenRight, refusedRoute } from '../../runtime/ui/navigation/NoRights.tsx';
import type { FormAnswer } from '../../runtime/form/index.ts';
import type { GridRow } from '../../runtime/grid/index.ts';
import { focusTarget } from '../../runtime/screens/gridFocus.ts';
import { MaintenanceModal } from '../../runtime/screens/MaintenanceModal.tsx';
import { deletedNotice, deleteQuestion, describeRow } from '../../runtime/screens/rows.ts';
import { useTableMaintenance } from '../../runtime/screens/useTableMaintenance.tsx';
import type { RecordEditor } from '../../runtime/screens/useRecordEditor.ts';
import type { ScreenRights } from '../../runtime/state/index.ts';

beforeAll(() => {
  // The catalogs are compiled at build time; here the Dutch source texts are compiled as they are used.
  i18n.setMessagesCompiler(compileMessage);
  i18n.loadAndActivate({ locale: 'nl', messages: {} });
});
afterEach(() => {
  cleanup();
  resetDialogs();
});

const nl = { AutoID: 1, ID: 'NL', Descr: 'Nederland' };
const be = { AutoID: 2, ID: 'BE', Descr: 'België' };
const de = { AutoID: 3, ID: 'DE', Descr: 'Duitsland' };

describe('the delete question', () => {
  it('names one record by its code and description', () => {
    expect(describeRow(nl)).toBe('NL - Nederland');
    expect(deleteQuestion([nl])).toBe('Weet u zeker dat u "NL - Nederland" wilt verwijderen?');
    expect(deleteQuestion([{ AutoID: 7 }])).toBe('Weet u zeker dat u "#7" wilt verwijderen?');
  });
  it('counts several rows, without "item(s)"', () => {
    expect(deleteQuestion([nl, be])).toBe('Weet u zeker dat u 2 rijen wilt verwijderen?');
    expect(deleteQuestion([nl, be, de])).toBe('Weet u zeker dat u 3 rijen wilt verwijderen?');
  });
  it('is followed by a notice that says what went', () => {
    expect(deletedNotice(1)).toBe('Verwijderd');
    expect(deletedNotice(3)).toBe('3 rijen verwijderd');
  });
});

const allRights: ScreenRights = { ready: true, create: true, update: true, delete: true };

/** A maintained table behind a stand-in grid: rows as FlexGrid draws them, and its toolbar. */
function Maintained({ rights, selected }: { rights: ScreenRights; selected: GridRow[] }) {
  const maintenance = useTableMaintenance('things', rights);
  return (
    <>
      <div {...maintenance.area}>
        <div role="grid">
          <input type="search" aria-label="Zoeken" />
          {maintenance.toolbar?.(selected)}
          {[nl, be, de].map((row, index) => (
            <div
              key={row.AutoID}
              role="row"
              tabIndex={0}
              data-autoid={row.AutoID}
              aria-rowindex={index + 3}
              aria-label={row.Descr}
            >
              {row.ID}
            </div>
          ))}
        </div>
      </div>
      {maintenance.dialogs}
    </>
  );
}

function renderMaintained(rights: ScreenRights, selected: GridRow[]) {
  return render(
    <I18nProvider i18n={i18n}>
      <Maintained rights={rights} selected={selected} />
    </I18nProvider>,
  );
}

const confirmText = () => dialogs.stack.find((e) => e.kind === 'confirm')?.text;

describe('deleting from the grid', () => {
  it('asks naming the record when Delete is pressed on a selected row', async () => {
    renderMaintained(allRights, [nl]);
    fireEvent.keyDown(screen.getByRole('row', { name: 'Nederland' }), { key: 'Delete' });
    await waitFor(() => expect(confirmText()).toBe('Weet u zeker dat u "NL - Nederland" wilt verwijderen?'));
    act(() => answer(dialogs.stack[0].id, 'no'));
  });

  it("asks with the count from the toolbar's Verwijderen on several selected rows", async () => {
    renderMaintained(allRights, [nl, be, de]);
    fireEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(confirmText()).toBe('Weet u zeker dat u 3 rijen wilt verwijderen?'));
    act(() => answer(dialogs.stack[0].id, 'no'));
  });

  it('offers Verwijderen once a row is selected or has focus', () => {
    renderMaintained(allRights, []);
    const button = screen.getByRole('button', { name: 'Verwijderen' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.focus(screen.getByRole('row', { name: 'België' }));
    expect(button).toHaveProperty('disabled', false);
    fireEvent.focus(screen.getByLabelText('Zoeken'));
    expect(button).toHaveProperty('disabled', true);
  });

  it('offers nothing without the delete right, and Delete asks nothing', async () => {
    renderMaintained({ ...allRights, delete: false }, [nl]);
    expect(screen.queryByRole('button', { name: 'Verwijderen' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('row', { name: 'Nederland' }), { key: 'Delete' });
    await new Promise((r) => setTimeout(r, 0));
    expect(dialogs.stack).toEqual([]);
  });
});

describe('focus after a change', () => {
  it("goes to the saved row, else the row now in the changed one's place, else the search box", () => {
    document.body.innerHTML = `<div id="area"><input type="search">
      <div role="row" data-autoid="4" aria-rowindex="3"></div><div role="row" data-autoid="6" aria-rowindex="4"></div></div>`;
    const area = document.getElementById('area')!;
    expect(focusTarget(area, { autoid: 6 })?.getAttribute('data-autoid')).toBe('6');
    expect(focusTarget(area, { autoid: 5, rowIndex: 4 })?.getAttribute('data-autoid')).toBe('6');
    expect(focusTarget(area, { rowIndex: 9 })?.getAttribute('data-autoid')).toBe('6');
    expect(focusTarget(area, {})?.getAttribute('data-autoid')).toBe('4');
    area.querySelectorAll('[role="row"]').forEach((r) => r.remove());
    expect(focusTarget(area, { rowIndex: 3 })?.getAttribute('type')).toBe('search');
  });
});

// A GetForm answer with a field the grid does not show (a text area).
const settings = {
  FieldLength: null,
  min: null,
  max: null,
  step: null,
  Integers: null,
  Decimals: null,
  Options: null,
  ListConfig: null,
};
const base = {
  Value: null,
  Enabled: true,
  Required: false,
  Visibility: 1,
  GroupID: 'general',
  Tab: null,
  Column: 1,
  QuantityUnit: null,
  Rules: { visibleWhen: null, enabledWhen: null, requiredWhen: null },
};
const form: FormAnswer = {
  Properties: [
    {
      ...base,
      FieldName: 'ID',
      Label: 'Code',
      Component: Component.TextInput,
      FieldType: 'text',
      Settings: { ...settings, FieldLength: 20 },
    },
    {
      ...base,
      FieldName: 'Notes',
      Label: 'Opmerkingen',
      Component: Component.TextAreaInput,
      FieldType: 'textarea',
      Settings: settings,
    },
  ],
  Groups: [{ GroupID: 'general', Label: null, Tab: null, Column: 1 }],
};

function editorOf(record: Record<string, unknown>, changed = false): RecordEditor {
  const none = () => {};
  return {
    table: 'things',
    form,
    record,
    stored: record,
    loading: false,
    saving: false,
    hasMutations: changed,
    serverError: null,
    load: async () => true,
    change: none,
    save: async () => true,
    discard: none,
    current: () => record,
    reload: async () => 'ok',
    reset: none,
  };
}

function renderModal(readOnly: boolean, changed = false) {
  const record = { AutoID: 5, ID: 'WAN', Notes: 'Alleen bij wanbetaling', TimeStamp: 1 };
  render(
    <I18nProvider i18n={i18n}>
      <MaintenanceModal
        editor={editorOf(record, changed)}
        isNew={false}
        readOnly={readOnly}
        onClosed={() => {}}
        onSaved={() => {}}
      />
    </I18nProvider>,
  );
}

describe('a record the user may only look at', () => {
  it('opens in the same dialog with every field read-only, no Opslaan and a note why', () => {
    renderModal(true, true);
    expect(screen.getByRole('dialog', { name: 'Bekijken' })).toBeTruthy();
    expect(screen.getByLabelText('Opmerkingen')).toHaveProperty('value', 'Alleen bij wanbetaling');
    expect(screen.getByLabelText('Opmerkingen')).toHaveProperty('readOnly', true);
    expect(screen.getByLabelText('Code')).toHaveProperty('readOnly', true);
    expect(screen.queryByRole('button', { name: 'Opslaan' })).toBeNull();
    expect(screen.getByRole('note').textContent).toBe(
      'U kunt dit item alleen bekijken: u heeft geen recht om het te wijzigen.',
    );
  });

  it('is editable as before with the update right', () => {
    renderModal(false, true);
    expect(screen.getByRole('dialog', { name: 'Bewerken' })).toBeTruthy();
    expect(screen.getByLabelText('Opmerkingen')).toHaveProperty('readOnly', false);
    expect(screen.getByRole('button', { name: 'Opslaan' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });
});

const screens = [
  { name: 'countries', kind: 'systemtable', table: 'countries', title: 'Landen' },
  { name: 'login', kind: 'login', table: '', title: 'Inloggen' },
] as unknown as ScreenInfo[];

describe('a screen the user may not open', () => {
  it("is known when the page address names a screen the user's screens lack", () => {
    expect(refusedRoute(screens, '?route=countries')).toBeNull();
    expect(refusedRoute(screens, '')).toBeNull();
    expect(refusedRoute(screens, '?route=login')).toBeNull();
    expect(refusedRoute(screens, '?route=vatcodes&id=3')).toBe('vatcodes');
  });

  it('says which screen and where an administrator grants the right', () => {
    render(
      <I18nProvider i18n={i18n}>
        <NoScreenRight title="Landen" />
        <NoScreenRight route="vatcodes" />
      </I18nProvider>,
    );
    const [known, unknown] = screen.getAllByRole('alert');
    expect(known.textContent).toBe('U heeft geen recht om het scherm "Landen" te openen.');
    expect(unknown.textContent).toBe(
      'Het scherm "vatcodes" kan niet worden geopend: u heeft er geen recht op, of het bestaat niet.',
    );
    expect(screen.getAllByText('Een beheerder kan u dat recht geven via "Rechten van groepen".')).toHaveLength(2);
  });
});
