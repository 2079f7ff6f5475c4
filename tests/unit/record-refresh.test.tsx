// @vitest-environment jsdom
// An open record the server changed without a new TimeStamp (the totals of its rows, after a row
// was added) is no one else's change: read again, its values are taken in with the user's edits
// kept, and no notice shows; another TimeStamp, or a deleted record, is told. Locked fields read as
// elsewhere: a decimal with its own number of decimals, a status by its label. One open record
// is offered only the actions one record can take.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Component, EVENT_TYPES } from '../../definitions/language/index.ts';
import type { ScreenInfo } from '../../runtime/api/index.ts';
import { GenericForm, type FormAnswer, type FormProperty } from '../../runtime/form/index.ts';
import { publish } from '../../runtime/live/index.ts';
import { recordActions } from '../../runtime/screens/actions/model.ts';
import { RecordChangedNotice } from '../../runtime/screens/RecordChangedNotice.tsx';
import { sameVersion, withEdits, type RefreshOutcome } from '../../runtime/screens/editor/index.ts';

beforeAll(() => {
  i18n.setMessagesCompiler(compileMessage);
  i18n.loadAndActivate({ locale: 'nl', messages: {} });
});
afterEach(cleanup);

describe('reading the open record again', () => {
  const stored = { AutoID: 7, TimeStamp: 12, Descr: 'Hekken', Notes: null, TotalInclVat: 302.5 };
  it('is the same version only with the same TimeStamp', () => {
    expect(sameVersion({ TimeStamp: 12 }, stored)).toBe(true);
    expect(sameVersion({ TimeStamp: '12' }, stored)).toBe(true);
    expect(sameVersion({ TimeStamp: 13 }, stored)).toBe(false);
    expect(sameVersion({}, {})).toBe(false);
  });
  it('takes in what the server keeps and keeps what the user changed', () => {
    const edited = { ...stored, Descr: 'Hekken en aggregaat', Notes: '' };
    const read = { ...stored, TotalInclVat: 181.5, Descr: 'Hekken' };
    expect(withEdits(read, edited, stored)).toEqual({ ...stored, TotalInclVat: 181.5, Descr: 'Hekken en aggregaat' });
    expect(withEdits(read, stored, stored)).toEqual(read);
  });
});

const changed = (Table: string, AutoID: number, Action = 'updated') =>
  publish({ EventType: EVENT_TYPES.RecordChanged, EventData: { Table, AutoID, Action }, LastReceived: '1' });

function renderNotice(outcome: RefreshOutcome) {
  const refresh = vi.fn(async () => outcome);
  const editor = {
    table: 'orders',
    record: { AutoID: 7, TimeStamp: 12 },
    hasMutations: true,
    reload: async () => 'ok' as const,
    refresh,
  };
  render(
    <I18nProvider i18n={i18n}>
      <RecordChangedNotice editor={editor} />
    </I18nProvider>,
  );
  return refresh;
}

describe('a live change of the open record', () => {
  it('with the TimeStamp the form holds shows no notice', async () => {
    const refresh = renderNotice('same');
    act(() => changed('orders', 7));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    await act(async () => {});
    expect(screen.queryByRole('alert')).toBeNull();
  });
  it('with another TimeStamp says someone else changed it', async () => {
    renderNotice('changed');
    act(() => changed('Orders', 7));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Dit item is intussen door iemand anders gewijzigd.'),
    );
  });
  it("found gone, or deleted, says so; another record's change is not asked about", async () => {
    const refresh = renderNotice('gone');
    act(() => changed('orders', 8));
    act(() => changed('orderlines', 7));
    expect(refresh).not.toHaveBeenCalled();
    act(() => changed('orders', 7));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('verwijderd'));
    cleanup();
    const unused = renderNotice('same');
    act(() => changed('orders', 7, 'deleted'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Dit item is intussen door iemand anders verwijderd.'),
    );
    expect(unused).not.toHaveBeenCalled();
  });
});

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
const rules = { visibleWhen: null, enabledWhen: null, requiredWhen: null };
const field = (
  FieldName: string,
  Label: string,
  FieldType: FormProperty['FieldType'],
  Component: number,
  extra: Partial<FormProperty> = {},
  more: Partial<FormProperty['Settings']> = {},
): FormProperty => ({
  FieldName,
  Label,
  FieldType,
  Component,
  Value: null,
  Required: false,
  Enabled: false,
  Visibility: 2,
  GroupID: 'g',
  Tab: null,
  Column: 1,
  QuantityUnit: null,
  Settings: { ...settings, ...more },
  Rules: rules,
  ...extra,
});

describe('a locked field', () => {
  const form: FormAnswer = {
    Properties: [
      field('TotalExclVat', 'Totaal excl. btw', 'decimal', Component.NumericInput, {}, { Decimals: 2, step: 0.01 }),
      field(
        'Price',
        'Prijs',
        'decimal',
        Component.NumericInput,
        { Enabled: true, Visibility: 1 },
        { Decimals: 2, step: 0.01 },
      ),
      field(
        'Status',
        'Status',
        'integer',
        Component.NumericInput,
        {},
        {
          step: 1,
          Options: [
            { value: '-1', label: 'Mand' },
            { value: '4', label: 'Backorder' },
          ],
        },
      ),
      field(
        'Cancelled',
        'Geannuleerd',
        'bool',
        Component.BoolInput,
        {},
        {
          Options: [
            { value: 'false', label: 'Niet geannuleerd' },
            { value: 'true', label: 'Geannuleerd' },
          ],
        },
      ),
      field('Blocked', 'Geblokkeerd', 'bool', Component.BoolInput),
    ],
    Groups: [{ GroupID: 'g', Label: null, Tab: null, Column: 1 }],
  };
  it('shows a decimal as the grid does and a status by its label; an editable number as typed', () => {
    const record = { AutoID: 7, TotalExclVat: 150, Price: 31.5, Status: 4, Cancelled: true, Blocked: true };
    render(
      <I18nProvider i18n={i18n}>
        <GenericForm form={form} value={record} onChange={() => {}} />
      </I18nProvider>,
    );
    expect(screen.getByLabelText('Totaal excl. btw')).toHaveProperty('value', '150,00');
    expect(screen.getByLabelText('Prijs')).toHaveProperty('value', '31.5');
    expect(screen.getByLabelText('Status')).toHaveProperty('value', 'Backorder');
    expect(screen.getByLabelText('Status')).toHaveProperty('readOnly', true);
    expect(screen.getByLabelText('Geannuleerd')).toHaveProperty('value', 'Geannuleerd');
    expect(screen.getByLabelText('Geblokkeerd')).toHaveProperty('checked', true);
  });
});

describe('the actions of one open record', () => {
  it('leave out an action that needs several rows (merging orders)', () => {
    const screenDef: Pick<ScreenInfo, 'actions'> = {
      actions: [
        { name: 'collect', label: 'Orders samenvoegen', batch: true, minSelected: 2, merge: { into: 'first' } },
        { name: 'print', label: 'Afdrukken', batch: true },
      ],
    };
    expect(recordActions(screenDef, []).map((a) => a.name)).toEqual(['print']);
  });
});
