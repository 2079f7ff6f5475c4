// The metadata language: canonical form, schema errors, field-dictionary limits, rules and
// layering with provenance and conflicts.
import { describe, expect, it } from 'vitest';
import {
  canonicalText, columnType, effectiveProblems, emptyLayer, fieldRuleErrors, layer, ruleProblems, schemaProblems, evaluateRule,
  type FieldDef,
} from '../../definitions/language/index.ts';
import { digitsFit } from '../../definitions/language/record-schema.ts';

describe('canonical form', () => {
  it('orders keys as the schema lists them, with two-space indentation and a final newline', () => {
    const text = canonicalText('table', { fields: [{ type: 'text', name: 'ID' }], label: 'Landen', name: 'countries' });
    expect(text).toBe('{\n  "name": "countries",\n  "label": "Landen",\n  "fields": [\n    {\n      "name": "ID",\n      "type": "text"\n    }\n  ]\n}\n');
  });
});

describe('schema validation', () => {
  it('names the JSON pointer and the rule', () => {
    const problems = schemaProblems('table', 'base/tables/x.json', { name: 'x', fields: [{ name: 'A', type: 'money' }, { name: '1bad' }], colour: 1 });
    expect(problems).toEqual(expect.arrayContaining([
      expect.objectContaining({ file: 'base/tables/x.json', pointer: '/fields/0/type', rule: expect.stringMatching(/^enum/) }),
      expect.objectContaining({ pointer: '/fields/1/name', rule: expect.stringMatching(/^pattern/) }),
      expect.objectContaining({ pointer: '/', message: "unknown attribute 'colour'" }),
    ]));
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
    expect(errs({ name: 'a', type: 'decimal', integers: 30, decimals: 9 })).toEqual(['integers plus decimals may be at most 38']);
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
    expect(evaluateRule({ var: 'toString' } as any, {})).toBe(false);
  });
});

describe('layering', () => {
  const base = emptyLayer('base');
  base.tables.push({ value: { name: 'items', label: 'Items', fields: [{ name: 'Descr', label: 'Omschrijving', type: 'text' }] }, origin: { layer: 'base', file: 'base/tables/items.json' } });
  const customer = emptyLayer('acme');
  customer.tables.push({ value: { name: 'items', extends: true, fields: [{ name: 'Descr', label: 'Naam' }, { name: 'Size', type: 'integer' }] }, origin: { layer: 'acme', file: 'acme/tables/items.json' } });

  it('overrides by name, adds fields, and remembers which layer set each attribute', () => {
    const eff = layer([base, customer]);
    const [descr, size] = eff.tables.get('items')!.fields;
    expect(descr).toMatchObject({ label: 'Naam', type: 'text' });
    expect(descr.origin.label.layer).toBe('acme');
    expect(descr.origin.type.layer).toBe('base');
    expect(size.origin.type.file).toBe('acme/tables/items.json');
    expect(effectiveProblems(eff)).toEqual([]);
  });

  it('reports an override of what no lower layer has as a conflict', () => {
    const stale = emptyLayer('acme');
    stale.tables.push({ value: { name: 'items', extends: true, fields: [{ name: 'Gone', label: 'Weg' }] }, origin: { layer: 'acme', file: 'acme/tables/items.json' } });
    stale.tables.push({ value: { name: 'missing', extends: true, fields: [] }, origin: { layer: 'acme', file: 'acme/tables/missing.json' } });
    const problems = effectiveProblems(layer([base, stale]));
    expect(problems.map((p) => [p.file, p.pointer, p.rule])).toEqual([
      ['acme/tables/items.json', '/fields/0', 'layer-conflict'],
      ['acme/tables/missing.json', '/name', 'layer-conflict'],
    ]);
  });

  it('refuses a second definition of a table without extends', () => {
    const again = emptyLayer('acme');
    again.tables.push({ value: { name: 'Items', fields: [] }, origin: { layer: 'acme', file: 'acme/tables/Items.json' } });
    expect(effectiveProblems(layer([base, again]))[0].message).toMatch(/already defined by base/);
  });
});
