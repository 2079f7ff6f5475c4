// Catalogue fields in the definitions language and the picker: a catalogue code is text, an
// action field follows a catalogue field, a grant may name CreateOrUpdate only where the right has
// both, and a picker stores a catalogue entry's code where a list picker stores an AutoID.
import { describe, expect, it } from 'vitest';
import {
  catalogueOf,
  effectiveProblems,
  emptyLayer,
  ofTable,
  grantableActions,
  layer,
  schemaProblems,
} from '../../definitions/language/index.ts';
import { entryValue, hasPickerValue } from '../../runtime/form/rules/index.ts';

const origin = { layer: 'base', file: 'base/tables/grants.json' };

function definitions(fields: Record<string, unknown>[]) {
  const base = emptyLayer('base');
  base.rights.push({
    value: [
      { code: '1.1', name: 'Alles', actions: ['read', 'update', 'create'] },
      { code: '1.2', name: 'Draaien', actions: ['execute'] },
    ],
    origin: { layer: 'base', file: 'base/rights.json' },
  });
  base.tables.push({ value: { name: 'grants', fields: fields as never }, origin });
  return layer([base]);
}

describe('catalogue fields', () => {
  it('are in the table schema: a known catalogue, an action field naming a field', () => {
    const table = (field: Record<string, unknown>) => schemaProblems('table', 'f', { name: 'grants', fields: [field] });
    expect(table({ name: 'RightCode', type: 'text', catalogue: 'rights' })).toEqual([]);
    expect(table({ name: 'RightCode', type: 'text', catalogue: 'currencies' })).not.toEqual([]);
    expect(table({ name: 'Action', type: 'select', actionsOf: '1bad' })).not.toEqual([]);
  });

  it('hold text codes, and an action field follows a catalogue field of its table', () => {
    const sound = definitions([
      { name: 'RightCode', type: 'text', catalogue: 'rights' },
      { name: 'Action', type: 'select', options: [{ value: 'read', label: 'Lezen' }], actionsOf: 'RightCode' },
    ]);
    expect(effectiveProblems(sound)).toEqual([]);
    const broken = definitions([
      { name: 'RightCode', type: 'integer', catalogue: 'rights' },
      { name: 'Other', type: 'text' },
      { name: 'Action', type: 'bool', actionsOf: 'Other' },
    ]);
    expect(effectiveProblems(broken).map((p) => [p.pointer, p.rule])).toEqual([
      ['/fields/RightCode/catalogue', 'catalogue'],
      ['/fields/Action/actionsOf', 'field-reference'],
      ['/fields/Action/actionsOf', 'catalogue'],
    ]);
  });

  it('offer the fields of the table another field of the record names: catalogue fields goes with catalogueOf', () => {
    const sound = definitions([
      { name: 'TableName', type: 'text', catalogue: 'tables' },
      { name: 'FieldName', type: 'text', catalogue: 'fields', catalogueOf: 'TableName' },
    ]);
    expect(effectiveProblems(sound)).toEqual([]);
    expect([...ofTable(sound, 'fields', 'GRANTS').keys()]).toEqual(['AutoID', 'TableName', 'FieldName']);
    expect(ofTable(sound, 'tabs', 'grants').size).toBe(0);
    expect(ofTable(sound, 'fields', 'nosuch').size).toBe(0);
    const broken = definitions([
      { name: 'Other', type: 'text' },
      { name: 'FieldName', type: 'text', catalogue: 'fields' },
      { name: 'Field2', type: 'text', catalogue: 'fields', catalogueOf: 'Other' },
    ]);
    expect(effectiveProblems(broken).map((p) => [p.pointer, p.rule])).toEqual([
      ['/fields/FieldName/catalogueOf', 'catalogue'],
      ['/fields/Field2/catalogueOf', 'field-reference'],
    ]);
  });

  it('read the effective rights by code, with CreateOrUpdate where a right has create and update', () => {
    const rights = catalogueOf(definitions([]), 'rights');
    expect([...rights.keys()]).toEqual(['1.1', '1.2']);
    expect(grantableActions(rights.get('1.1')!)).toEqual(['read', 'update', 'create', 'createorupdate']);
    expect(grantableActions(rights.get('1.2')!)).toEqual(['execute']);
  });
});

describe('a picker of a catalogue', () => {
  it("stores the entry's code; a list picker its AutoID", () => {
    const right = {
      ID: '12.3',
      Descr: 'Gebruikers beheren (12.3)',
      Name: 'Gebruikers beheren',
      Actions: ['read' as const],
      Detail: null,
    };
    const row = { AutoID: 7, ID: 'NL', Descr: 'Nederland', Archive: false };
    expect(entryValue(right, { ValueField: 'ID' })).toBe('12.3');
    expect(entryValue(row, { ValueField: 'AutoID' })).toBe(7);
    expect(entryValue(row, {})).toBe(7);
    expect([
      hasPickerValue('12.3'),
      hasPickerValue(''),
      hasPickerValue(7),
      hasPickerValue(0),
      hasPickerValue(null),
    ]).toEqual([true, false, true, false, false]);
  });
});
