// A screen action whose prompt chooses the transition (`choose`) and a table's rows copied under
// each new record (`childrenFrom`), as the schemas and the definitions check read them.
import { describe, expect, it } from 'vitest';
import { effectiveProblems, emptyLayer, layer, schemaProblems } from '../../definitions/language/index.ts';
import type { ActionDef, FieldDef, PromptDef, ScreenDef, TableDef } from '../../definitions/language/index.ts';

const question: PromptDef = {
  name: 'HasMeasurements',
  label: 'Metingen?',
  type: 'select',
  required: true,
  options: [
    { value: 'yes', label: 'Ja' },
    { value: 'no', label: 'Nee' },
  ],
};
const choosing = (action: Partial<ActionDef>): ScreenDef => ({
  name: 'checks',
  kind: 'detail',
  table: 'checks',
  title: 'Keuringen',
  actions: [{ name: 'finish', label: 'Afronden', prompts: [question], ...action }],
});
const chooses = { prompt: 'HasMeasurements', transitions: { yes: 'wait', no: 'finish' } };
const sound = { choose: chooses };
type Copying = NonNullable<TableDef['childrenFrom']>;
const copying: Copying[number] = {
  through: 'Plan',
  from: 'planquestions',
  table: 'checkquestions',
  when: { '==': [{ var: '$child.ObjectType' }, { var: '$created.Object.ObjectType' }] },
  set: { Question: '$child.Question', Source: '$child.AutoID', PlanName: '$record.Descr' },
};

function definitions(screens: ScreenDef[], childrenFrom: Copying = [copying]) {
  const base = emptyLayer('base');
  const origin = (file: string) => ({ layer: 'base', file });
  const table = (name: string, fields: FieldDef[], extra: Partial<TableDef> = {}) => {
    const described: FieldDef[] = fields.some((f) => f.name === 'Descr')
      ? fields
      : [...fields, { name: 'Descr', type: 'text' }];
    base.tables.push({ value: { name, right: '1.1', fields: described, ...extra }, origin: origin(name) });
    base.lists.push({ value: { name, table: name, textField: 'Descr' }, origin: origin(name) });
  };
  base.rights.push({ value: [{ code: '1.1', name: 'Lezen', actions: ['read'] }], origin: origin('rights') });
  table('types', [{ name: 'Descr', type: 'text' }]);
  table('things', [
    { name: 'Descr', type: 'text' },
    { name: 'ObjectType', type: 'list', list: 'types' },
  ]);
  table('plans', [{ name: 'Descr', type: 'text' }]);
  table('planquestions', [
    { name: 'Plan', type: 'list', list: 'plans', fixed: true },
    { name: 'Question', type: 'text' },
    { name: 'ObjectType', type: 'list', list: 'types' },
  ]);
  table(
    'checks',
    [
      { name: 'Descr', type: 'text' },
      { name: 'Plan', type: 'list', list: 'plans' },
      { name: 'Object', type: 'list', list: 'things' },
      { name: 'Status', type: 'smallint' },
    ],
    { childrenFrom },
  );
  table('checkquestions', [
    { name: 'Check', type: 'list', list: 'checks', fixed: true },
    { name: 'Question', type: 'text' },
    { name: 'Source', type: 'list', list: 'planquestions' },
    { name: 'PlanName', type: 'text' },
  ]);
  base.workflows.push({
    value: {
      name: 'checks',
      table: 'checks',
      field: 'Status',
      states: [
        { value: 0, label: 'Open' },
        { value: 1, label: 'Klaar' },
        { value: 2, label: 'Wacht' },
      ],
      transitions: [
        { name: 'finish', label: 'Afronden', from: [0], to: 1, viaAction: true },
        { name: 'wait', label: 'Wachten', from: [0], to: 2, viaAction: true },
        { name: 'done', label: 'Verwerkt', from: [2], to: 1, automatic: { '==': [1, 1] } },
      ],
    },
    origin: origin('workflow'),
  });
  for (const screen of screens) base.screens.push({ value: screen, origin: origin(screen.name) });
  return layer([base]);
}

const problems = (screens: ScreenDef[], childrenFrom?: Copying) =>
  effectiveProblems(definitions(screens, childrenFrom)).map((p) => `${p.pointer} ${p.rule}`);

describe('a choosing action', () => {
  it('is in the screen schema with its prompt and transitions', () => {
    expect(schemaProblems('screen', 'f', choosing(sound))).toEqual([]);
    const unnamed = { ...choosing({}), actions: [{ name: 'finish', label: 'Afronden', choose: { prompt: 'X' } }] };
    expect(schemaProblems('screen', 'f', unnamed)).not.toEqual([]);
  });

  it('chooses by a required select prompt, a transition a user may make for each of its answers', () => {
    expect(problems([choosing(sound)])).toEqual([]);
    expect(problems([choosing({ ...sound, transition: 'finish' })])).toEqual(['/actions/0 action-kind']);
    expect(problems([choosing({ choose: { ...chooses, prompt: 'Missing' } })])).toEqual([
      '/actions/0/choose/prompt choose',
      // Not the choosing prompt, so a field of the record it is not.
      '/actions/0/prompts/0/name field-reference',
    ]);
    expect(problems([choosing({ choose: { ...chooses, transitions: { yes: 'wait' } } })])).toEqual([
      '/actions/0/choose/transitions choose',
    ]);
    expect(
      problems([choosing({ choose: { ...chooses, transitions: { ...chooses.transitions, maybe: 'wait' } } })]),
    ).toEqual(['/actions/0/choose/transitions/maybe choose']);
    // An automatic transition is the engine's alone.
    expect(problems([choosing({ choose: { ...chooses, transitions: { yes: 'done', no: 'finish' } } })])).toEqual([
      '/actions/0/choose/transitions/yes transition-reference',
    ]);
  });
});

describe('rows copied under a new record', () => {
  it('is in the table schema with through, from, table and set required', () => {
    const table = { name: 'checks', fields: [{ name: 'Descr', type: 'text' }] };
    expect(schemaProblems('table', 'f', { ...table, childrenFrom: [copying] })).toEqual([]);
    const withoutThrough = Object.fromEntries(Object.entries(copying).filter(([k]) => k !== 'through'));
    expect(schemaProblems('table', 'f', { ...table, childrenFrom: [withoutThrough] })).not.toEqual([]);
  });

  it('goes through a list field of the table, from a table naming its row, into one naming the record', () => {
    expect(problems([], [copying])).toEqual([]);
    expect(problems([], [{ ...copying, through: 'Descr' }])).toEqual(['/childrenFrom/0/through field-reference']);
    expect(problems([], [{ ...copying, from: 'things' }])).toEqual([
      '/childrenFrom/0/via field-reference',
      '/childrenFrom/0/set/Question field-reference',
    ]);
    expect(problems([], [{ ...copying, set: { Question: '$child.Missing' } }])).toEqual([
      '/childrenFrom/0/set/Question field-reference',
    ]);
    expect(problems([], [{ ...copying, set: { Nothing: '$child.Question' } }])).toEqual([
      '/childrenFrom/0/set/Nothing field-reference',
    ]);
  });
});
