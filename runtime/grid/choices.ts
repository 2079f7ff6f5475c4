// A choice (select) column stores a code and shows its option's label, in the user's language
// (Meta.Columns carries the options translated); so does a workflow's status kept as a number or a
// flag, whose options name its states (it is still filtered as a number or a flag). Cells look
// labels up per render, so each column's options become a map once, kept as long as the server's
// description of the column.
import type { ChoiceOption } from '../../definitions/language/index.ts';
import type { GridColumn } from './types.ts';

const maps = new WeakMap<readonly ChoiceOption[], Map<string, string>>();

function labelsOf(options: readonly ChoiceOption[]): Map<string, string> {
  let labels = maps.get(options);
  if (!labels) maps.set(options, (labels = new Map(options.map((o) => [o.Value, o.Label]))));
  return labels;
}

export const isChoice = (column: GridColumn): boolean => column.AdvancedFilterType === 'choice';

/** Whether cells show an option's label rather than the value itself. */
export const hasOptions = (column: GridColumn): boolean => isChoice(column) || Boolean(column.Options?.length);

/** The label a cell shows for a code; a code without an option (older data) shows as it is. */
export function optionLabel(column: GridColumn, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const code = String(value);
  return (column.Options && labelsOf(column.Options).get(code)) ?? code;
}

/**
 * The code a text stands for: a code itself, or a label (any case; a URL parameter may name
 * the label); undefined when it is neither.
 */
export function choiceCode(column: GridColumn, text: string): string | undefined {
  const options = column.Options ?? [];
  const t = text.trim();
  if (options.some((o) => o.Value === t)) return t;
  const lower = t.toLocaleLowerCase();
  return options.find((o) => o.Label.toLocaleLowerCase() === lower)?.Value;
}
