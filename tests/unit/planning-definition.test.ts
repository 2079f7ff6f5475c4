// The `planning` kind of a table: the board's fields must be of the kinds it needs, and the base
// pack marks working tickets plannable.
import { describe, expect, it } from 'vitest';
import { effectiveProblems, emptyLayer, layer, schemaProblems } from '../../definitions/language/index.ts';
import type { PlanningDef } from '../../definitions/language/index.ts';
import ticketTable from '../../definitions/packs/base/tables/workingtickets.json' with { type: 'json' };

function definitions(planning: Record<string, unknown>) {
  const base = emptyLayer('base');
  const table = (name: string, fields: Record<string, unknown>[], extra: Record<string, unknown> = {}) => {
    base.tables.push({ value: { name, fields, ...extra } as never, origin: { layer: 'base', file: name } });
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

const problems = (planning: Record<string, unknown>) => effectiveProblems(definitions(planning)).map((p) => p.pointer);

describe('the planning kind', () => {
  const sound = { start: 'From', end: 'Till', resource: 'Person', text: 'Descr' };

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
        unplannedWhen: { '!': { var: 'Late' } },
      }),
    ).toEqual([]);
    expect(problems({ ...sound, start: 'Day' })).toEqual(['/planning/start']);
    expect(problems({ ...sound, end: 'From' })).toEqual(['/planning/end']);
    expect(problems({ ...sound, resource: 'Descr' })).toEqual(['/planning/resource']);
    expect(problems({ ...sound, text: 'Nothing' })).toEqual(['/planning/text']);
    expect(problems({ ...sound, color: 'Status.Descr' })).toEqual(['/planning/color']);
    expect(problems({ ...sound, color: 'Descr.Color' })).toEqual(['/planning/color']);
    expect(problems({ ...sound, flags: ['Descr'] })).toEqual(['/planning/flags/0']);
    expect(problems({ ...sound, unplannedWhen: { '!': { var: 'Gone' } } })).toEqual(['/planning/unplannedWhen']);
    expect(problems({ ...sound, unplannedWhen: { is_workday: [{ var: 'From' }] } })).toContain(
      '/planning/unplannedWhen',
    );
  });

  it('checks capacity: a plan through the team, seven number fields, absences of the row table by date', () => {
    const capacity = (extra: Record<string, unknown>) =>
      effectiveProblems(definitions({ ...sound, ...extra })).map((p) => p.pointer);
    expect(capacity({ capacity: { plan: 'Status', hours: Array(7).fill('Color') } })).toContain('/planning/capacity');
    expect(capacity({ team: 'Status', capacity: { plan: 'Descr', hours: Array(7).fill('Color') } })).toContain(
      '/planning/capacity/plan',
    );
  });

  it('marks working tickets plannable in the base pack, by person and team, with the working-hours flag', () => {
    const planning = (ticketTable as { planning?: PlanningDef }).planning;
    expect(planning).toMatchObject({
      start: 'StartDate',
      end: 'EndDate',
      resource: 'AssignedPerson',
      team: 'AssignedTeam',
    });
    expect(planning?.flags).toContain('OutsideWorkingHours');
  });
});
