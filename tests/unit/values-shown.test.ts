// One way of showing a value wherever it is shown (a grid cell, a record's header): numbers in the
// user's language, a decimal field with its own number of decimals, whole numbers as their digits;
// a field or column with options (a choice, a workflow's status kept as a number or a flag) by its
// option's label.
import { describe, expect, it } from 'vitest';
import type { FormProperty } from '../../runtime/form/index.ts';
import { cellContent } from '../../runtime/grid/format.ts';
import type { GridColumn } from '../../runtime/grid/types.ts';
import { formatNumber } from '../../runtime/i18n/numbers.ts';
import { headerItems, valueText } from '../../runtime/screens/detail/headerValues.ts';

describe('a number', () => {
  it("of a decimal field shows its own number of decimals in the user's language", () => {
    expect(formatNumber(302.5, 'nl', { decimal: true, decimals: 2 })).toBe('302,50');
    expect(formatNumber(302.5, 'en', { decimal: true, decimals: 2 })).toBe('302.50');
    expect(formatNumber(1234.5, 'nl', { decimal: true, decimals: 2 })).toBe('1.234,50');
    expect(formatNumber(0, 'nl', { decimal: true, decimals: 2 })).toBe('0,00');
    expect(formatNumber(1.5, 'nl', { decimal: true, decimals: 3 })).toBe('1,500');
    expect(formatNumber(-7.125, 'nl', { decimal: true, decimals: 0 })).toBe('-7');
  });
  it('of a decimal whose number of decimals is not known shows the decimals it has', () => {
    expect(formatNumber(181.5, 'nl', { decimal: true })).toBe('181,5');
    expect(formatNumber(0.1 + 0.2, 'nl', { decimal: true, decimals: null })).toBe('0,3');
  });
  it('too precise for a JS number comes as text and is shown exactly', () => {
    expect(formatNumber('12345678901234567.89', 'nl', { decimal: true, decimals: 2 })).toBe(
      '12.345.678.901.234.567,89',
    );
  });
  it('that is whole (a code, a count) shows its digits; what is no number shows as it is', () => {
    expect(formatNumber(20260302, 'nl', { decimal: false })).toBe('20260302');
    expect(formatNumber('abc', 'nl', { decimal: true, decimals: 2 })).toBe('abc');
    expect(formatNumber(Number.NaN, 'nl', { decimal: true, decimals: 2 })).toBe('NaN');
  });
  it('in a language tag the browser does not know still shows', () => {
    expect(formatNumber(2.5, 'xx-invalid-tag-!', { decimal: true, decimals: 2 })).toMatch(/^2[.,]50$/);
  });
});

const col = (FieldName: string, extra: Partial<GridColumn> = {}): GridColumn => ({
  FieldName,
  Title: FieldName,
  ...extra,
});
const STATES = [
  { Value: '-1', Label: 'Mand' },
  { Value: '4', Label: 'Backorder' },
];
const CANCELLED = [
  { Value: 'false', Label: 'Niet geannuleerd' },
  { Value: 'true', Label: 'Geannuleerd' },
];

describe('a grid cell', () => {
  it('of a decimal column shows the decimals the server says it has, else those it has', () => {
    const row = { Total: 181.5 };
    expect(cellContent(col('Total', { FieldType: 'decimal', Decimals: 2 }), row, 'nl')).toEqual({
      kind: 'text',
      text: '181,50',
    });
    expect(cellContent(col('Total', { FieldType: 'decimal' }), row, 'nl')).toEqual({ kind: 'text', text: '181,5' });
    expect(cellContent(col('Count', { FieldType: 'integer' }), { Count: 12345 }, 'nl')).toEqual({
      kind: 'text',
      text: '12345',
    });
  });
  it("of a status kept as a number or a flag shows its state's label, though it filters as itself", () => {
    const status = col('Status', { FieldType: 'integer', AdvancedFilterType: 'number', Options: STATES });
    expect(cellContent(status, { Status: 4 }, 'nl')).toEqual({ kind: 'text', text: 'Backorder' });
    expect(cellContent(status, { Status: -1 }, 'nl')).toEqual({ kind: 'text', text: 'Mand' });
    // A value without an option (older data) shows as it is.
    expect(cellContent(status, { Status: 9 }, 'nl')).toEqual({ kind: 'text', text: '9' });
    const cancelled = col('Cancelled', { FieldType: 'bool', AdvancedFilterType: 'bool', Options: CANCELLED });
    expect(cellContent(cancelled, { Cancelled: true }, 'nl')).toEqual({ kind: 'text', text: 'Geannuleerd' });
    expect(cellContent(cancelled, { Cancelled: false }, 'nl')).toEqual({ kind: 'text', text: 'Niet geannuleerd' });
    // Without options a flag is still a checkbox.
    expect(
      cellContent(col('Blocked', { FieldType: 'bool', AdvancedFilterType: 'bool' }), { Blocked: true }, 'nl'),
    ).toEqual({ kind: 'bool', value: true });
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
const prop = (
  FieldName: string,
  Label: string,
  FieldType: FormProperty['FieldType'],
  extra: Partial<FormProperty['Settings']> = {},
): FormProperty => ({
  FieldName,
  Label,
  Value: null,
  Required: false,
  Enabled: false,
  Visibility: 2,
  Component: 3,
  FieldType,
  QuantityUnit: null,
  GroupID: 'g',
  Tab: null,
  Column: 1,
  Settings: { ...settings, ...extra },
  Rules: { visibleWhen: null, enabledWhen: null, requiredWhen: null },
});

describe('a header item', () => {
  const properties = [
    prop('TotalInclVat', 'Totaal incl. btw', 'decimal', { Decimals: 2 }),
    prop('Status', 'Status', 'integer', {
      Options: [
        { value: '-1', label: 'Mand' },
        { value: '4', label: 'Backorder' },
      ],
    }),
    prop('Cancelled', 'Geannuleerd', 'bool', {
      Options: [
        { value: 'false', label: 'Niet geannuleerd' },
        { value: 'true', label: 'Geannuleerd' },
      ],
    }),
    prop('Blocked', 'Geblokkeerd', 'bool'),
    prop('PaymentTermDays', 'Betalingstermijn', 'integer'),
  ];
  const record = { TotalInclVat: 302.5, Status: 4, Cancelled: true, Blocked: false, PaymentTermDays: 30 };
  it('shows numbers as the grid does, a status by its label, a flag without options as yes/no', () => {
    expect(
      headerItems(
        ['TotalInclVat', 'Status', 'Cancelled', 'Blocked', 'PaymentTermDays'],
        properties,
        record,
        ['Ja', 'Nee'],
        'nl',
      ).map((i) => i.text),
    ).toEqual(['302,50', 'Backorder', 'Geannuleerd', 'Nee', '30']);
    expect(valueText(properties[0], 'TotalInclVat', record, ['Yes', 'No'], 'en')).toBe('302.50');
    expect(valueText(properties[2], 'Cancelled', { Cancelled: false }, ['Ja', 'Nee'])).toBe('Niet geannuleerd');
    expect(valueText(properties[0], 'TotalInclVat', { TotalInclVat: null }, ['Ja', 'Nee'])).toBe('');
  });
});
