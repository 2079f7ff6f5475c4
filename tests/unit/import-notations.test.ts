// Cells read in the import's notations, as a field's value: each notation, each field kind, and
// the messages that name the column and the rule.
import { describe, expect, it } from 'vitest';
import type { EffectiveField, ImportNotations } from '../../definitions/language/index.ts';
import { readCell, datePattern } from '../../server/imports/notations.ts';
import { isNotesRow, mapColumns } from '../../server/imports/columns.ts';

const field = (type: string, extra: Partial<EffectiveField> = {}) =>
  ({ name: 'F', label: 'Veld', type, ...extra }) as unknown as EffectiveField;
const nl: ImportNotations = { DecimalFormat: 'Comma', BooleanFormat: 'YesNo', DateFormat: 'DMYYYY_Dash' };
const value = (f: EffectiveField, cell: unknown, n: Partial<ImportNotations> = {}) =>
  readCell(f, cell as never, { ...nl, ...n });

describe('decimal notations', () => {
  it.each([
    ['Comma', '1.234,5', '1234.5'],
    ['Comma', '-12,75', '-12.75'],
    ['Comma', '1234', '1234'],
    ['Dot', '1,234.5', '1234.5'],
    ['Dot', '0.25', '0.25'],
  ] as const)('%s reads %s as %s', (DecimalFormat, text, expected) => {
    expect(value(field('decimal'), text, { DecimalFormat })).toEqual({ value: expected });
  });
  it('refuses a number in the other notation or with stray group separators, naming the example', () => {
    expect(value(field('decimal'), '1,234.5')).toEqual({ problem: { id: 'import.number', args: ['Veld', '1.234,5'] } });
    expect(value(field('decimal'), '12.34,5')).toHaveProperty('problem');
  });
  it('takes a number cell as it is, and a whole number only whole', () => {
    expect(value(field('decimal'), 12.5)).toEqual({ value: 12.5 });
    expect(value(field('integer'), 7)).toEqual({ value: 7 });
    expect(value(field('integer'), '1.000')).toEqual({ value: 1000 });
    expect(value(field('integer'), 7.5)).toEqual({ problem: { id: 'import.whole_number', args: ['Veld'] } });
  });
});

describe('boolean notations', () => {
  it.each([
    ['TrueFalse', 'TRUE', 'false'],
    ['YesNo', 'Yes', 'no'],
    ['TF', 't', 'F'],
    ['YN', 'Y', 'n'],
    ['OneZero', '1', '0'],
  ] as const)('%s reads %s and %s', (BooleanFormat, yes, no) => {
    expect(value(field('bool'), yes, { BooleanFormat })).toEqual({ value: true });
    expect(value(field('bool'), no, { BooleanFormat })).toEqual({ value: false });
  });
  it('takes a boolean cell in any notation, and says which words it expects otherwise', () => {
    expect(value(field('bool'), true, { BooleanFormat: 'OneZero' })).toEqual({ value: true });
    expect(value(field('bool'), 'misschien')).toEqual({
      problem: { id: 'import.boolean', args: ['Veld', 'JA', 'NEE'] },
    });
  });
  it('reads YesNo in each language of the product: Ja/Nee as a Dutch template shows them, Yes/No, Oui/Non …', () => {
    for (const yes of ['Ja', 'yes', 'Oui', 'Sí', 'Tak', 'Evet', '是'])
      expect(value(field('bool'), yes)).toEqual({ value: true });
    for (const no of ['Nee', 'No', 'nein', 'Nej', 'non', 'Nie', 'Hayır', '否'])
      expect(value(field('bool'), no)).toEqual({ value: false });
    // Another notation keeps to its own words.
    expect(value(field('bool'), 'ja', { BooleanFormat: 'YN' })).toMatchObject({ problem: { id: 'import.boolean' } });
  });
});

describe('date notations', () => {
  it.each([
    ['DMYYYY', '1/2/2026'],
    ['DMYYYY_Dash', '1-2-2026'],
    ['DDMMYYYY', '01-02-2026'],
    ['MDYYYY', '2/1/2026'],
    ['MDYYYY_Dash', '2-1-2026'],
    ['MMDDYYYY', '02/01/2026'],
  ] as const)('%s reads %s as 1 February 2026', (DateFormat, text) => {
    expect(value(field('date'), text, { DateFormat })).toEqual({ value: '2026-02-01' });
  });
  it('refuses an impossible date, naming the notation', () => {
    expect(value(field('date'), '31-2-2026')).toEqual({ problem: { id: 'import.date', args: ['Veld', 'D-M-YYYY'] } });
    expect(datePattern('MMDDYYYY')).toBe('MM/DD/YYYY');
  });
  it('reads a time after the date, and date cells by their wall-clock time', () => {
    expect(value(field('datetime'), '1-2-2026 9:05')).toEqual({ value: '2026-02-01 09:05' });
    expect(value(field('datetime-seconds'), '1-2-2026 09:05')).toEqual({ value: '2026-02-01 09:05:00' });
    expect(value(field('date'), new Date(Date.UTC(2026, 1, 1)))).toEqual({ value: '2026-02-01' });
    expect(value(field('time'), '7:30')).toEqual({ value: '07:30' });
  });
});

describe('other cells', () => {
  it('reads a select option by its value or its label', () => {
    const f = field('select', { options: [{ value: 'new', label: 'Nieuw' }] });
    expect(value(f, 'new')).toEqual({ value: 'new' });
    expect(value(f, 'nieuw')).toEqual({ value: 'new' });
  });
  it('keeps text as text, numbers in a text field as their digits', () => {
    expect(value(field('text'), '=1+1')).toEqual({ value: '=1+1' });
    expect(value(field('text'), 1001)).toEqual({ value: '1001' });
  });
  it('fails a formula without a saved value, and an error cell', () => {
    expect(value(field('text'), { error: 'formula' })).toEqual({
      problem: { id: 'import.formula_without_value', args: ['Veld'] },
    });
    expect(value(field('text'), { error: 'value', text: '#N/A' })).toEqual({
      problem: { id: 'import.cell_error', args: ['Veld', '#N/A'] },
    });
  });
});

describe('columns', () => {
  const code = field('text', { name: 'ID', label: 'Artikelnummer' });
  const descr = field('text', { name: 'Descr', label: 'Omschrijving' });
  it('knows a column by label or name in any case, AutoID as the record, and lists the rest', () => {
    const map = mapColumns(
      ['AutoID', 'artikelnummer', 'DESCR', 'Onbekend', 'Omschrijving'],
      [code, descr],
      () => undefined,
    );
    expect(map.id).toBe(0);
    expect(map.columns.map((c) => [c.index, c.field.name])).toEqual([
      [1, 'ID'],
      [2, 'Descr'],
    ]);
    expect(map.ignored).toEqual(['Onbekend']);
    expect(map.twice).toEqual(['Omschrijving']);
  });
  it('takes ID as a field when one is called so', () => {
    expect(mapColumns(['ID'], [code], () => undefined)).toMatchObject({ id: null, columns: [{ index: 0 }] });
  });
  it("knows the template's notes row", () => {
    expect(isNotesRow(['[leeg voor een nieuw record]', null, '[geheel getal]'])).toBe(true);
    expect(isNotesRow(['[a]', 'Hamer'])).toBe(false);
    expect(isNotesRow([null, ''])).toBe(false);
  });
});
