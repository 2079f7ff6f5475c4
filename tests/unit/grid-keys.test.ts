import { describe, expect, it } from 'vitest';
import { DECIMAL_FILTER_STEP, filterStep } from '../../runtime/grid/filters.ts';
import { lineKey, rowKey, tabStopRow } from '../../runtime/grid/keys.ts';
import type { GridColumn } from '../../runtime/grid/types.ts';

describe('the grid as one tab stop', () => {
  it('moves between rows with the arrows, a screenful with PageUp/PageDown, to the ends with Home/End', () => {
    expect(rowKey('ArrowDown', 3, 35, 10)).toEqual({ kind: 'row', index: 4 });
    expect(rowKey('ArrowDown', 34, 35, 10)).toEqual({ kind: 'row', index: 34 });
    expect(rowKey('ArrowUp', 3, 35, 10)).toEqual({ kind: 'row', index: 2 });
    expect(rowKey('PageDown', 3, 35, 10)).toEqual({ kind: 'row', index: 13 });
    expect(rowKey('PageDown', 30, 35, 10)).toEqual({ kind: 'row', index: 34 });
    expect(rowKey('PageUp', 5, 35, 10)).toEqual({ kind: 'row', index: 0 });
    expect(rowKey('Home', 20, 35, 10)).toEqual({ kind: 'row', index: 0 });
    expect(rowKey('End', 2, 35, 10)).toEqual({ kind: 'row', index: 34 });
  });
  it('opens the row on Enter, selects it on Space, and goes up to the filters from the first row', () => {
    expect(rowKey('Enter', 2, 35, 10)).toEqual({ kind: 'open' });
    expect(rowKey(' ', 2, 35, 10)).toEqual({ kind: 'toggle' });
    expect(rowKey('ArrowUp', 0, 35, 10)).toEqual({ kind: 'head' });
    expect(rowKey('Tab', 2, 35, 10)).toBeNull();
    expect(rowKey('ArrowDown', 0, 0, 10)).toBeNull();
  });
  it('keeps the tab stop on the active row, or the nearest one rendered', () => {
    expect(tabStopRow(5, 35, { start: 0, stop: 19 })).toBe(5);
    expect(tabStopRow(5, 35, { start: 12, stop: 31 })).toBe(12);
    expect(tabStopRow(40, 35, null)).toBe(34);
    expect(tabStopRow(0, 0, null)).toBe(-1);
  });
  it('moves along the headers and filters; a text filter keeps Left and Right for its caret', () => {
    expect(lineKey('ArrowRight', 1, 4, null)).toEqual({ kind: 'move', index: 2 });
    expect(lineKey('ArrowRight', 3, 4, null)).toBeNull();
    expect(lineKey('ArrowLeft', 0, 4, null)).toBeNull();
    expect(lineKey('ArrowLeft', 2, 4, { atStart: false, atEnd: true })).toBeNull();
    expect(lineKey('ArrowRight', 2, 4, { atStart: false, atEnd: true })).toEqual({ kind: 'move', index: 3 });
    expect(lineKey('ArrowDown', 2, 4, null)).toEqual({ kind: 'down' });
    expect(lineKey('ArrowUp', 2, 4, null)).toEqual({ kind: 'up' });
  });
});

describe('advanced filter value steps', () => {
  const column = (FieldType: string, AdvancedFilterType: GridColumn['AdvancedFilterType'] = 'number'): GridColumn => ({
    FieldName: 'X',
    FieldType,
    AdvancedFilterType,
  });
  it('a decimal value filter steps by 0.01 (spec 1 §5), a whole number by 1', () => {
    expect(DECIMAL_FILTER_STEP).toBe(0.01);
    expect(filterStep(column('decimal'))).toBe('0.01');
    expect(filterStep(column('integer'))).toBe('1');
    expect(filterStep(column('text', 'text'))).toBeUndefined();
  });
});
