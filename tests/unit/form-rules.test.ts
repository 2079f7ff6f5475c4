import { describe, expect, it } from 'vitest';
import { PICKER_PAGE_SIZE } from '../../definitions/language/index.ts';
import {
  apiFromText,
  applyUserStamp,
  blocksKey,
  canClear,
  capTyped,
  PICKER_FOCUS_OPEN_DELAY_MS,
  acceptedEntry,
  archiveFlag,
  focusOpenDelay,
  initialPicker,
  limitColorText,
  maxLengthProblem,
  normalizeTime,
  numericOnBlur,
  parseNumeric,
  pickerKey,
  pickerParameters,
  pickerReducer,
  searchText,
  stepValue,
  swatchColor,
  textFromApi,
  throttle,
} from '../../runtime/form/rules/index.ts';
import type { FormProperty } from '../../runtime/form/types.ts';
import type { ListEntry } from '../../runtime/api/index.ts';

describe('numeric input', () => {
  const limits = { min: 0, max: 10, step: 1 };
  it('steppers move one step and stop at min and max', () => {
    expect(stepValue(4, 1, limits)).toBe(5);
    expect(stepValue(10, 1, limits)).toBe(10);
    expect(stepValue(0, -1, limits)).toBe(0);
    expect(stepValue(null, 1, { min: 5, max: 10, step: 1 })).toBe(6);
    expect(stepValue(0.1, 1, { step: 0.2 })).toBe(0.3);
  });
  it('step 1 blocks the dot and the comma; a fractional step does not', () => {
    expect(blocksKey('.', { step: 1 })).toBe(true);
    expect(blocksKey(',', { step: 1 })).toBe(true);
    expect(blocksKey('5', { step: 1 })).toBe(false);
    expect(blocksKey(',', { step: 0.01 })).toBe(false);
  });
  it('the numeric-keys option allows digits only', () => {
    expect(blocksKey('-', { numericKeys: true })).toBe(true);
    expect(blocksKey('a', { numericKeys: true })).toBe(true);
    expect(blocksKey('7', { numericKeys: true })).toBe(false);
    expect(blocksKey('Backspace', { numericKeys: true })).toBe(false);
  });
  it('a fractional step rounds to its decimals on blur; a whole step leaves the value', () => {
    expect(numericOnBlur(1.23456, { step: 0.01 })).toBe(1.23);
    expect(numericOnBlur(1.2345678, { step: 0.000001 })).toBe(1.234568);
    expect(numericOnBlur(7, { step: 1 })).toBe(7);
  });
  it('empty or NaN becomes null', () => {
    expect(parseNumeric('')).toBeNull();
    expect(parseNumeric('abc')).toBeNull();
    expect(parseNumeric(Number.NaN)).toBeNull();
    expect(parseNumeric('12,5')).toBe(12.5);
  });
});

describe('text, stamp, time and colour', () => {
  it('reports a text over its maximum length with the limit and the length', () => {
    expect(maxLengthProblem('abcdef', 5)).toEqual({ max: 5, length: 6 });
    expect(maxLengthProblem('abcde', 5)).toBeNull();
  });
  it('the user stamp puts the person and D-M-YYYY HH:mm in front', () => {
    expect(applyUserStamp('gebeld', 'Jan Jansen', new Date(2024, 2, 5, 9, 7))).toBe(
      'Jan Jansen 5-3-2024 09:07: gebeld',
    );
  });
  it('time is HH:mm and a missing minute counts as 0', () => {
    expect(normalizeTime('8')).toBe('08:00');
    expect(normalizeTime('8:5')).toBe('08:05');
    expect(normalizeTime('1730')).toBe('17:30');
    expect(normalizeTime('25:99')).toBe('23:59');
    expect(normalizeTime('')).toBeNull();
  });
  it('colour text has at most 9 characters and the swatch drops alpha', () => {
    expect(limitColorText('#aabbccdd00')).toBe('#aabbccdd');
    expect(swatchColor('#AABBCCDD')).toBe('#aabbcc');
    expect(swatchColor('#abc')).toBe('#aabbcc');
    expect(swatchColor('red')).toBeNull();
  });
});

describe('date-time input', () => {
  it('caps day 31, month 12, year 9999', () => {
    expect(capTyped('45-13-99999', 'date')).toBe('31-12-9999');
  });
  it('raises a value only when every visible part is filled', () => {
    expect(apiFromText('5-3', 'date')).toBeUndefined();
    expect(apiFromText('5-3-202', 'date')).toBeUndefined();
    expect(apiFromText('5-3-2024', 'date')).toBe('2024-03-05');
    expect(apiFromText('5-3-2024', 'datetime')).toBeUndefined();
    expect(apiFromText('5-3-2024 8:30', 'datetime')).toBe('2024-03-05T08:30');
    expect(apiFromText('5-3-2024 8:30:15', 'datetime-seconds')).toBe('2024-03-05T08:30:15');
    expect(apiFromText('', 'date')).toBeNull();
  });
  it('prefixes a two-digit year with 20', () => {
    expect(apiFromText('1-2-24', 'date')).toBe('2024-02-01');
  });
  it('shows API values as D-M-YYYY with HH:mm or HH:mm:ss', () => {
    expect(textFromApi('2024-03-05', 'date')).toBe('5-3-2024');
    expect(textFromApi('2024-03-05T08:30', 'datetime')).toBe('5-3-2024 08:30');
    expect(textFromApi('2024-03-05T08:30:15', 'datetime-seconds')).toBe('5-3-2024 08:30:15');
  });
});

describe('list picker', () => {
  const items = [1, 2, 3].map((n) => ({ AutoID: n, ID: `C${n}`, Descr: `Item ${n}`, Archive: false }));
  const selected = initialPicker('Item 2');

  it('focus keeps the shown value and searches for everything; blur restores the selection text', () => {
    const focused = pickerReducer(selected, { type: 'focus' });
    expect(focused).toMatchObject({ open: false, text: 'Item 2', typed: false });
    const opened = pickerReducer(focused, { type: 'open' });
    expect(opened).toMatchObject({ open: true, text: 'Item 2' });
    expect(searchText(opened)).toBe('');
    const typed = pickerReducer(opened, { type: 'type', text: 'ite' });
    expect(searchText(typed)).toBe('ite');
    expect(pickerReducer(typed, { type: 'blur' })).toMatchObject({ open: false, text: 'Item 2', typed: false });
  });
  it('asks a lookup list for active rows with the Archive flag; a catalogue takes no flag', () => {
    expect(archiveFlag('mvc/_lists/costcategories')).toEqual({ Archive: false });
    expect(archiveFlag('/mvc/_lists/relations')).toEqual({ Archive: false });
    expect(archiveFlag('mvc/_catalogues/rights')).toEqual({});
  });
  it('opens 1000 ms after focus from another element, at once after a click', () => {
    expect(PICKER_FOCUS_OPEN_DELAY_MS).toBe(1000);
    expect(focusOpenDelay(true)).toBe(1000);
    expect(focusOpenDelay(false)).toBe(0);
  });
  it('Tab through an opened picker accepts nothing; a typed search or an arrow choice is accepted', () => {
    const opened = pickerReducer(pickerReducer(selected, { type: 'focus' }), { type: 'open' });
    const listed = pickerReducer(opened, { type: 'results', items, page: 0, hasMore: false });
    expect(listed.highlight).toBe(-1);
    expect(acceptedEntry(listed)).toBeUndefined();
    const searched = pickerReducer(pickerReducer(opened, { type: 'type', text: 'Item 3' }), {
      type: 'results',
      items: [items[2]],
      page: 0,
      hasMore: false,
    });
    expect(acceptedEntry(searched)).toBe(items[2]);
    expect(acceptedEntry(pickerReducer(listed, { type: 'move', by: 1 }))).toBe(items[0]);
    // A value that arrives while the user is looking (not typing) is what the input shows.
    expect(pickerReducer(opened, { type: 'selected', text: 'Item 1' }).text).toBe('Item 1');
  });
  it('arrows move within the results; Enter and Tab accept; Escape blurs; F4 opens advanced search', () => {
    let s = pickerReducer(pickerReducer(pickerReducer(selected, { type: 'focus' }), { type: 'open' }), {
      type: 'results',
      items,
      page: 0,
      hasMore: false,
    });
    s = pickerReducer(s, { type: 'move', by: 1 });
    s = pickerReducer(s, { type: 'move', by: 1 });
    s = pickerReducer(s, { type: 'move', by: 1 });
    expect(s.highlight).toBe(2);
    s = pickerReducer(s, { type: 'move', by: -1 });
    expect(s.highlight).toBe(1);
    expect(pickerKey('Enter')).toEqual({ kind: 'accept' });
    expect(pickerKey('Tab')).toEqual({ kind: 'accept' });
    expect(pickerKey('Escape')).toEqual({ kind: 'blur' });
    expect(pickerKey('F4')).toEqual({ kind: 'advanced' });
    expect(pickerKey('Unidentified', 115)).toEqual({ kind: 'advanced' });
    expect(pickerReducer(s, { type: 'accept', entry: items[1] })).toMatchObject({
      open: false,
      text: 'Item 2',
      selectedText: 'Item 2',
    });
  });
  it('appends the next page of results', () => {
    let s = pickerReducer(initialPicker(), { type: 'results', items: items.slice(0, 2), page: 0, hasMore: true });
    s = pickerReducer(s, { type: 'results', items: items.slice(2), page: 1, hasMore: false });
    expect((s.items as ListEntry[]).map((i) => i.AutoID)).toEqual([1, 2, 3]);
    expect(PICKER_PAGE_SIZE).toBe(30);
  });
  it('shows the clear button only with a value above 0, enabled, allowing empty and not required', () => {
    const base = { value: 3, enabled: true, allowEmpty: true, required: false };
    expect(canClear(base)).toBe(true);
    expect(canClear({ ...base, value: 0 })).toBe(false);
    expect(canClear({ ...base, enabled: false })).toBe(false);
    expect(canClear({ ...base, allowEmpty: false })).toBe(false);
    expect(canClear({ ...base, required: true })).toBe(false);
  });
  it('binds a list parameter to the field whose list is the ParentList', () => {
    const prop = (name: string, list: string, params: string[] = [], parent: string | null = null) =>
      ({
        FieldName: name,
        Settings: {
          ListConfig: {
            ListMethod: `mvc/_lists/${list}`,
            SingleMethod: '',
            Parameters: params,
            GroupID: null,
            ParentList: parent,
          },
        },
      }) as unknown as FormProperty;
    const admin = prop('Administration', 'administrations');
    const year = prop('BookYear', 'bookyears', ['AdministrationID'], 'administrations');
    expect(pickerParameters(year, [admin, year], { Administration: 7 })).toEqual({ AdministrationID: 7 });
    expect(pickerParameters(year, [admin, year], { Administration: null })).toEqual({});
  });
  it("binds a catalogue's parameter to the field whose catalogue is the ParentList: the fields of the chosen table", () => {
    const prop = (name: string, method: string, params: string[] = [], parent: string | null = null) =>
      ({
        FieldName: name,
        Settings: {
          ListConfig: { ListMethod: method, SingleMethod: '', Parameters: params, GroupID: null, ParentList: parent },
        },
      }) as unknown as FormProperty;
    const table = prop('TableName', 'mvc/_catalogues/tables');
    const field = prop('FieldName', 'mvc/_catalogues/fields', ['Table'], 'tables');
    expect(pickerParameters(field, [table, field], { TableName: 'relations' })).toEqual({ Table: 'relations' });
    expect(pickerParameters(field, [table, field], {})).toEqual({});
  });
  it('throttles load-more to once per interval', () => {
    let now = 0;
    let calls = 0;
    const more = throttle(
      () => {
        calls++;
      },
      200,
      () => now,
    );
    more();
    more();
    now = 150;
    more();
    now = 201;
    more();
    expect(calls).toBe(2);
  });
});
