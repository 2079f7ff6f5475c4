// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GenericForm } from '../../runtime/form/index.ts';
import type { FormAnswer } from '../../runtime/form/index.ts';
import type { ListEntry } from '../../runtime/api/index.ts';

// A GetForm answer as the server gives it for costcodes (trimmed to four fields).
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
const base = { Value: null, Enabled: true, GroupID: 'general', Tab: null, Column: 1, QuantityUnit: null, Rules: rules };
const form: FormAnswer = {
  Properties: [
    {
      ...base,
      FieldName: 'ID',
      Label: 'Code',
      Required: true,
      Visibility: 3,
      Component: 6,
      FieldType: 'text',
      Settings: { ...settings, FieldLength: 20 },
    },
    {
      ...base,
      FieldName: 'Descr',
      Label: 'Omschrijving',
      Required: true,
      Visibility: 3,
      Component: 6,
      FieldType: 'text',
      Settings: { ...settings, FieldLength: 10 },
    },
    {
      ...base,
      FieldName: 'CostCategory',
      Label: 'Kostensoort',
      Required: false,
      Visibility: 1,
      Component: 2,
      FieldType: 'list',
      Settings: {
        ...settings,
        ListConfig: {
          ListMethod: 'mvc/_lists/costcategories',
          SingleMethod: 'mvc/_lists/costcategories/single',
          Parameters: [],
          GroupID: 'general',
          ParentList: null,
        },
      },
    },
    {
      ...base,
      FieldName: 'Budget',
      Label: 'Budget',
      Required: false,
      Visibility: 1,
      Component: 3,
      FieldType: 'decimal',
      QuantityUnit: 'EUR',
      Settings: { ...settings, min: -999999999999.99, max: 999999999999.99, step: 0.01, Integers: 12, Decimals: 2 },
    },
  ],
  Groups: [{ GroupID: 'general', Label: null, Tab: null, Column: 1 }],
  Tabs: [],
};
const record = {
  AutoID: 0,
  ID: 'K1',
  Descr: '',
  CostCategory: null,
  CostCategory_Descr: null,
  Budget: null,
  TimeStamp: 0,
};
const client = {
  list: vi.fn(async (_method: string, _request: Record<string, unknown>) => ({
    Data: [] as ListEntry[],
    Meta: { HasMore: false },
  })),
  single: vi.fn(async (_method: string, _id: number | string): Promise<ListEntry> => {
    throw new Error('not used');
  }),
};

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'nl', messages: {} });
});
afterEach(cleanup);

function renderForm(props: Partial<Parameters<typeof GenericForm>[0]> = {}) {
  const onChange = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <GenericForm form={form} value={record} onChange={onChange} client={client} {...props} />
    </I18nProvider>,
  );
  return onChange;
}

describe('GenericForm', () => {
  it('labels every input and raises the whole record on typing', () => {
    const onChange = renderForm();
    const descr = screen.getByLabelText('Omschrijving');
    expect(screen.getByLabelText('Code')).toHaveProperty('value', 'K1');
    expect(screen.getByLabelText('Budget')).toBeTruthy();
    expect(screen.getByText('EUR')).toBeTruthy();
    // Required and still empty: the required style.
    expect(descr.className).toContain('form-input--required-empty');
    fireEvent.change(descr, { target: { value: 'Kantoor' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...record, Descr: 'Kantoor' });
    expect(screen.getByLabelText('Omschrijving').className).not.toContain('form-input--required-empty');
  });

  it('shows the maximum-length message while the text is too long', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Omschrijving'), { target: { value: 'Hoofdkantoor' } });
    expect(screen.getByText('field must be less than or equal to 10 characters, you entered 12')).toBeTruthy();
  });

  it('shows ModelState under its field with the label, and the general Error on top', () => {
    renderForm({
      serverError: {
        Error: 'Er zijn één of meerdere fouten in het formulier (Budget)',
        ModelState: {
          Budget: ['De waarde van Budget past niet in 12 cijfers voor en 2 na de komma.'],
          Descr: ['Het veld Descr is verplicht.'],
        },
        TranslationModelState: { ModelState: {} },
      },
    });
    const descrField = screen.getByLabelText('Omschrijving').closest('.form-field')!;
    expect(descrField.textContent).toContain('Het veld Omschrijving is verplicht.');
    expect(screen.getAllByRole('alert')[0].textContent).toBe(
      'Er zijn één of meerdere fouten in het formulier (Budget)',
    );
  });

  it('steps a number and rounds a fractional step on blur', () => {
    const onChange = renderForm();
    const budget = screen.getByLabelText('Budget');
    fireEvent.change(budget, { target: { value: '12.345' } });
    fireEvent.blur(budget);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ Budget: 12.35 }));
    fireEvent.click(screen.getByRole('button', { name: 'Verhogen' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ Budget: 12.36 }));
  });

  it('searches the list when the picker gets focus; Enter takes an entry only once the user chose one', async () => {
    client.list.mockResolvedValueOnce({
      Data: [{ AutoID: 4, ID: 'A', Descr: 'Algemeen', Archive: false }],
      Meta: { HasMore: false },
    });
    const onChange = renderForm();
    const picker = screen.getByLabelText('Kostensoort');
    fireEvent.focus(picker);
    expect(await screen.findByRole('option', { name: 'Algemeen' })).toBeTruthy();
    expect(client.list).toHaveBeenCalledWith('mvc/_lists/costcategories', {
      searchKey: '',
      page: 0,
      pageSize: 30,
      Archive: false,
    });
    const calls = onChange.mock.calls.length;
    fireEvent.keyDown(picker, { key: 'Enter' });
    expect(onChange.mock.calls.length).toBe(calls);
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    fireEvent.keyDown(picker, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ CostCategory: 4 }));
    expect(screen.getByLabelText('Kostensoort')).toHaveProperty('value', 'Algemeen');
  });
});
