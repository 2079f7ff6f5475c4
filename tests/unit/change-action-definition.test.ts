// The `change` kind of a screen action and screens of kind `dashboard`, as the definitions check
// reads them: fields of their tables, rules that reach what they read, a child table that names
// the record, and dashboard tabs over all rows only on a dashboard screen with a read right.
import { describe, expect, it } from 'vitest';
import { effectiveProblems, emptyLayer, layer, schemaProblems } from '../../definitions/language/index.ts';
import type { FieldDef } from '../../definitions/language/index.ts';

function definitions(screens: Record<string, unknown>[]) {
  const base = emptyLayer('base');
  const origin = (file: string) => ({ layer: 'base', file });
  const table = (name: string, fields: FieldDef[]) => {
    base.tables.push({ value: { name, right: '1.1', fields }, origin: origin(name) });
    base.lists.push({ value: { name, table: name, textField: 'Descr' }, origin: origin(name) });
  };
  base.rights.push({ value: [{ code: '1.1', name: 'Lezen', actions: ['read'] }], origin: origin('rights') });
  table('indexes', [
    { name: 'Descr', type: 'text' },
    { name: 'Percentage', type: 'decimal', decimals: 2 },
  ]);
  table('deals', [
    { name: 'Descr', type: 'text' },
    { name: 'Price', type: 'decimal', decimals: 2 },
    { name: 'Index', type: 'list', list: 'indexes' },
    { name: 'Status', type: 'text' },
    { name: 'Ends', type: 'date' },
  ]);
  table('dealitems', [
    { name: 'Deal', type: 'list', list: 'deals', fixed: true },
    { name: 'Descr', type: 'text' },
    { name: 'Price', type: 'decimal', decimals: 2 },
  ]);
  for (const screen of screens) base.screens.push({ value: screen as never, origin: origin(String(screen.name)) });
  return layer([base]);
}

const problems = (screens: Record<string, unknown>[]) =>
  effectiveProblems(definitions(screens)).map((p) => `${p.pointer} ${p.rule}`);

const factor = (path: string) => ({ '+': [1, { '/': [{ var: path }, 100] }] });
const change = (c: Record<string, unknown>) => ({
  name: 'deals',
  kind: 'detail',
  table: 'deals',
  title: 'Deals',
  actions: [{ name: 'index', label: 'Indexeren', change: c }],
});
const sound = {
  when: { '!=': [{ var: 'Index.Percentage' }, null] },
  set: { Price: { '*': [{ var: 'Price' }, factor('Index.Percentage')] } },
  children: [
    {
      table: 'dealitems',
      parentField: 'Deal',
      when: { '!=': [{ var: '$child.Price' }, null] },
      set: { Price: { '*': [{ var: '$child.Price' }, factor('$record.Index.Percentage')] } },
    },
  ],
};

describe('a change action', () => {
  it('is in the screen schema with set required', () => {
    expect(schemaProblems('screen', 'f', change(sound))).toEqual([]);
    expect(schemaProblems('screen', 'f', change({ when: sound.when }))).not.toEqual([]);
  });

  it('sets fields of its tables from rules that reach what they read, on a child table naming the record', () => {
    expect(problems([change(sound)])).toEqual([]);
    expect(problems([change({ ...sound, set: { Nothing: 1 } })])).toEqual([
      '/actions/0/change/set/Nothing field-reference',
    ]);
    expect(problems([change({ ...sound, when: { var: 'Index.Missing' } })])).toEqual([
      '/actions/0/change/when field-reference',
    ]);
    const child = (c: Record<string, unknown>) => change({ ...sound, children: [{ ...sound.children[0], ...c }] });
    expect(problems([child({ parentField: 'Descr' })])).toEqual(['/actions/0/change/children/0 field-reference']);
    expect(problems([child({ table: 'nothing' })])).toEqual(['/actions/0/change/children/0 field-reference']);
    expect(problems([child({ set: { Price: { var: '$child.Missing' } } })])).toEqual([
      '/actions/0/change/children/0/set/Price field-reference',
    ]);
  });

  it('is one kind of action: not beside set', () => {
    const both = {
      ...change(sound),
      actions: [{ name: 'index', label: 'Indexeren', change: sound, set: { Descr: 'x' } }],
    };
    expect(problems([both])).toContain('/actions/0 action-kind');
  });
});

describe('a dashboard screen', () => {
  const tab = {
    name: 'all',
    title: 'Alle',
    kind: 'dashboard',
    table: 'deals',
    groupField: 'Status',
    dateField: 'Ends',
  };
  const screen = (s: Record<string, unknown>) => ({
    name: 'dealdashboard',
    kind: 'dashboard',
    title: 'Dashboard',
    rights: { read: '1.1' },
    tabs: [tab],
    ...s,
  });

  it('counts over every row of its tabs’ tables, by fields of theirs, with a read right of the catalogue', () => {
    expect(schemaProblems('screen', 'f', screen({}))).toEqual([]);
    expect(schemaProblems('screen', 'f', screen({ rights: undefined }))).not.toEqual([]);
    expect(problems([screen({})])).toEqual([]);
    expect(problems([screen({ rights: { read: '9.9' } })])).toEqual(['/rights right-reference']);
    expect(problems([screen({ tabs: [{ ...tab, groupField: 'Nothing' }] })])).toEqual(['/tabs/0 field-reference']);
    expect(problems([screen({ tabs: [{ ...tab, parentField: 'Deal' }] })])).toEqual(['/tabs/0 dashboard-screen']);
  });

  it('is the only place of a dashboard tab without a parent field', () => {
    const detail = {
      name: 'deals',
      kind: 'detail',
      table: 'deals',
      title: 'Deals',
      tabs: [{ ...tab, table: 'dealitems', groupField: 'Descr', dateField: 'CreateDate' }],
    };
    expect(problems([detail])).toEqual(['/tabs/0/parentField parent-field']);
  });
});
