// The `planning` kind of a table: the board's fields must be of the kinds it needs, and the base
// pack marks working tickets plannable.
import { describe, expect, it } from 'vitest';
import { effectiveProblems, emptyLayer, layer, schemaProblems } from '../../definitions/language/index.ts';
import type { FieldDef, PlanningDef, TableDef } from '../../definitions/language/index.ts';
import { rule } from '../support/rules.ts';
import ticketTable from '../../definitions/packs/base/tables/workingtickets.json' with { type: 'json' };

function definitions(planning: PlanningDef) {
  const base = emptyLayer('base');
  const table = (name: string, fields: FieldDef[], extra: Partial<TableDef> = {}) => {
    base.tables.push({ value: { name, fields, ...extra }, origin: { layer: 'base', file: name } });
    base.lists.push({ value: { name, table: name, textField: 'Descr' }, origin: { layer: 'base', file: name } });
  };
  table('statuses', [
    { name: 'Descr', type: 'text' },
    { name: 'Color', type: 'color' },
  ]);
  table('persons', [{ name: 'Descr', type: 'text' }]);
  table(
    'jobs',
    [
      { name: 'Descr', type: 'text' },
      { name: 'From', type: 'datetime' },
      { name: 'Till', type: 'datetime' },
      { name: 'Day', type: 'date' },
      { name: 'Person', type: 'list', list: 'persons' },
      { name: 'Status', type: 'list', list: 'statuses' },
      { name: 'Late', type: 'bool' },
    ],
    { planning },
  );
  return layer([base]);
}

const problems = (planning: PlanningDef) => effectiveProblems(definitions(planning)).map((p) => p.pointer);

describe('the planning kind', () => {
  const sound: PlanningDef = { start: 'From', end: 'Till', resource: 'Person', text: 'Descr' };

  it('is in the table schema with start, end, resource and text required', () => {
    const table = (planning: unknown) => schemaProblems('table', 'f', { name: 'jobs', fields: [], planning });
    expect(table(sound)).toEqual([]);
    expect(table({ start: 'From', end: 'Till', text: 'Descr' })).not.toEqual([]);
    expect(table({ ...sound, colour: 'Color' })).not.toEqual([]);
  });

  it('names fields of the kinds the board needs', () => {
    expect(
      problems({
        ...sound,
        color: 'Status.Color',
        team: 'Person',
        flags: ['Late'],
        unplannedWhen: rule({ '!': { var: 'Late' } }),
      }),
    ).toEqual([]);
    expect(problems({ ...sound, start: 'Day' })).toEqual(['/planning/start']);
    expect(problems({ ...sound, end: 'From' })).toEqual(['/planning/end']);
    expect(problems({ ...sound, resource: 'Descr' })).toEqual(['/planning/resource']);
    expect(problems({ ...sound, text: 'Nothing' })).toEqual(['/planning/text']);
    expect(problems({ ...sound, color: 'Status.Descr' })).toEqual(['/planning/color']);
    expect(problems({ ...sound, color: 'Descr.Color' })).toEqual(['/planning/color']);
    expect(problems({ ...sound, flags: ['Descr'] })).toEqual(['/planning/flags/0']);
    expect(problems({ ...sound, unplannedWhen: rule({ '!': { var: 'Gone' } }) })).toEqual(['/planning/unplannedWhen']);
    expect(problems({ ...sound, unplannedWhen: rule({ is_workday: [{ var: 'From' }] }) })).toContain(
      '/planning/unplannedWhen',
    );
  });

  it('checks capacity: a plan through the team, seven number fields, absences of the row table by date', () => {
    const capacity = (extra: Partial<PlanningDef>) =>
      effectiveProblems(definitions({ ...sound, ...extra })).map((p) => p.pointer);
    expect(capacity({ capacity: { plan: 'Status', hours: Array(7).fill('Color') } })).toContain('/planning/capacity');
    expect(capacity({ team: 'Status', capacity: { plan: 'Descr', hours: Array(7).fill('Color') } })).toContain(
      '/planning/capacity/plan',
    );
  });

  it('marks working tickets plannable in the base pack, by person and team, with the working-hours flag', () => {
    const planning: PlanningDef | undefined = ticketTable.planning;
    expect(planning).toMatchObject({
      start: 'StartDate',
      end: 'EndDate',
      resource: 'AssignedPerson',
      team: 'AssignedTeam',
    });
    expect(planning?.flags).toContain('OutsideWorkingHours');
  });
});
