// A table's `belongsTo.kinds` and `restrictedBy` are checked when definitions load: the kind is a list
// field, its flags bool fields of the kind, the allowed groups a table whose fixed list field is the kind
// and whose other list field is a security group. A sound one gives the access layer its columns.
import { describe, expect, it } from 'vitest';
import { effectiveProblems, emptyLayer, layer, schemaProblems } from '../../definitions/language/index.ts';

const list = (name: string) => ({ name, table: name, textField: 'ID' });
const documents = (over: Record<string, unknown> = {}) => ({
  name: 'docs',
  fields: [
    { name: 'TableName', type: 'text', fixed: true },
    { name: 'RecordID', type: 'bigint', fixed: true },
    { name: 'Kind', type: 'list', list: 'kinds' },
  ],
  belongsTo: { table: 'TableName', record: 'RecordID', kinds: { field: 'Kind', flags: { things: 'ForThings' } } },
  restrictedBy: { field: 'Kind', flag: 'Restricted', groups: { table: 'kindgroups', parent: 'Kind', group: 'Group' } },
  ...over,
});

function definitions(docs: Record<string, unknown>) {
  const base = emptyLayer('base');
  const origin = { layer: 'base', file: 'base/x.json' };
  const tables = [
    { name: 'securitygroups', fields: [{ name: 'ID', type: 'text' }] },
    { name: 'things', fields: [{ name: 'ID', type: 'text' }] },
    {
      name: 'kinds',
      fields: [
        { name: 'ID', type: 'text' },
        { name: 'ForThings', type: 'bool' },
        { name: 'Restricted', type: 'bool' },
      ],
    },
    {
      name: 'kindgroups',
      fields: [
        { name: 'Kind', type: 'list', list: 'kinds', fixed: true },
        { name: 'Group', type: 'list', list: 'securitygroups' },
      ],
    },
    docs,
  ];
  for (const t of tables) base.tables.push({ value: t as never, origin });
  for (const l of ['securitygroups', 'things', 'kinds']) base.lists.push({ value: list(l), origin });
  return layer([base]);
}
const problems = (docs: Record<string, unknown>) =>
  effectiveProblems(definitions(docs)).map((p) => [p.pointer, p.rule]);

describe('document kinds in the definitions', () => {
  it('accept kinds that apply per table and a restriction by allowed groups', () => {
    expect(schemaProblems('table', 'f', documents())).toEqual([]);
    expect(problems(documents())).toEqual([]);
    expect(definitions(documents()).tables.get('docs')?.restriction).toMatchObject({
      column: 'kind',
      flag: 'restricted',
      parent: 'kind',
      group: 'group',
    });
  });
  it('refuse a flag that is no bool field of the kind, or a table not defined', () => {
    const kinds = { table: 'TableName', record: 'RecordID', kinds: { field: 'Kind', flags: { nope: 'ID' } } };
    expect(problems(documents({ belongsTo: kinds }))).toEqual([
      ['/belongsTo/kinds/flags/nope', 'table-reference'],
      ['/belongsTo/kinds/flags/nope', 'field-reference'],
    ]);
  });
  it('refuse a restriction whose flag, kind or groups do not fit', () => {
    const restricted = (r: Record<string, unknown>) =>
      documents({ restrictedBy: { ...documents().restrictedBy, ...r } });
    expect(problems(restricted({ flag: 'ID' }))).toEqual([['/restrictedBy/flag', 'field-reference']]);
    expect(problems(restricted({ field: 'TableName' }))).toEqual([['/restrictedBy/field', 'field-reference']]);
    expect(problems(restricted({ groups: { table: 'kindgroups', parent: 'Group', group: 'Kind' } }))).toEqual([
      ['/restrictedBy/groups/parent', 'field-reference'],
      ['/restrictedBy/groups/group', 'field-reference'],
    ]);
    expect(definitions(restricted({ flag: 'Nope' })).tables.get('docs')?.restriction).toBeUndefined();
  });
});
