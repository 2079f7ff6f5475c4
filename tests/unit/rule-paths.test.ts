// Filters and rules that read beyond the row they judge: a total's filter through a list field of
// the child to its parent row (`Invoice.Status`, compiled to a subquery on that row's key), a
// settings table's one row (`$settings.<table>.<Field>`) in a prompt's `required` and a
// transition's `requires`, and a list prompt's filter over its list's rows.
import { describe, expect, it } from 'vitest';
import {
  effectiveProblems,
  emptyLayer,
  layer,
  type EffectiveField,
  type EffectiveTable,
  type FieldDef,
  type PromptDef,
  type TransitionDef,
} from '../../definitions/language/index.ts';
import { filterHops, whereSqlProblems } from '../../definitions/language/rollups.ts';
import { settingsName } from '../../definitions/language/settings-rules.ts';
import { Params } from '../../server/data/filters.ts';
import { ruleSql } from '../../server/data/rule-sql.ts';
import { rule } from '../support/rules.ts';

const field = (name: string, extra: Partial<EffectiveField> = {}): EffectiveField => ({
  name,
  type: 'text',
  sqlName: name.toLowerCase(),
  origin: {},
  ...extra,
});
const table = (name: string, fields: EffectiveField[]): EffectiveTable => ({
  name,
  sqlName: name,
  fields,
  origin: {},
});

describe('a filter compiled to SQL', () => {
  const invoices = table('invoices', [field('Status')]);
  const lines = [field('Invoice', { type: 'list', list: 'invoices' }), field('Quantity', { type: 'decimal' })];
  const refOf = (f: EffectiveField) => (f.name === 'Invoice' ? invoices : undefined);

  it('reads a field of the row a list field names as a subquery on its key, the value bound', () => {
    const params = new Params();
    const sql = ruleSql(
      rule({ '!=': [{ var: 'Invoice.Status' }, 'voided'] }),
      { fields: lines, alias: 'c', refOf },
      params,
    );
    expect(sql).toBe(
      '((SELECT "c_invoice"."status" FROM "invoices" /* engine */ "c_invoice" WHERE "c_invoice".autoid = c."invoice") IS DISTINCT FROM $1)',
    );
    expect(params.values).toEqual(['voided']);
  });

  it('reads the rows own fields as columns, and refuses a path that names no referenced row', () => {
    const params = new Params();
    expect(ruleSql(rule({ '>': [{ var: 'Quantity' }, 0] }), { fields: lines, alias: 'c', refOf }, params)).toBe(
      '(c."quantity" > $1)',
    );
    expect(() =>
      ruleSql(rule({ '==': [{ var: 'Quantity.Status' }, 1] }), { fields: lines, alias: 'c', refOf }, params),
    ).toThrow(/Quantity\.Status/);
  });

  it('admits one step through a list field in a total’s filter only, and names the steps it takes', () => {
    const where = rule({ and: [{ '!=': [{ var: 'Invoice.Status' }, 'voided'] }, { '>': [{ var: 'Quantity' }, 0] }] });
    expect(whereSqlProblems(where, undefined, true)).toEqual([]);
    expect(whereSqlProblems(where)).toHaveLength(1);
    expect(whereSqlProblems(rule({ '==': [{ var: 'Invoice.Relation.Blocked' }, true] }), undefined, true)).toHaveLength(
      1,
    );
    expect(filterHops(where)).toEqual([{ via: 'Invoice', field: 'Status' }]);
  });

  it('knows a settings name by its scope', () => {
    expect(settingsName('$settings.financialsettings.RequireVoidReason')).toEqual({
      table: 'financialsettings',
      field: 'RequireVoidReason',
    });
    expect(settingsName('Invoice.Status')).toBeUndefined();
  });
});

describe('the definitions check', () => {
  const pack = (
    total: FieldDef['rollup'],
    prompt: Partial<PromptDef> = {},
    requires?: NonNullable<TransitionDef['requires']>[number],
    settingsScreen = true,
    compute?: unknown,
  ) => {
    const base = emptyLayer('base');
    const origin = (file: string) => ({ layer: 'base', file: `base/${file}` });
    for (const name of ['invoices', 'orderlines', 'reasons'])
      base.lists.push({ value: { name, table: name, textField: 'ID' }, origin: origin(`lists/${name}.json`) });
    base.tables.push(
      {
        value: {
          name: 'invoices',
          fields: [
            { name: 'ID', type: 'text' },
            { name: 'Status', type: 'text' },
            { name: 'VoidReason', type: 'list', list: 'reasons' },
            ...(compute
              ? [
                  {
                    name: 'Strict',
                    type: 'bool' as const,
                    enabled: false,
                    whenSourceHidden: 'hide' as const,
                    compute: { expression: rule(compute) },
                  },
                ]
              : []),
          ],
        },
        origin: origin('tables/invoices.json'),
      },
      {
        value: {
          name: 'orderlines',
          fields: [
            { name: 'ID', type: 'text' },
            { name: 'Invoiced', type: 'decimal', enabled: false, whenSourceHidden: 'hide', rollup: total },
          ],
        },
        origin: origin('tables/orderlines.json'),
      },
      {
        value: {
          name: 'invoicelines',
          fields: [
            { name: 'Invoice', type: 'list', list: 'invoices', fixed: true },
            { name: 'OrderLine', type: 'list', list: 'orderlines' },
            { name: 'Quantity', type: 'decimal' },
          ],
        },
        origin: origin('tables/invoicelines.json'),
      },
      {
        value: {
          name: 'reasons',
          fields: [
            { name: 'ID', type: 'text' },
            { name: 'Kind', type: 'text' },
          ],
        },
        origin: origin('tables/reasons.json'),
      },
      {
        value: { name: 'prefs', fields: [{ name: 'RequireReason', type: 'bool' }] },
        origin: origin('tables/prefs.json'),
      },
    );
    base.screens.push({
      value: { name: 'prefs', kind: settingsScreen ? 'settings' : 'systemtable', table: 'prefs', title: 'Voorkeuren' },
      origin: origin('screens/prefs.json'),
    });
    base.workflows.push({
      value: {
        name: 'invoices',
        table: 'invoices',
        field: 'Status',
        states: [
          { value: 'new', label: 'Nieuw' },
          { value: 'voided', label: 'Vervallen' },
        ],
        transitions: [
          {
            name: 'void',
            label: 'Vervallen',
            from: ['new'],
            to: 'voided',
            prompts: [{ name: 'VoidReason', label: 'Reden', type: 'list', list: 'reasons', ...prompt }],
            ...(requires ? { requires: [requires] } : {}),
          },
        ],
      },
      origin: origin('workflows/invoices.json'),
    });
    return effectiveProblems(layer([base])).map((p) => `${p.pointer} ${p.rule}`);
  };
  const total = (where: unknown): FieldDef['rollup'] => ({
    table: 'invoicelines',
    via: 'OrderLine',
    op: 'sum',
    field: 'Quantity',
    where: rule(where),
  });
  const notVoided = total({ '!=': [{ var: 'Invoice.Status' }, 'voided'] });
  const setting = rule({ var: '$settings.prefs.RequireReason' });

  it('takes a total filtered through the child’s parent row, and refuses a field that row does not have', () => {
    expect(pack(notVoided)).toEqual([]);
    expect(pack(total({ '!=': [{ var: 'Invoice.Nope' }, 'voided'] }))).toContain(
      '/fields/Invoiced/rollup/where/!=/0/var rule',
    );
  });

  it('takes a list prompt’s filter over its list’s fields, and a required rule and requires over settings', () => {
    expect(
      pack(
        notVoided,
        { where: rule({ '==': [{ var: 'Kind' }, 'void'] }), required: setting },
        { field: 'VoidReason', when: setting },
      ),
    ).toEqual([]);
    expect(pack(notVoided, { where: rule({ '==': [{ var: 'Nope' }, 'void'] }) })).toContain(
      '/transitions/0/prompts/0/where/==/0/var rule',
    );
  });

  it('refuses a setting of a table no settings screen shows, or a field it does not have', () => {
    expect(pack(notVoided, { required: setting }, undefined, false)).toContain(
      '/transitions/0/prompts/0/required/var rule',
    );
    expect(pack(notVoided, {}, { field: 'VoidReason', when: rule({ var: '$settings.prefs.Nope' }) })).toContain(
      '/transitions/0/requires/when/var rule',
    );
  });

  it('takes a computed value that reads a setting, and refuses one of a table no settings screen shows', () => {
    const reads = { '!!': { var: '$settings.prefs.RequireReason' } };
    expect(pack(notVoided, {}, undefined, true, reads)).toEqual([]);
    expect(pack(notVoided, {}, undefined, false, reads)).toContain('/fields/Strict/compute/expression/!!/var rule');
    expect(pack(notVoided, {}, undefined, true, { var: '$settings.prefs.Nope' })).toContain(
      '/fields/Strict/compute/expression/var rule',
    );
  });
});
