// A grid's summaries (grouped views) name fields of its table that can be grouped and added up:
// a group column a field that is not text of any length (a date field where it has a bucket), a
// sum a number field, the sort one of the summary's own columns; a summary screen names a summary
// of its table. Column names are unique within a summary.
import type { Effective } from './layering.ts';
import type { SummaryDef } from './types.ts';
import type { DefinitionProblem } from './validate.ts';

/** Field types a summary may group by (a bucket needs a date or datetime). */
const GROUPABLE = new Set([
  'text',
  'integer',
  'decimal',
  'bool',
  'date',
  'datetime',
  'datetime-seconds',
  'list',
  'select',
  'time',
]);
export const BUCKETABLE = new Set(['date', 'datetime', 'datetime-seconds']);
export const SUMMABLE = new Set(['integer', 'decimal']);

/** The name of a summary's group column in an answer: the field's, with its bucket (`Date_week`). */
export const groupColumnName = (g: SummaryDef['groupBy'][number]) =>
  g.Bucket ? `${g.FieldName}_${g.Bucket}` : g.FieldName;
/** The name of a summary's measure column in an answer: the summed field's, or `Count`. */
export const measureColumnName = (m: SummaryDef['measures'][number]) => (m.Aggregate === 'sum' ? m.FieldName : 'Count');

export function summaryProblems(eff: Effective): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const { value: grid, origin } of eff.grids.values()) {
    const file = (origin.summaries ?? origin.name)?.file ?? '(unknown)';
    const table = eff.tables.get(grid.table.toLowerCase());
    if (!table) continue;
    const fieldOf = (name: string) => table.fields.find((f) => f.name.toLowerCase() === name.toLowerCase());
    (grid.summaries ?? []).forEach((summary, i) => {
      const report = (pointer: string, rule: string, message: string) =>
        problems.push({
          file,
          pointer: `/summaries/${i}${pointer}`,
          rule,
          message: `grid ${grid.name} summary ${summary.name}: ${message}`,
        });
      const names: string[] = [];
      summary.groupBy.forEach((g, j) => {
        const field = fieldOf(g.FieldName);
        if (!field || !GROUPABLE.has(field.type))
          report(`/groupBy/${j}`, 'field-reference', `${g.FieldName} is not a field of ${table.name} to group by`);
        else if (g.Bucket && !BUCKETABLE.has(field.type))
          report(`/groupBy/${j}/Bucket`, 'field-reference', `${g.FieldName} is not a date to group by ${g.Bucket}`);
        names.push(groupColumnName(g));
      });
      summary.measures.forEach((m, j) => {
        if (m.Aggregate === 'sum' && !SUMMABLE.has(fieldOf(m.FieldName)?.type ?? ''))
          report(
            `/measures/${j}`,
            'field-reference',
            `${m.FieldName} is not a number field of ${table.name} to add up`,
          );
        names.push(measureColumnName(m));
      });
      const twice = names.find((n, j) => names.findIndex((o) => o.toLowerCase() === n.toLowerCase()) !== j);
      if (twice) report('', 'summary-column', `the column ${twice} is named twice`);
      const sorted = summary.sort?.split(' ')[0];
      if (sorted && !names.some((n) => n.toLowerCase() === sorted.toLowerCase()))
        report('/sort', 'summary-column', `sort ${sorted} is not one of its columns (${names.join(', ')})`);
    });
  }
  for (const { value: screen, origin } of eff.screens.values()) {
    if (screen.kind !== 'summary') continue;
    const file = (origin.summary ?? origin.name)?.file ?? '(unknown)';
    const found = [...eff.grids.values()].some(
      ({ value: g }) =>
        g.table.toLowerCase() === screen.table?.toLowerCase() &&
        (g.summaries ?? []).some((s) => s.name === screen.summary),
    );
    if (!found)
      problems.push({
        file,
        pointer: '/summary',
        rule: 'summary-reference',
        message: `screen ${screen.name} names summary ${screen.summary ?? '(none)'}, which no grid of ${screen.table ?? '(no table)'} defines`,
      });
  }
  return problems;
}
