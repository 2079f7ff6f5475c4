// A plannable table (`planning`) names fields of the kinds the board needs: datetime start and end,
// a list field for the row, a label, a colour field (of the record or of a row a list field names),
// bool flags, a list field to filter by team, and an unplanned rule the engine can run as SQL.
import type { Effective, EffectiveTable } from './layering.ts';
import type { PlanningMembers } from './types.ts';
import { whereSqlProblems } from './rollups.ts';
import { ruleFields } from './rules.ts';
import type { DefinitionProblem } from './validate.ts';

type Report = (pointer: string, rule: string, message: string) => void;

/** Field types a bar's start and end may have. */
export const PLANNING_TIME_TYPES = ['datetime', 'datetime-seconds'];

const fieldOf = (table: EffectiveTable | undefined, name: string) =>
  table?.fields.find((f) => f.name.toLowerCase() === name.toLowerCase());

function referenced(eff: Effective, table: EffectiveTable, name: string): EffectiveTable | undefined {
  const field = fieldOf(table, name);
  const list = field?.type === 'list' && field.list ? eff.lists.get(field.list.toLowerCase())?.value : undefined;
  return list ? eff.tables.get(list.table.toLowerCase()) : undefined;
}

/** A kind of row's `members`: a table whose list fields name the row (as `resource` does) and the team, and an order field. */
function checkMembers(
  eff: Effective,
  table: EffectiveTable,
  m: PlanningMembers,
  resource: string,
  at: string,
  report: Report,
): void {
  const rows = eff.tables.get(m.table.toLowerCase());
  if (!rows) return report(`${at}/table`, 'table-reference', `planning members: ${m.table} is not defined`);
  const team = table.planning?.team;
  if (referenced(eff, rows, m.resource) !== referenced(eff, table, resource))
    report(
      `${at}/resource`,
      'field-reference',
      `planning members resource: ${m.resource} must be a list field of ${rows.name} to the table ${resource} names`,
    );
  if (!team || referenced(eff, rows, m.team) !== referenced(eff, table, team))
    report(
      `${at}/team`,
      'field-reference',
      `planning members team: ${m.team} must be a list field of ${rows.name} to the table team names`,
    );
  if (m.order && !fieldOf(rows, m.order))
    report(`${at}/order`, 'field-reference', `planning members order: ${m.order} is no field of ${rows.name}`);
}

export function checkPlanning(eff: Effective, table: EffectiveTable, report: Report): void {
  const p = table.planning;
  if (!p) return;
  const typed = (key: string, name: string, types: string[]) => {
    if (!types.includes(fieldOf(table, name)?.type ?? ''))
      report(
        `/planning/${key}`,
        'field-reference',
        `planning ${key}: ${name} must be a ${types.join(' or ')} field of ${table.name}`,
      );
  };
  typed('start', p.start, PLANNING_TIME_TYPES);
  typed('end', p.end, PLANNING_TIME_TYPES);
  if (p.start.toLowerCase() === p.end.toLowerCase())
    report('/planning/end', 'field-reference', 'planning end must be another field than start');
  if (!referenced(eff, table, p.resource))
    report(
      '/planning/resource',
      'field-reference',
      `planning resource: ${p.resource} must be a list field of ${table.name}`,
    );
  if (p.team && !referenced(eff, table, p.team))
    report('/planning/team', 'field-reference', `planning team: ${p.team} must be a list field of ${table.name}`);
  if (!fieldOf(table, p.text))
    report('/planning/text', 'field-reference', `planning text: ${p.text} is no field of ${table.name}`);
  if (p.color) {
    const [first, second] = p.color.split('.');
    const on = second ? referenced(eff, table, first) : table;
    if (fieldOf(on, second ?? first)?.type !== 'color')
      report(
        '/planning/color',
        'field-reference',
        `planning color: ${p.color} must be a colour field of ${table.name} or of a row a list field names`,
      );
  }
  if (p.members) checkMembers(eff, table, p.members, p.resource, '/planning/members', report);
  const kinds = [referenced(eff, table, p.resource)];
  (p.rows ?? []).forEach((kind, i) => {
    const at = `/planning/rows/${i}`;
    const target = referenced(eff, table, kind.resource);
    if (!target)
      report(
        `${at}/resource`,
        'field-reference',
        `planning rows resource: ${kind.resource} must be a list field of ${table.name}`,
      );
    else if (kinds.includes(target))
      report(
        `${at}/resource`,
        'field-reference',
        `planning rows resource: ${kind.resource} names a table another kind of row names`,
      );
    kinds.push(target);
    if (kind.members) checkMembers(eff, table, kind.members, kind.resource, `${at}/members`, report);
  });
  if (p.timeZone) {
    const teams = p.team ? referenced(eff, table, p.team) : undefined;
    if (!teams || !['text', 'select'].includes(fieldOf(teams, p.timeZone)?.type ?? ''))
      report(
        '/planning/timeZone',
        'field-reference',
        `planning timeZone: ${p.timeZone} must be a text field of the table team names`,
      );
  }
  if (p.capacity) {
    const c = p.capacity;
    const teams = p.team ? referenced(eff, table, p.team) : undefined;
    const plans = teams ? referenced(eff, teams, c.plan) : undefined;
    if (!plans)
      report(
        '/planning/capacity/plan',
        'field-reference',
        `planning capacity plan: ${c.plan} must be a list field of the table team names`,
      );
    else
      c.hours.forEach((name, i) => {
        if (!['decimal', 'integer', 'smallint'].includes(fieldOf(plans, name)?.type ?? ''))
          report(
            `/planning/capacity/hours/${i}`,
            'field-reference',
            `planning capacity hours: ${name} must be a number field of ${plans.name}`,
          );
      });
    const a = c.absences;
    const rows = a ? eff.tables.get(a.table.toLowerCase()) : undefined;
    if (a && !rows)
      report(
        '/planning/capacity/absences/table',
        'table-reference',
        `planning capacity absences: ${a.table} is not defined`,
      );
    if (a && rows) {
      if (referenced(eff, rows, a.resource) !== referenced(eff, table, p.resource))
        report(
          '/planning/capacity/absences/resource',
          'field-reference',
          `planning capacity absences resource: ${a.resource} must be a list field of ${rows.name} to the table ${p.resource} names`,
        );
      for (const key of ['from', 'to'] as const)
        if (fieldOf(rows, a[key])?.type !== 'date')
          report(
            `/planning/capacity/absences/${key}`,
            'field-reference',
            `planning capacity absences ${key}: ${a[key]} must be a date field of ${rows.name}`,
          );
    }
    if (!p.members)
      report('/planning/capacity', 'field-reference', 'planning capacity needs members: whose hours count for a team');
  }
  (p.flags ?? []).forEach((name, i) => typed(`flags/${i}`, name, ['bool']));
  if (p.unplannedWhen !== undefined) {
    for (const problem of whereSqlProblems(p.unplannedWhen))
      report('/planning/unplannedWhen', 'rule', `planning unplannedWhen: ${problem}`);
    for (const name of ruleFields(p.unplannedWhen))
      if (!fieldOf(table, name))
        report(
          '/planning/unplannedWhen',
          'field-reference',
          `planning unplannedWhen reads ${name}, which is no field of ${table.name}`,
        );
  }
}

/** The problems of every plannable table. */
export function planningProblems(eff: Effective): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const table of eff.tables.values()) {
    const file = table.origin.name?.file ?? '(unknown)';
    checkPlanning(eff, table, (pointer, rule, message) => problems.push({ file, pointer, rule, message }));
  }
  return problems;
}
