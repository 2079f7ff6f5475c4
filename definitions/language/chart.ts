// Charts as definitions: a dashboard tab's charts, each a data set (the tab's table, its rows under
// the record or every row the user sees, optionally a named data set), a grouping field (a date by
// month or week), a measure (a count of rows or the sum of a number field) and a kind (bar, line,
// donut). The server adds them up through the access layer; the runtime draws them with a table
// of the same numbers beside.
import type { Effective } from './layering.ts';
import type { DefinitionProblem } from './validate.ts';

export type ChartKind = 'bar' | 'line' | 'donut';

export interface ChartDef {
  name: string;
  title: string;
  kind: ChartKind;
  groupBy: { FieldName: string; Bucket?: 'week' | 'month' };
  measure: { Aggregate: 'count' } | { Aggregate: 'sum'; FieldName: string };
  /** A named data set of the table's screens (active, mine …) the chart counts within. */
  dataSet?: string;
}

/** The most groups a chart draws (the largest first). */
export const CHART_POINTS = 50;

const DATES = new Set(['date', 'datetime', 'datetime-seconds']);
const NUMBERS = new Set(['smallint', 'integer', 'bigint', 'decimal']);

/** Charts naming fields their table lacks, a bucket on a field that is no date, a sum of no number. */
export function chartProblems(eff: Effective): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const { value: screen, origin } of eff.screens.values()) {
    (screen.tabs ?? []).forEach((tab, i) => {
      if (tab.kind !== 'dashboard' || !tab.charts) return;
      const table = eff.tables.get(tab.table.toLowerCase());
      const field = (name: string) => table?.fields.find((f) => f.name.toLowerCase() === name.toLowerCase());
      tab.charts.forEach((chart, j) => {
        const at = (pointer: string, message: string) =>
          problems.push({
            file: (origin.tabs ?? origin.name)?.file ?? '(unknown)',
            pointer: `/tabs/${i}/charts/${j}/${pointer}`,
            rule: 'field-reference',
            message: `screen ${screen.name}, chart ${chart.name}: ${message}`,
          });
        const group = field(chart.groupBy.FieldName);
        if (!group) at('groupBy/FieldName', `${chart.groupBy.FieldName} is not a field of ${tab.table}`);
        else if (chart.groupBy.Bucket && !DATES.has(group.type))
          at('groupBy/Bucket', `${group.name} is no date field to group by ${chart.groupBy.Bucket}`);
        if (chart.measure.Aggregate === 'sum' && !NUMBERS.has(field(chart.measure.FieldName)?.type ?? ''))
          at('measure/FieldName', `${chart.measure.FieldName} is not a number field of ${tab.table}`);
      });
    });
  }
  return problems;
}
