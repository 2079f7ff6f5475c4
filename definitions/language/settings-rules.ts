// `$settings.<table>.<Field>` in a rule: a field of the one row of a settings table, a table a
// screen of kind `settings` shows (financial settings, relation settings). The server reads the
// row in the rule's transaction and only the rule's outcome leaves it, never the value.
import type { Effective } from './layering.ts';

export const SETTINGS_SCOPE = '$settings';

/** The settings table and field a rule's name reads, when it is a `$settings.<table>.<Field>` name. */
export function settingsName(name: string): { table: string; field: string } | undefined {
  const steps = name.split('.');
  if (steps[0] !== SETTINGS_SCOPE) return undefined;
  return steps.length === 3 ? { table: steps[1], field: steps[2] } : { table: '', field: '' };
}

/** What is wrong with a `$settings.…` name: an unknown field, or a table no settings screen shows. */
export function settingsNameProblem(eff: Effective, name: string): string | undefined {
  const read = settingsName(name);
  if (!read) return undefined;
  if (!read.table) return `${name}: a setting is read as $settings.<table>.<Field>`;
  const table = eff.tables.get(read.table.toLowerCase());
  const isSettings = [...eff.screens.values()].some(
    (s) => s.value.kind === 'settings' && s.value.table?.toLowerCase() === read.table.toLowerCase(),
  );
  if (!table || !isSettings) return `${name}: ${read.table} is not a table a settings screen shows`;
  if (!table.fields.some((f) => f.name.toLowerCase() === read.field.toLowerCase()))
    return `${name}: ${read.field} is not a field of ${table.name}`;
  return undefined;
}
