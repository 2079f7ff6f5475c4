// The metadata language: canonical form, schema errors, field-dictionary limits, rules and
// layering with provenance and conflicts.
import { describe, expect, it } from 'vitest';
import {
  canonicalText,
  columnType,
  effectiveProblems,
  emptyLayer,
  fieldRuleErrors,
  fitsMask,
  layer,
  ruleProblems,
  schemaProblems,
  evaluateRule,
  type FieldDef,
  type LayerDoc,
  type TableDef,
} from '../../definitions/language/index.ts';
import { digitsFit } from '../../definitions/language/record-schema.ts';
import { rule } from '../support/rules.ts';
import { requirements } from '../../server/security/required-rights.ts';

describe('canonical form', () => {
  it('orders keys as the schema lists them, with two-space indentation and a final newline', () => {
    const text = canonicalText('table', { fields: [{ type: 'text', name: 'ID' }], label: 'Landen', name: 'countries' });
    expect(text).toBe(
      '{\n  "name": "countries",\n  "label": "Landen",\n  "fields": [\n    {\n      "name": "ID",\n      "type": "text"\n    }\n  ]\n}\n',
    );
  });
});

describe('schema validation', () => {
  it('names the JSON pointer and the rule', () => {
    const problems = schemaProblems('table', 'base/tables/x.json', {
      name: 'x',
      fields: [{ name: 'A', type: 'money' }, { name: '1bad' }],
      colour: 1,
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: 'base/tables/x.json',
          pointer: '/fields/0/type',
          rule: expect.stringMatching(/^enum/),
        }),
        expect.objectContaining({ pointer: '/fields/1/name', rule: expect.stringMatching(/^pattern/) }),
        expect.objectContaining({ pointer: '/', message: "unknown attribute 'colour'" }),
      ]),
    );
  });
  it('keeps pack tables out of the core_ namespace', () => {
    expect(schemaProblems('table', 'f', { name: 'core_users', fields: [] })).not.toEqual([]);
  });
});

describe('field dictionary limits (spec 2 section 5)', () => {
  const errs = (f: FieldDef) => fieldRuleErrors(f).map((e) => e.message);
  it('applies the digit limits', () => {
    expect(errs({ name: 'a', type: 'smallint', integers: 5 })).toEqual([]);
    expect(errs({ name: 'a', type: 'smallint', integers: 6 })).toEqual(['smallint allows at most 5 integers']);
    expect(errs({ name: 'a', type: 'integer', integers: 10 })).toEqual([]);
    expect(errs({ name: 'a', type: 'integer', integers: 11 })).toEqual(['integer allows at most 10 integers']);
    expect(errs({ name: 'a', type: 'decimal', integers: 30, decimals: 8 })).toEqual([]);
    expect(errs({ name: 'a', type: 'decimal', integers: 30, decimals: 9 })).toEqual([
      'integers plus decimals may be at most 38',
    ]);
    expect(errs({ name: 'a', type: 'decimal', integers: 0 })).toEqual(['integers must be at least 1']);
    expect(errs({ name: 'a', type: 'decimal', decimals: -1 })).toEqual(['decimals may not be below 0']);
  });
  it('maps types to columns', () => {
    expect(columnType({ name: 'a', type: 'integer', integers: 9 })).toBe('integer');
    expect(columnType({ name: 'a', type: 'integer', integers: 10 })).toBe('bigint');
    expect(columnType({ name: 'a', type: 'decimal', integers: 8, decimals: 2 })).toBe('numeric(10,2)');
    expect(columnType({ name: 'a', type: 'text', maxLength: 40 })).toBe('character varying(40)');
    expect(columnType({ name: 'a', type: 'list', list: 'x' })).toBe('bigint');
  });
  it('checks digits of values', () => {
    expect(digitsFit(12345.67, 5, 2)).toBe(true);
    expect(digitsFit('123456.7', 5, 2)).toBe(false);
    expect(digitsFit(1.234, 5, 2)).toBe(false);
    expect(digitsFit('0.10', 1, 1)).toBe(true);
  });
});

describe('rules', () => {
  const fields = new Set(['Status', 'Discount']);
  it('may read only fields of their own record', () => {
    expect(ruleProblems({ '==': [{ var: 'Status' }, 'sold'] }, fields)).toEqual([]);
    expect(ruleProblems({ var: '__proto__.constructor' }, fields)[0].message).toMatch(/not a field of this record/);
    expect(ruleProblems({ '!': { var: 'constructor' } }, fields)[0].pointer).toBe('/!/var');
    expect(ruleProblems({ log: 'x' }, fields)[0].message).toMatch(/operator 'log' is not allowed/);
  });
  it('evaluate on a prototype-free copy of the record', () => {
    expect(evaluateRule({ '==': [{ var: 'Status' }, 'sold'] }, { Status: 'sold' })).toBe(true);
    expect(evaluateRule(rule({ var: 'toString' }), {})).toBe(false);
  });
});

describe('masks, today and referenced rows in rules', () => {
  it('fits a value to a mask of digits, letters and any characters, never a regular expression', () => {
    expect(fitsMask('2019', '9999')).toBe(true);
    expect(fitsMask('19', '9999')).toBe(false);
    expect(fitsMask('OBJ-000123', 'OBJ-999999')).toBe(true);
    expect(fitsMask('OBX-000123', 'OBJ-999999')).toBe(false);
    expect(fitsMask('Ab-3', 'AX-*')).toBe(true);
    expect(fitsMask('é1', 'A9')).toBe(true);
    expect(fitsMask('(a+)+$', '(a+)+$')).toBe(true);
    expect(fitsMask('', '9999')).toBe(true);
    expect(fitsMask('anything', null)).toBe(true);
  });
  it('compares with today as records hold dates', () => {
    const today = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
    expect(evaluateRule(rule({ '<=': [{ var: 'Date' }, { today: [] }] }), { Date: today })).toBe(true);
    expect(evaluateRule(rule({ '<=': [{ var: 'Date' }, { today: [] }] }), { Date: '2999-01-01' })).toBe(false);
  });
  it("reads a referenced row's field by path only where the caller allows it, with the values the caller loaded", () => {
    const own = new Set(['ObjectType', 'ConstructionYear']);
    const matches = { matches: [{ var: 'ConstructionYear' }, { var: 'ObjectType.ConstructionYearMask' }] };
    expect(ruleProblems(matches, own)[0].message).toMatch(/not a field of this record/);
    expect(ruleProblems(matches, own, '', (path) => path === 'ObjectType.ConstructionYearMask')).toEqual([]);
    const related = new Map([['ObjectType.ConstructionYearMask', '9999']]);
    expect(evaluateRule(rule(matches), { ObjectType: 3, ConstructionYear: '2020' }, related)).toBe(true);
    expect(evaluateRule(rule(matches), { ObjectType: 3, ConstructionYear: '20-20' }, related)).toBe(false);
    // The record's own field of the same first name stays what it is.
    expect(evaluateRule(rule({ '==': [{ var: 'ObjectType' }, 3] }), { ObjectType: 3 }, related)).toBe(true);
  });
});

describe('checks, change logs and rights in the definitions', () => {
  const pack = () => {
    const base = emptyLayer('base');
    base.rights.push({
      value: [
        { code: '1.1', name: 'Dingen', actions: ['read', 'update', 'create', 'delete'] },
        { code: '1.2', name: 'Uitvoeren', actions: ['execute'] },
      ],
      origin: { layer: 'base', file: 'base/rights.json' },
    });
    base.lists.push({
      value: { name: 'things', table: 'things', textField: 'Descr', codeField: 'ID' },
      origin: { layer: 'base', file: 'base/lists/things.json' },
    });
    return base;
  };
  const table = (extra: Partial<TableDef>, right = '1.1'): LayerDoc<TableDef> => ({
    value: {
      name: 'things',
      label: 'Dingen',
      right,
      fields: [
        { name: 'ID', type: 'text' },
        { name: 'Descr', type: 'text' },
        { name: 'Parent', type: 'list', list: 'things' },
        { name: 'Codes', type: 'text' },
      ],
      ...extra,
    },
    origin: { layer: 'base', file: 'base/tables/things.json' },
  });
  const problems = (extra: Partial<TableDef>, right?: string) => {
    const base = pack();
    base.tables.push(table(extra, right));
    return effectiveProblems(layer([base])).map((p) => `${p.pointer} ${p.rule}`);
  };

  it('takes the check kinds with what they name', () => {
    expect(
      problems({
        checks: [
          { name: 'u', unique: ['ID'], message: 'm', fields: ['ID'] },
          { name: 'a', acyclic: { from: 'AutoID', to: 'Parent' }, message: 'm', fields: ['Parent'] },
          { name: 'c', codes: { field: 'Codes', list: 'things' }, message: 'm', fields: ['Codes'] },
          {
            name: 'r',
            validWhen: { '!!': { var: 'Parent.Descr' } },
            when: { '!!': { var: 'ID' } },
            onChange: ['Parent'],
            message: 'm',
            fields: ['Parent'],
          },
        ],
      }),
    ).toEqual([]);
  });
  it('names a check of two kinds, an unknown field, a path through a field that is no list, and an acyclic pair of other tables', () => {
    expect(
      problems({
        checks: [
          { name: 'two', unique: ['ID'], validWhen: true, message: 'm', fields: ['ID'] },
          { name: 'field', unique: ['Nope'], message: 'm', fields: ['ID'] },
          { name: 'path', validWhen: { var: 'Descr.ID' }, message: 'm', fields: ['ID'] },
          { name: 'cycle', acyclic: { from: 'ID', to: 'Parent' }, message: 'm', fields: ['ID'] },
        ],
      }),
    ).toEqual([
      '/checks/0 check-kind',
      '/checks/1/unique field-reference',
      '/checks/2/validWhen/var rule',
      '/checks/3/acyclic field-reference',
    ]);
  });
  it('refuses a table whose right cannot be granted to read it', () => {
    expect(problems({}, '1.2')).toEqual(['/right right-action']);
  });
  it('takes rights that require rights of the catalogue, and follows what they require through', () => {
    const base = pack();
    base.rights.push({
      value: [
        { code: '1.3', name: 'Goedkeuren', actions: ['execute'], requires: ['1.4'] },
        { code: '1.4', name: 'Inzien', actions: ['read'], requires: ['1.1'] },
        { code: '1.5', name: 'Verwerken', actions: ['execute'], requires: ['1.4', '9.9'] },
      ],
      origin: { layer: 'base', file: 'base/rights.json' },
    });
    base.tables.push(table({}));
    const effective = layer([base]);
    expect(effectiveProblems(effective).map((p) => p.message)).toEqual([
      'right 1.5 requires 9.9, which is not in the catalogue',
    ]);
    const required = requirements(effective);
    expect(
      required
        .get('1.3')
        ?.map((r) => `${r.code} ${r.actions.join()}`)
        .sort(),
    ).toEqual(['1.1 read,update,create,delete', '1.4 read']);
    expect(
      required
        .get('1.5')
        ?.map((r) => r.code)
        .sort(),
    ).toEqual(['1.1', '1.4']);
    // Required is not requiring: what 1.4 requires does not make 1.1 require it back.
    expect(required.has('1.1')).toBe(false);
  });
  it("wants a grid tab's parent field fixed, unless the tab only shows rows made elsewhere", () => {
    const tabProblems = (tab: { readOnly?: boolean }) => {
      const base = pack();
      base.tables.push(table({}));
      base.screens.push({
        value: {
          name: 'things',
          kind: 'detail',
          table: 'things',
          title: 'Dingen',
          tabs: [
            { name: 'children', title: 'Onderliggend', kind: 'grid', table: 'things', parentField: 'Parent', ...tab },
          ],
        },
        origin: { layer: 'base', file: 'base/screens/things.json' },
      });
      return effectiveProblems(layer([base])).map((p) => `${p.pointer} ${p.rule}`);
    };
    expect(tabProblems({})).toEqual(['/tabs/0/parentField parent-field']);
    expect(tabProblems({ readOnly: true })).toEqual([]);
  });
  it("wants a rights matrix tab's cells to be grants: a right of the catalogue, its action, a bool", () => {
    const matrixProblems = (fields: FieldDef[]) => {
      const base = pack();
      base.tables.push(table({}));
      base.tables.push({
        value: { name: 'grants', label: 'Rechten', right: '1.1', fields },
        origin: { layer: 'base', file: 'base/tables/grants.json' },
      });
      base.screens.push({
        value: {
          name: 'things',
          kind: 'detail',
          table: 'things',
          title: 'Dingen',
          tabs: [
            {
              name: 'matrix',
              title: 'Matrix',
              kind: 'rightsmatrix',
              table: 'grants',
              parentField: 'Thing',
              rightField: 'RightCode',
              actionField: 'Action',
              grantField: 'Grant',
            },
          ],
        },
        origin: { layer: 'base', file: 'base/screens/things.json' },
      });
      return effectiveProblems(layer([base])).map((p) => `${p.pointer} ${p.rule}`);
    };
    expect(
      matrixProblems([
        { name: 'Thing', type: 'list', list: 'things', fixed: true },
        { name: 'RightCode', type: 'text', catalogue: 'rights' },
        { name: 'Action', type: 'text', actionsOf: 'RightCode' },
        { name: 'Grant', type: 'bool' },
      ]),
    ).toEqual([]);
    expect(
      matrixProblems([
        { name: 'Thing', type: 'list', list: 'things' },
        { name: 'RightCode', type: 'text' },
        { name: 'Grant', type: 'text' },
      ]),
    ).toEqual([
      '/tabs/0/parentField parent-field',
      '/tabs/0/rightField field-reference',
      '/tabs/0/actionField field-reference',
      '/tabs/0/grantField field-reference',
    ]);
  });
});

describe('layering', () => {
  const base = emptyLayer('base');
  base.tables.push({
    value: { name: 'items', label: 'Items', fields: [{ name: 'Descr', label: 'Omschrijving', type: 'text' }] },
    origin: { layer: 'base', file: 'base/tables/items.json' },
  });
  const customer = emptyLayer('acme');
  customer.tables.push({
    value: {
      name: 'items',
      extends: true,
      fields: [
        { name: 'Descr', label: 'Naam' },
        { name: 'Size', type: 'integer' },
      ],
    },
    origin: { layer: 'acme', file: 'acme/tables/items.json' },
  });

  it('overrides by name, adds fields, and remembers which layer set each attribute', () => {
    const eff = layer([base, customer]);
    const items = eff.tables.get('items');
    expect(items).toBeDefined();
    const [descr, size] = items?.fields ?? [];
    expect(descr).toMatchObject({ label: 'Naam', type: 'text' });
    expect(descr.origin.label.layer).toBe('acme');
    expect(descr.origin.type.layer).toBe('base');
    expect(size.origin.type.file).toBe('acme/tables/items.json');
    expect(effectiveProblems(eff)).toEqual([]);
  });

  it('reports an override of what no lower layer has as a conflict', () => {
    const stale = emptyLayer('acme');
    stale.tables.push({
      value: { name: 'items', extends: true, fields: [{ name: 'Gone', label: 'Weg' }] },
      origin: { layer: 'acme', file: 'acme/tables/items.json' },
    });
    stale.tables.push({
      value: { name: 'missing', extends: true, fields: [] },
      origin: { layer: 'acme', file: 'acme/tables/missing.json' },
    });
    const problems = effectiveProblems(layer([base, stale]));
    expect(problems.map((p) => [p.file, p.pointer, p.rule])).toEqual([
      ['acme/tables/items.json', '/fields/0', 'layer-conflict'],
      ['acme/tables/missing.json', '/name', 'layer-conflict'],
    ]);
  });

  it('keeps a table the engine alone writes so: a later layer cannot open it to the generic calls', () => {
    const kept = emptyLayer('base');
    kept.tables.push({
      value: {
        name: 'history',
        label: 'Historie',
        readOnly: true,
        fields: [{ name: 'Descr', label: 'Omschrijving', type: 'text' }],
      },
      origin: { layer: 'base', file: 'base/tables/history.json' },
    });
    const reopen = emptyLayer('site');
    reopen.tables.push({
      value: { name: 'history', extends: true, readOnly: false, label: 'Open', fields: [] },
      origin: { layer: 'site', file: 'site/tables/history.json' },
    });
    const eff = layer([kept, reopen]);
    expect(eff.tables.get('history')).toMatchObject({ readOnly: true, label: 'Open' });
    expect(eff.conflicts).toEqual([
      expect.objectContaining({
        layer: 'site',
        pointer: '/readOnly',
        said: { id: 'definition.read_only_table', args: ['history'] },
      }),
    ]);
  });

  it('refuses a second definition of a table without extends', () => {
    const again = emptyLayer('acme');
    again.tables.push({
      value: { name: 'Items', fields: [] },
      origin: { layer: 'acme', file: 'acme/tables/Items.json' },
    });
    expect(effectiveProblems(layer([base, again]))[0].message).toMatch(/already defined by base/);
  });
});
