// A row limit of kind `value` admits the rows whose field holds a fixed value ("the counter sees
// customers only"), taken as the field stores it; a value that does not fit the field admits
// nothing, and every limit that names nothing valid is said so for the explain call.
import { describe, expect, it } from 'vitest';
import type { EffectiveTable } from '../../definitions/language/index.ts';
import type { GrantRow, RowLimitRow, UserRow } from '../../server/security/identity.ts';
import { fixedValue, rowLimitProblem, userPrincipal } from '../../server/security/principal-of.ts';

const relations = {
  name: 'relations',
  sqlName: 'relations',
  right: '2.1',
  origin: {},
  fields: [
    { name: 'Kind', sqlName: 'kind', type: 'select', options: [{ value: 'customer' }, { value: 'supplier' }] },
    { name: 'Team', sqlName: 'team', type: 'list' },
    { name: 'Blocked', sqlName: 'blocked', type: 'bool' },
    { name: 'Name', sqlName: 'name', type: 'text' },
  ],
} as unknown as EffectiveTable;
const user = { autoid: 7, username: 'balie', activated: true, lockedout: false } as unknown as UserRow;
const grants: GrantRow[] = [
  { group: 'A', groupid: 1, fullaccess: false, rightcode: '2.1', action: 'read', grant: true },
];
const tableOf = (name: string) => (name === 'relations' ? relations : undefined);
const limit = (fieldname: string, value: string | null, tablename = 'relations'): RowLimitRow => ({
  group: 'A',
  tablename,
  fieldname,
  kind: 'value',
  userfield: null,
  value,
});
const filterBy = (fieldname: string, value: string | null) =>
  userPrincipal(user, grants, { rows: [limit(fieldname, value)], fields: [] }, false, tableOf).rowFilter(relations);

describe('a row limit by a fixed value', () => {
  it('compares the field with the value as the field stores it', () => {
    expect(filterBy('Kind', 'customer')).toEqual({ sql: '("t"."kind" = $1)', params: ['customer'] });
    expect(filterBy('Team', '12')).toEqual({ sql: '("t"."team" = $1)', params: ['12'] });
    expect(filterBy('Blocked', 'false')).toEqual({ sql: '("t"."blocked" = $1)', params: [false] });
    expect(filterBy('AutoID', '3')).toEqual({ sql: '("t"."autoid" = $1)', params: ['3'] });
  });

  it.each([
    ['Kind', 'prospect'],
    ['Team', 'twelve'],
    ['Team', '1.5'],
    ['Blocked', 'ja'],
    ['Name', ''],
    ['Name', null],
    ['NoSuchField', 'x'],
  ])('admits nothing for %s = %j', (field, value) => {
    expect(filterBy(field, value)).toEqual({ sql: '(false)', params: [] });
  });

  it('takes a date as a calendar date only', () => {
    expect(fixedValue({ type: 'date' }, '2026-12-07')).toBe('2026-12-07');
    expect(fixedValue({ type: 'date' }, '07-12-2026')).toBeUndefined();
  });
});

describe('a row limit that names nothing valid', () => {
  it('is explained: an unknown table limits nothing, an unknown field or value admits no row', () => {
    expect(rowLimitProblem(limit('Kind', 'customer'), tableOf)).toBeNull();
    expect(rowLimitProblem(limit('Accountmanager', null, 'relaties'), tableOf)).toBe(
      'table relaties is not in the definitions: this limit limits nothing',
    );
    expect(rowLimitProblem(limit('Accountmanager', 'x'), tableOf)).toBe(
      'field Accountmanager is not a field of relations: this limit admits no row',
    );
    expect(rowLimitProblem(limit('Kind', 'prospect'), tableOf)).toBe(
      'value prospect does not fit field Kind: this limit admits no row',
    );
    expect(rowLimitProblem({ ...limit('Name', null), kind: 'linked', path: 'nosuch.User:Relation' }, tableOf)).toBe(
      'path nosuch.User:Relation is not valid: this limit admits no row',
    );
  });
});
