// A field's `defaultSetting` names a field of a settings table's row ($settings.<table>.<Field>)
// whose values the field takes: the same type, a list field of the same list table, a select
// whose options hold every option of the setting. A wrong one would store what the field refuses.
import type { Effective, EffectiveField } from './layering.ts';
import { settingsName, settingsNameProblem } from './settings-rules.ts';
import type { DefinitionProblem } from './validate.ts';

const listTable = (eff: Effective, field: EffectiveField) =>
  field.list ? eff.lists.get(field.list.toLowerCase())?.value.table.toLowerCase() : undefined;

/** Why `source` cannot give `field` its value, if it cannot. */
function mismatch(eff: Effective, field: EffectiveField, source: EffectiveField): string | undefined {
  if (field.type !== source.type) return `it is ${source.type}, the field ${field.type}`;
  if (field.type === 'list' && listTable(eff, field) !== listTable(eff, source)) return 'it picks from another table';
  const missing = (source.options ?? []).filter((o) => !(field.options ?? []).some((f) => f.value === o.value));
  if (missing.length) return `its options ${missing.map((o) => o.value).join(', ')} are no options of the field`;
  return undefined;
}

export function settingDefaultProblems(eff: Effective): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const table of eff.tables.values())
    for (const field of table.fields) {
      if (!field.defaultSetting) continue;
      const report = (message: string) =>
        problems.push({
          file: (field.origin.defaultSetting ?? field.origin.name)?.file ?? '(unknown)',
          pointer: `/fields/${field.name}/defaultSetting`,
          rule: 'field-reference',
          message: `table ${table.name}: field ${field.name}: defaultSetting ${message}`,
        });
      const problem = settingsNameProblem(eff, field.defaultSetting);
      const read = settingsName(field.defaultSetting);
      if (problem || !read) {
        report(problem ?? `${field.defaultSetting}: a setting is read as $settings.<table>.<Field>`);
        continue;
      }
      const source = eff.tables
        .get(read.table.toLowerCase())
        ?.fields.find((f) => f.name.toLowerCase() === read.field.toLowerCase());
      const wrong = source && mismatch(eff, field, source);
      if (wrong) report(`${field.defaultSetting}: ${wrong}`);
    }
  return problems;
}
