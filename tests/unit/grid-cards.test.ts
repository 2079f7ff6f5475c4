// A phone card shows the fields its grid definition names (those the view shows), else the view's
// first columns; the definitions language accepts `card` on a grid and refuses a field it lacks.
import { describe, expect, it } from 'vitest';
import { effectiveProblems, emptyLayer, layer, schemaProblems } from '../../definitions/language/index.ts';
import { CARD_FIELDS, cardColumns, cardHeight } from '../../runtime/grid/GridRow.tsx';
import type { GridColumn } from '../../runtime/grid/types.ts';

const column = (FieldName: string): GridColumn => ({ FieldName, Title: FieldName });
const columns = ['ID', 'Descr', 'Relation', 'OrderDate', 'Status', 'Warehouse'].map(column);
const names = (list: readonly GridColumn[]) => list.map((c) => c.FieldName);

describe('cardColumns', () => {
  it('takes the named fields in their order, by name in any case', () => {
    expect(names(cardColumns(columns, ['id', 'Relation', 'STATUS', 'Warehouse']))).toEqual([
      'ID',
      'Relation',
      'Status',
      'Warehouse',
    ]);
  });
  it('leaves out a named field the view does not show', () => {
    expect(names(cardColumns(columns, ['ID', 'Hidden', 'Status']))).toEqual(['ID', 'Status']);
  });
  it("falls back to the view's first columns without a card, or when the view shows none of it", () => {
    expect(names(cardColumns(columns, []))).toEqual(names(columns.slice(0, CARD_FIELDS)));
    expect(names(cardColumns(columns, ['Nope']))).toEqual(names(columns.slice(0, CARD_FIELDS)));
  });
  it('makes a card as high as its fields', () => {
    expect(cardHeight(2)).toBeLessThan(cardHeight(4));
    expect(cardHeight(0)).toBe(cardHeight(1));
  });
});

describe('a grid definition card', () => {
  const grid = (card: unknown) => ({
    name: 'things',
    table: 'things',
    card,
    layouts: [{ Name: 'Alles', Columns: [{ FieldName: 'ID' }] }],
  });
  it('is a short list of field names', () => {
    expect(schemaProblems('grid', 'f', grid(['ID', 'Descr']))).toEqual([]);
    expect(schemaProblems('grid', 'f', grid([]))).not.toEqual([]);
    expect(schemaProblems('grid', 'f', grid(['ID', 'ID']))).not.toEqual([]);
    expect(schemaProblems('grid', 'f', grid('ID'))).not.toEqual([]);
  });
  it('names fields of its table', () => {
    const definitions = (card: string[]) => {
      const base = emptyLayer('base');
      const origin = { layer: 'base', file: 'base/x.json' };
      base.tables.push({ value: { name: 'things', fields: [{ name: 'ID', type: 'text' }] }, origin });
      base.grids.push({ value: { ...grid([]), card }, origin });
      return layer([base]);
    };
    expect(effectiveProblems(definitions(['ID']))).toEqual([]);
    expect(effectiveProblems(definitions(['ID', 'Nope'])).map((p) => [p.pointer, p.rule])).toEqual([
      ['/card', 'field-reference'],
    ]);
  });
});
