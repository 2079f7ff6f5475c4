// Derived values as definitions: the operators they are computed with (exact decimals, rounding,
// periods, working days) and what the definitions check refuses (unknown fields, writable derived
// fields, cycles, totals that name nothing).
import { describe, expect, it } from 'vitest';
import {
  effectiveProblems,
  emptyLayer,
  layer,
  ruleValue,
  type FieldDef,
  type FieldType,
} from '../../definitions/language/index.ts';
import { ExpressionError } from '../../definitions/language/expressions.ts';
import { rule } from '../support/rules.ts';

const value = (expression: unknown, record: Record<string, unknown> = {}) => ruleValue(rule(expression), record);

describe('arithmetic on exact decimals', () => {
  it('adds, multiplies and divides money without binary floating point', () => {
    expect(value({ '+': [0.1, 0.2] })).toBe(0.3);
    expect(value({ '*': [3, 19.99] })).toBe(59.97);
    expect(value({ '-': [1, 0.9] })).toBe(0.1);
    expect(value({ '/': [10, 4] })).toBe(2.5);
    expect(value({ '*': [{ var: 'Quantity' }, { var: 'Price' }] }, { Quantity: '3', Price: 1.1 })).toBe(3.3);
  });

  it('counts an empty operand as 0, and refuses a division by zero', () => {
    expect(value({ '+': [{ var: 'A' }, 2] }, { A: null })).toBe(2);
    expect(() => value({ '/': [1, { var: 'Zero' }] }, { Zero: 0 })).toThrow(ExpressionError);
  });

  it('joins the parts of a name that are not empty by single spaces', () => {
    expect(value({ join_words: [' Els ', null, '', 'van der', 'Berg'] })).toBe('Els van der Berg');
    expect(value({ join_words: [{ var: 'A' }] }, {})).toBe('');
  });

  it('rounds half-up to cents, and up to a step', () => {
    expect(value({ round: [1.005, 2] })).toBe(1.01);
    expect(value({ round: [2.675, 2] })).toBe(2.68);
    expect(value({ round: [-1.005, 2] })).toBe(-1.01);
    expect(value({ round_up: [1.1, 1] })).toBe(2);
    expect(value({ round_up: [1.3, 0.25] })).toBe(1.5);
    expect(value({ round_up: [101, 10] })).toBe(110);
    expect(value({ round_up: [101, 100] })).toBe(200);
  });
});

describe('dates', () => {
  it('adds periods, keeping a month end within its month', () => {
    expect(value({ add_period: ['2026-01-31', 1, 'months'] })).toBe('2026-02-28');
    expect(value({ add_period: ['2024-01-31', 1, 'months'] })).toBe('2024-02-29');
    expect(value({ add_period: ['2026-11-27', 2, 'weeks'] })).toBe('2026-12-11');
    expect(value({ add_period: ['2026-08-31', 1, 'quarters'] })).toBe('2026-11-30');
    expect(value({ add_period: ['2026-11-27', -1, 'half-years'] })).toBe('2026-05-27');
    expect(value({ add_period: ['2026-11-27', 1, 'years'] })).toBe('2027-11-27');
    expect(value({ add_period: [null, 1, 'days'] })).toBeNull();
  });

  it('ends a period', () => {
    expect(value({ end_of_period: ['2026-11-27', 'weeks'] })).toBe('2026-11-29');
    expect(value({ end_of_period: ['2026-02-10', 'months'] })).toBe('2026-02-28');
    expect(value({ end_of_period: ['2026-11-27', 'quarters'] })).toBe('2026-12-31');
    expect(value({ end_of_period: ['2026-05-27', 'half-years'] })).toBe('2026-06-30');
    expect(value({ end_of_period: ['2026-05-27', 'years'] })).toBe('2026-12-31');
  });

  it('counts working days by a calendar row, Monday to Friday without one', () => {
    // Friday 27 November 2026.
    expect(value({ workdays_after: ['2026-11-27', 0] })).toBe('2026-11-27');
    expect(value({ workdays_after: ['2026-11-27', 1] })).toBe('2026-11-30');
    expect(value({ workdays_after: ['2026-11-28', 0] })).toBe('2026-11-30');
    const row = {
      Cal: 1,
      'Cal.AutoID': 1,
      'Cal.Monday': true,
      'Cal.Tuesday': true,
      'Cal.Wednesday': true,
      'Cal.Thursday': true,
      'Cal.Friday': true,
      'Cal.Saturday': false,
      'Cal.Sunday': false,
      'Cal.Holidays': '2026-12-01 Feestdag',
    };
    const related = new Map(Object.entries(row).filter(([k]) => k.includes('.')));
    const after = rule({ workdays_after: ['2026-11-27', 2, { calendar_of: ['Cal'] }] });
    expect(ruleValue(after, { Cal: 1 }, {}, related)).toBe('2026-12-02');
    expect(ruleValue(rule({ is_workday: ['2026-12-01', { calendar_of: ['Cal'] }] }), { Cal: 1 }, {}, related)).toBe(
      false,
    );
    expect(() => value({ workdays_after: ['2026-02-30', 1] })).toThrow(ExpressionError);
  });
});

describe('the definitions check of derived values', () => {
  const pack = (fields: FieldDef[], lineFields: FieldDef[] = []) => {
    const base = emptyLayer('base');
    base.lists.push({
      value: { name: 'things', table: 'things', textField: 'Descr', codeField: 'ID' },
      origin: { layer: 'base', file: 'base/lists/things.json' },
    });
    base.tables.push({
      value: {
        name: 'things',
        fields: [
          { name: 'ID', type: 'text' },
          { name: 'Descr', type: 'text' },
          { name: 'Price', type: 'decimal' },
          ...fields,
        ],
      },
      origin: { layer: 'base', file: 'base/tables/things.json' },
    });
    base.tables.push({
      value: {
        name: 'lines',
        fields: [
          { name: 'Thing', type: 'list', list: 'things', fixed: true },
          { name: 'Amount', type: 'decimal' },
          { name: 'Kind', type: 'text' },
          ...lineFields,
        ],
      },
      origin: { layer: 'base', file: 'base/tables/lines.json' },
    });
    return effectiveProblems(layer([base])).map((p) => `${p.pointer} ${p.rule}`);
  };
  const computed = (name: string, expression: unknown, extra: Partial<FieldDef> = {}): FieldDef => ({
    name,
    type: 'decimal',
    enabled: false,
    whenSourceHidden: 'hide',
    compute: { expression: rule(expression) },
    ...extra,
  });

  it('takes computed fields and totals that name what exists', () => {
    expect(
      pack(
        [
          computed('Double', { '*': [{ var: 'Price' }, 2] }),
          {
            name: 'Total',
            type: 'decimal',
            enabled: false,
            whenSourceHidden: 'hide',
            rollup: { table: 'lines', op: 'sum', field: 'Amount', where: { '!=': [{ var: 'Kind' }, 'comment'] } },
          },
          {
            name: 'Lines',
            type: 'integer',
            enabled: false,
            whenSourceHidden: 'hide',
            rollup: { table: 'lines', op: 'count' },
          },
        ],
        [computed('ThingPrice', { var: 'Thing.Price' })],
      ),
    ).toEqual([]);
  });

  it('refuses an unknown field, a writable derived field, and a missing choice for hidden sources', () => {
    expect(pack([computed('X', { var: 'Nope' })])).toContain('/fields/X/compute/expression/var rule');
    expect(pack([computed('X', { var: 'Price' }, { enabled: true })])).toContain('/fields/X/enabled derived-read-only');
    expect(pack([computed('X', { var: 'Price' }, { whenSourceHidden: undefined })])).toContain(
      '/fields/X/whenSourceHidden derivation-access',
    );
  });

  it('takes an editable computed field only when it is overridable (a suggestion)', () => {
    expect(
      pack([
        computed(
          'X',
          { var: 'Price' },
          { enabled: true, compute: { expression: { var: 'Price' }, overridable: true } },
        ),
      ]),
    ).toEqual([]);
  });

  it('names a cycle between computed fields', () => {
    const problems = pack([
      computed('A', { '+': [{ var: 'B' }, 1] }),
      computed('B', { '+': [{ var: 'C' }, 1] }),
      computed('C', { var: 'A' }),
    ]);
    expect(problems.filter((p) => p.endsWith('derived-cycle'))).toHaveLength(1);
  });

  it('refuses a total over nothing, of a field unfit for it, or filtered beyond what the database applies', () => {
    const total = (rollup: FieldDef['rollup'], type: FieldType = 'decimal') =>
      pack([{ name: 'T', type, enabled: false, whenSourceHidden: 'hide', rollup }]);
    expect(total({ table: 'nope', op: 'sum', field: 'Amount' })).toContain('/fields/T/rollup/table table-reference');
    expect(total({ table: 'lines', op: 'sum', field: 'Kind' })).toContain('/fields/T/rollup/field field-type');
    expect(total({ table: 'lines', op: 'sum' })).toContain('/fields/T/rollup/field field-reference');
    expect(
      total({ table: 'lines', op: 'sum', field: 'Amount', where: rule({ matches: [{ var: 'Kind' }, 'A9'] }) }),
    ).toContain('/fields/T/rollup/where rule');
  });
});

describe('the definitions check of automatic transitions', () => {
  const problems = (transition: Record<string, unknown>) => {
    const base = emptyLayer('base');
    base.tables.push({
      value: {
        name: 'things',
        fields: [
          { name: 'Status', type: 'integer' },
          { name: 'Open', type: 'integer' },
        ],
      },
      origin: { layer: 'base', file: 'base/tables/things.json' },
    });
    base.workflows.push({
      value: {
        name: 'things',
        table: 'things',
        field: 'Status',
        states: [
          { value: 1, label: 'Open' },
          { value: 2, label: 'Klaar' },
        ],
        transitions: [{ name: 'done', label: 'Klaar', from: [1], to: 2, ...transition }],
      },
      origin: { layer: 'base', file: 'base/workflows/things.json' },
    });
    return effectiveProblems(layer([base])).map((p) => `${p.pointer} ${p.rule}`);
  };

  it('takes a rule over the record, and refuses one naming nothing or a transition that would ask a user', () => {
    expect(problems({ automatic: { '==': [{ var: 'Open' }, 0] } })).toEqual([]);
    expect(problems({ automatic: { '==': [{ var: 'Nope' }, 0] } })).toContain('/transitions/0/automatic/==/0/var rule');
    for (const part of [
      { prompts: [{ name: 'Comment', label: 'Toelichting', type: 'textarea' }] },
      { guard: true },
      { set: { Open: 0 } },
    ])
      expect(problems({ automatic: { '==': [{ var: 'Open' }, 0] }, ...part })).toContain(
        '/transitions/0/automatic automatic-transition',
      );
  });
});
