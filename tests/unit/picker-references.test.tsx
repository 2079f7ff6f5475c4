// @vitest-environment jsdom
// A list field opens the row it refers to and makes new ones ("+ Nieuw") as the user's rights on
// the list's table allow; a new row is picked into the field.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListEntry } from '../../runtime/api/index.ts';
import {
  GenericForm,
  initialPicker,
  pickerReducer,
  prefillValues,
  referenceOffer,
  type FormAnswer,
  type OpenReference,
  type PickerState,
} from '../../runtime/form/index.ts';
import { permissions } from '../../runtime/state/index.ts';

const RIGHT = '2.1';
const config = {
  ListMethod: 'mvc/_lists/persons',
  SingleMethod: 'mvc/_lists/persons/single',
  Parameters: ['RelationID'],
  GroupID: 'general',
  ParentList: null,
  ValueField: 'AutoID' as const,
  For: 'orders.DeliverPerson',
  Reads: ['DeliverRelation'],
  Table: 'persons',
  Right: RIGHT,
  Prefill: [{ Field: 'Relation', From: 'DeliverRelation' }],
};
const settings = {
  FieldLength: null,
  min: null,
  max: null,
  step: null,
  Integers: null,
  Decimals: null,
  Options: null,
  ListConfig: config,
};
const form: FormAnswer = {
  Properties: [
    {
      Value: null,
      Enabled: true,
      GroupID: 'general',
      Tab: null,
      Column: 1,
      QuantityUnit: null,
      Rules: { visibleWhen: null, enabledWhen: null, requiredWhen: null },
      FieldName: 'DeliverPerson',
      Label: 'Contactpersoon',
      Required: false,
      Visibility: 1,
      Component: 2,
      FieldType: 'list',
      Settings: settings,
    },
  ],
  Groups: [{ GroupID: 'general', Label: null, Tab: null, Column: 1 }],
  Tabs: [],
};
const jan: ListEntry = { AutoID: 5, ID: 'P5', Descr: 'Jan Jansen', Archive: false };

function grant(actions: { read: boolean; update: boolean; create: boolean }) {
  permissions.known = {
    [`${RIGHT}|1.1`]: actions.read,
    [`${RIGHT}|1.2`]: actions.update,
    [`${RIGHT}|1.3`]: actions.create,
  };
}

function renderForm(record: Record<string, unknown>, references?: OpenReference) {
  const onChange = vi.fn();
  const client = {
    list: vi.fn(async () => ({ Data: [jan], Meta: { HasMore: false } })),
    single: vi.fn(async (_method: string, id: number | string): Promise<ListEntry> =>
      id === 9 ? { AutoID: 9, ID: 'P9', Descr: 'Piet Nieuw', Archive: false } : jan,
    ),
  };
  render(
    <I18nProvider i18n={i18n}>
      <GenericForm form={form} value={record} onChange={onChange} client={client} references={references} />
    </I18nProvider>,
  );
  return { onChange, client };
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'nl', messages: {} });
});
beforeEach(() => grant({ read: true, update: true, create: true }));
afterEach(() => {
  cleanup();
  permissions.known = {};
});

describe('what a picker offers besides choosing', () => {
  const base = { config, hasValue: true, locked: false, hosted: true };
  it('follows the rights on the list table: read opens, update edits, create makes rows', () => {
    expect(referenceOffer({ ...base, rights: { read: true, update: true, create: true } })).toEqual({
      open: true,
      edit: true,
      create: true,
    });
    expect(referenceOffer({ ...base, rights: { read: true, update: false, create: false } })).toEqual({
      open: true,
      edit: false,
      create: false,
    });
    expect(referenceOffer({ ...base, rights: { read: false, update: false, create: true } })).toEqual({
      open: false,
      edit: false,
      create: true,
    });
  });
  it('offers nothing while the rights are unknown, without a host, for a catalogue, or to create when locked', () => {
    const all = { read: true, update: true, create: true };
    expect(referenceOffer({ ...base, rights: null }).create).toBe(false);
    expect(referenceOffer({ ...base, hosted: false, rights: all }).open).toBe(false);
    expect(referenceOffer({ ...base, config: { Table: null }, rights: all }).create).toBe(false);
    expect(referenceOffer({ ...base, locked: true, rights: all })).toEqual({ open: true, edit: true, create: false });
    expect(referenceOffer({ ...base, hasValue: false, rights: all })).toEqual({
      open: false,
      edit: false,
      create: true,
    });
  });
  it('fills a new row from the record fields the listFilter names, leaving empty ones out', () => {
    expect(prefillValues(config, { DeliverRelation: 12 })).toEqual({ Relation: 12 });
    expect(prefillValues(config, { DeliverRelation: null })).toEqual({});
    expect(prefillValues({ Prefill: [] }, { DeliverRelation: 12 })).toEqual({});
  });
  it('moves past the last entry to "+ Nieuw" only when it is there', () => {
    const open: PickerState = { ...initialPicker(), open: true, items: [jan] };
    const down = (state: PickerState, extra: number) => pickerReducer(state, { type: 'move', by: 1, extra });
    expect(down(down(open, 0), 0).highlight).toBe(0);
    expect(down(down(open, 1), 1).highlight).toBe(1);
  });
});

describe('the picker in a form', () => {
  it('makes a new row with "+ Nieuw", prefilled, and picks it', async () => {
    const references = vi.fn<OpenReference>(async () => ({ AutoID: 9, Descr: 'Piet Nieuw' }));
    const { onChange } = renderForm({ AutoID: 0, DeliverRelation: 12, DeliverPerson: null }, references);
    const picker = screen.getByLabelText('Contactpersoon');
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: '+ Nieuw' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ DeliverPerson: 9 })));
    expect(references).toHaveBeenCalledWith({
      table: 'persons',
      autoid: 0,
      title: 'Contactpersoon: nieuw',
      readOnly: false,
      values: { Relation: 12 },
    });
    expect(screen.getByLabelText('Contactpersoon')).toHaveProperty('value', 'Piet Nieuw');
  });

  it('leaves the field as it was when the new row is not saved; Enter on "+ Nieuw" opens it too', async () => {
    const references = vi.fn<OpenReference>(async () => null);
    const { onChange } = renderForm({ AutoID: 0, DeliverRelation: null, DeliverPerson: null }, references);
    const picker = screen.getByLabelText('Contactpersoon');
    fireEvent.click(picker);
    await screen.findByRole('option', { name: 'Jan Jansen' });
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    fireEvent.keyDown(picker, { key: 'Enter' });
    await waitFor(() => expect(references).toHaveBeenCalledTimes(1));
    expect(references.mock.calls[0][0].values).toEqual({});
    expect(onChange).not.toHaveBeenCalledWith(expect.objectContaining({ DeliverPerson: expect.anything() }));
  });

  it('without the create right offers no "+ Nieuw"', async () => {
    grant({ read: true, update: true, create: false });
    renderForm({ AutoID: 0, DeliverPerson: null }, vi.fn<OpenReference>());
    fireEvent.click(screen.getByLabelText('Contactpersoon'));
    expect(await screen.findByRole('option', { name: 'Jan Jansen' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: '+ Nieuw' })).toBeNull();
  });

  it('opens the chosen row, read-only without the update right, and shows its text as it then is', async () => {
    grant({ read: true, update: false, create: false });
    const references = vi.fn<OpenReference>(async () => null);
    const { client } = renderForm({ AutoID: 3, DeliverPerson: 5, DeliverPerson_Descr: 'J. Jansen (oud)' }, references);
    expect(screen.getByLabelText('Contactpersoon')).toHaveProperty('value', 'J. Jansen (oud)');
    fireEvent.click(await screen.findByRole('button', { name: 'Contactpersoon openen' }));
    expect(references).toHaveBeenCalledWith({ table: 'persons', autoid: 5, title: 'Contactpersoon', readOnly: true });
    await waitFor(() => expect(screen.getByLabelText('Contactpersoon')).toHaveProperty('value', 'Jan Jansen'));
    expect(client.single).toHaveBeenCalledWith('mvc/_lists/persons/single', 5);
  });

  it('offers no open button without the read right, nor where no page hosts the dialogs', async () => {
    grant({ read: false, update: false, create: true });
    const record = { AutoID: 3, DeliverPerson: 5, DeliverPerson_Descr: 'Jan Jansen' };
    renderForm(record, vi.fn<OpenReference>());
    fireEvent.click(screen.getByLabelText('Contactpersoon'));
    // The rights are known once "+ Nieuw" shows.
    expect(await screen.findByRole('option', { name: '+ Nieuw' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Contactpersoon openen' })).toBeNull();
    cleanup();
    grant({ read: true, update: true, create: true });
    renderForm(record);
    fireEvent.click(screen.getByLabelText('Contactpersoon'));
    expect(await screen.findByRole('option', { name: 'Jan Jansen' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: '+ Nieuw' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Contactpersoon openen' })).toBeNull();
  });
});
