// Which groups widen a row limit: only a group that grants reading the table. A group that only
// denies, or grants nothing on the table, widens nothing; two limits admit the rows of either.
import { describe, expect, it } from 'vitest';
import type { EffectiveTable } from '../../definitions/language/index.ts';
import type { GrantRow, RowLimitRow, UserRow } from '../../server/security/identity.ts';
import { userPrincipal } from '../../server/security/principal-of.ts';

const table = {
  name: 'relations',
  sqlName: 'relations',
  right: '10.1',
  origin: {},
  fields: [
    { name: 'AccountManager', sqlName: 'accountmanager' },
    { name: 'Region', sqlName: 'region' },
  ],
} as unknown as EffectiveTable;
const user = { autoid: 7, username: 'lim', activated: true, lockedout: false } as UserRow;

const grant = (group: string, rightcode: string | null, action: string | null, allow = true): GrantRow => ({
  group,
  groupid: group.charCodeAt(0),
  fullaccess: false,
  rightcode,
  action,
  grant: rightcode ? allow : null,
});
const own = (group: string, fieldname = 'AccountManager'): RowLimitRow => ({
  group,
  tablename: 'relations',
  fieldname,
  kind: 'own',
  userfield: null,
});
const filterOf = (grants: GrantRow[], rows: RowLimitRow[]) =>
  userPrincipal(user, grants, { rows, fields: [] }).rowFilter(table);

describe('row limits across groups', () => {
  const a = [grant('A', '10.1', 'read')];

  it('a group that grants reading with a limit limits', () => {
    expect(filterOf(a, [own('A')])).toEqual({ sql: '("t"."accountmanager" = $1)', params: [7] });
  });

  it('a second group granting reading without a limit widens to every row', () => {
    expect(filterOf([...a, grant('B', '10.1', 'read')], [own('A')])).toBeNull();
  });

  it('a group that only denies widens nothing', () => {
    expect(filterOf([...a, grant('B', '10.85', 'update', false)], [own('A')])).toEqual({
      sql: '("t"."accountmanager" = $1)',
      params: [7],
    });
    expect(filterOf([...a, grant('B', '10.1', 'update', false)], [own('A')])).not.toBeNull();
  });

  it('a group with no grant for the table (or none at all) widens nothing', () => {
    expect(filterOf([...a, grant('B', '9.1', 'read')], [own('A')])).not.toBeNull();
    expect(filterOf([...a, grant('B', null, null)], [own('A')])).not.toBeNull();
  });

  it('a group granting another action than read widens nothing', () => {
    expect(filterOf([...a, grant('B', '10.1', 'update')], [own('A')])).not.toBeNull();
  });

  it('two reading groups with limits admit the rows of either', () => {
    const f = filterOf([...a, grant('B', '10.1', 'read')], [own('A'), own('B', 'Region')]);
    expect(f).toEqual({ sql: '("t"."accountmanager" = $1) OR ("t"."region" = $2)', params: [7, 7] });
  });

  it("the limit of a group that does not grant reading admits nothing beside a reading group's", () => {
    expect(filterOf([...a, grant('B', '9.1', 'read')], [own('A'), own('B', 'Region')])).toEqual({
      sql: '("t"."accountmanager" = $1)',
      params: [7],
    });
  });

  it('a reading group that also denies reading widens nothing', () => {
    expect(filterOf([...a, grant('B', '10.1', 'read'), grant('B', '10.1', 'read', false)], [own('A')])).not.toBeNull();
  });
});
