// The definitions check of an action's copied child rows that read the action's prompts
// (`$prompt.Till`, Factureren's "Factureren tot en met"): a prompt the action asks is known, any
// other name is refused, in `when` as in `set`.
import { describe, expect, it } from 'vitest';
import { effectiveProblems, emptyLayer, layer } from '../../definitions/language/index.ts';
import type { CopyChildrenDef, PromptDef, TableDef } from '../../definitions/language/types.ts';

function problems(child: Partial<CopyChildrenDef>, prompts: PromptDef[] = []): string[] {
  const base = emptyLayer('base');
  const table = (value: TableDef) =>
    base.tables.push({ value, origin: { layer: 'base', file: `base/tables/${value.name}.json` } });
  table({ name: 'jobs', fields: [{ name: 'Descr', type: 'text' }] });
  table({
    name: 'jobparts',
    fields: [
      { name: 'Job', type: 'list', list: 'jobs', fixed: true },
      { name: 'Till', type: 'date' },
    ],
  });
  table({ name: 'bills', fields: [{ name: 'Descr', type: 'text' }] });
  table({
    name: 'billlines',
    fields: [
      { name: 'Bill', type: 'list', list: 'bills', fixed: true },
      { name: 'Till', type: 'date' },
    ],
  });
  for (const name of ['jobs', 'bills'])
    base.lists.push({ value: { name, table: name, textField: 'Descr' }, origin: { layer: 'base', file: name } });
  base.screens.push({
    value: {
      name: 'jobs',
      kind: 'detail',
      table: 'jobs',
      title: 'Jobs',
      actions: [
        {
          name: 'bill',
          label: 'Factureren',
          prompts,
          create: {
            table: 'bills',
            set: { Descr: '$record.Descr' },
            children: [{ from: 'jobparts', table: 'billlines', set: {}, ...child }],
          },
        },
      ],
    },
    origin: { layer: 'base', file: 'base/screens/jobs.json' },
  });
  return effectiveProblems(layer([base])).map((p) => `${p.pointer} ${p.rule}`);
}

const TILL: PromptDef = { name: 'Till', label: 'Factureren tot en met', type: 'date' };

describe('copied child rows that read the prompts', () => {
  it('take a prompt the action asks, in when and in set', () => {
    expect(
      problems(
        {
          when: { '<=': [{ var: '$child.Till' }, { var: '$prompt.Till' }] },
          set: { Till: { if: [{ var: '$prompt.Till' }, { var: '$prompt.Till' }, { today: [] }] } },
        },
        [TILL],
      ),
    ).toEqual([]);
    expect(problems({ set: { Till: '$prompt.Till' } }, [TILL])).toEqual([]);
  });

  it('refuse a prompt the action does not ask', () => {
    expect(problems({ when: { '<=': [{ var: '$child.Till' }, { var: '$prompt.Until' }] } }, [TILL])).toEqual([
      '/actions/0/create/children/0/when prompt-reference',
    ]);
    expect(problems({ set: { Till: '$prompt.Until' } })).toContain(
      '/actions/0/create/children/0/set/Till prompt-reference',
    );
  });
});
