// The definitions check of read-only states and of a numbering drawn at a transition: a table
// named in readOnlyChildren must exist and name the record by one list field, such a workflow
// needs a read-only state, and a numbering's `at` names transitions of the table's workflow.
import { describe, expect, it } from 'vitest';
import { effectiveProblems, emptyLayer, layer } from '../../definitions/language/index.ts';
import type { NumberingDef, TableDef, WorkflowDef } from '../../definitions/language/types.ts';

const NUMBERING: NumberingDef = {
  field: 'ID',
  table: 'counters',
  prefix: 'Prefix',
  next: 'NextNumber',
  length: 'MinLength',
  defaultFlag: 'IsDefault',
};

function problems(workflow: Partial<WorkflowDef>, numbering: Partial<NumberingDef> = {}): string[] {
  const base = emptyLayer('base');
  const table = (value: TableDef) =>
    base.tables.push({ value, origin: { layer: 'base', file: `base/tables/${value.name}.json` } });
  const list = (name: string) =>
    base.lists.push({ value: { name, table: name, textField: 'Descr' }, origin: { layer: 'base', file: name } });
  table({
    name: 'counters',
    fields: [
      { name: 'Descr', type: 'text' },
      { name: 'Prefix', type: 'text' },
      { name: 'NextNumber', type: 'integer' },
      { name: 'MinLength', type: 'smallint' },
      { name: 'IsDefault', type: 'bool' },
    ],
  });
  table({
    name: 'bills',
    fields: [
      { name: 'ID', type: 'text', enabled: false },
      { name: 'Descr', type: 'text' },
      { name: 'Status', type: 'integer' },
    ],
    numbering: { ...NUMBERING, ...numbering },
  });
  table({
    name: 'lines',
    fields: [{ name: 'Bill', type: 'list', list: 'bills', fixed: true }],
  });
  list('bills');
  base.workflows.push({
    value: {
      name: 'bills',
      table: 'bills',
      field: 'Status',
      states: [
        { value: 1, label: 'Concept' },
        { value: 2, label: 'Afgerond', readOnly: true },
      ],
      transitions: [{ name: 'complete', label: 'Afronden', from: [1], to: 2 }],
      ...workflow,
    },
    origin: { layer: 'base', file: 'base/workflows/bills.json' },
  });
  return effectiveProblems(layer([base])).map((p) => `${p.pointer} ${p.rule}`);
}

describe('the definitions check of read-only states', () => {
  it('takes read-only children that name the record by one list field, and a numbering at a transition', () => {
    expect(problems({ readOnlyChildren: ['lines'] }, { at: ['complete'] })).toEqual([]);
  });

  it('refuses an unknown child table, a table not naming the record, and children without a read-only state', () => {
    expect(problems({ readOnlyChildren: ['nope'] })).toContain('/readOnlyChildren/0 table-reference');
    expect(problems({ readOnlyChildren: ['counters'] })).toContain('/readOnlyChildren/0 field-reference');
    const open = problems({
      readOnlyChildren: ['lines'],
      states: [
        { value: 1, label: 'Concept' },
        { value: 2, label: 'Afgerond' },
      ],
    });
    expect(open).toContain('/readOnlyChildren state-reference');
  });

  it("refuses a numbering at a transition the table's workflow does not have", () => {
    expect(problems({}, { at: ['finish'] })).toContain('/numbering/at transition-reference');
  });
});
