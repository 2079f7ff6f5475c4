// A field's `defaultSetting` is checked when definitions load: it names a field of a table a
// settings screen shows, of the field's type, a list field of the same list table, a select whose
// options the field has. A sound one gives the table's model its setting defaults.
import { describe, expect, it } from 'vitest';
import { effectiveProblems, emptyLayer, layer, schemaProblems } from '../../definitions/language/index.ts';
import type { FieldDef, TableDef } from '../../definitions/language/index.ts';

const list = (name: string) => ({ name, table: name, textField: 'ID' });
const options = (...values: string[]) => values.map((value) => ({ value, label: value }));

function definitions(field: FieldDef) {
  const base = emptyLayer('base');
  const origin = { layer: 'base', file: 'base/x.json' };
  const tables: TableDef[] = [
    { name: 'statuses', fields: [{ name: 'ID', type: 'text' }] },
    { name: 'kinds', fields: [{ name: 'ID', type: 'text' }] },
    {
      name: 'thingsettings',
      fields: [
        { name: 'DefaultStatus', type: 'list', list: 'statuses' },
        { name: 'DefaultKind', type: 'list', list: 'kinds' },
        { name: 'DefaultMode', type: 'select', options: options('a', 'b') },
        { name: 'DefaultMinutes', type: 'integer' },
      ],
    },
    { name: 'plain', fields: [{ name: 'DefaultStatus', type: 'list', list: 'statuses' }] },
    { name: 'things', fields: [{ name: 'ID', type: 'text' }, field] },
  ];
  for (const t of tables) base.tables.push({ value: t, origin });
  for (const l of ['statuses', 'kinds']) base.lists.push({ value: list(l), origin });
  base.screens.push({
    value: { name: 'thingsettings', kind: 'settings', table: 'thingsettings', title: 'Instellingen' },
    origin,
  });
  return layer([base]);
}
const problems = (field: FieldDef) =>
  effectiveProblems(definitions(field))
    .filter((p) => p.pointer.endsWith('/defaultSetting'))
    .map((p) => p.message.replace(/^.*defaultSetting /, ''));

const status = { name: 'Status', type: 'list', list: 'statuses' } satisfies FieldDef;

describe('defaultSetting in the definitions', () => {
  it('accepts a setting of the same type, list table or options', () => {
    const field = { ...status, defaultSetting: '$settings.thingsettings.DefaultStatus' };
    expect(schemaProblems('table', 'f', { name: 'things', fields: [field] })).toEqual([]);
    expect(problems(field)).toEqual([]);
    const mode = { name: 'Mode', type: 'select', options: options('a', 'b', 'c') } satisfies FieldDef;
    expect(problems({ ...mode, defaultSetting: '$settings.thingsettings.DefaultMode' })).toEqual([]);
  });

  it('refuses a setting of another type, list table or with options the field lacks', () => {
    expect(problems({ ...status, defaultSetting: '$settings.thingsettings.DefaultKind' })).toEqual([
      '$settings.thingsettings.DefaultKind: it picks from another table',
    ]);
    expect(problems({ ...status, defaultSetting: '$settings.thingsettings.DefaultMinutes' })).toEqual([
      '$settings.thingsettings.DefaultMinutes: it is integer, the field list',
    ]);
    const mode = { name: 'Mode', type: 'select', options: options('a') } satisfies FieldDef;
    expect(problems({ ...mode, defaultSetting: '$settings.thingsettings.DefaultMode' })).toEqual([
      '$settings.thingsettings.DefaultMode: its options b are no options of the field',
    ]);
  });

  it('refuses a table no settings screen shows, or an unknown field', () => {
    expect(problems({ ...status, defaultSetting: '$settings.plain.DefaultStatus' })).toHaveLength(1);
    expect(problems({ ...status, defaultSetting: '$settings.thingsettings.Nope' })).toHaveLength(1);
    expect(
      schemaProblems('table', 'f', { name: 'things', fields: [{ ...status, defaultSetting: 'x.y' }] }),
    ).not.toEqual([]);
  });
});
