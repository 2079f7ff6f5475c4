// A row limit of kind `userfield` compares with a real field of the user: a name that is no field
// of the users table (`__proto__`, `constructor`, a typo) or a password admits nothing.
import { describe, expect, it } from 'vitest';
import type { EffectiveTable } from '../../definitions/language/index.ts';
import type { GrantRow, RowLimitRow, UserRow } from '../../server/security/identity.ts';
import { userPrincipal } from '../../server/security/principal-of.ts';

const users = {
  name: 'users',
  sqlName: 'users',
  origin: {},
  fields: [
    { name: 'Username', sqlName: 'username', type: 'text' },
    { name: 'Password', sqlName: 'password', type: 'password' },
    { name: 'Relation', sqlName: 'relation', type: 'list' },
  ],
} as unknown as EffectiveTable;
const countries = {
  name: 'countries',
  sqlName: 'countries',
  right: '9.1',
  origin: {},
  fields: [{ name: 'ID', sqlName: 'id', type: 'text' }],
} as unknown as EffectiveTable;
const user = {
  autoid: 7,
  username: 'lim',
  password: '$argon2id$hash',
  relation: 42,
  activated: true,
  lockedout: false,
} as unknown as UserRow;
const grants: GrantRow[] = [
  { group: 'A', groupid: 1, fullaccess: false, rightcode: '9.1', action: 'read', grant: true },
];
const tableOf = (name: string) => (name === 'users' ? users : name === 'countries' ? countries : undefined);

const filterBy = (userfield: string) => {
  const limit: RowLimitRow = { group: 'A', tablename: 'countries', fieldname: 'ID', kind: 'userfield', userfield };
  return userPrincipal(user, grants, { rows: [limit], fields: [] }, false, tableOf).rowFilter(countries);
};

describe('a row limit by a field of the user', () => {
  it("compares with the user's value of a field of the users table, by its name in any case, or AutoID", () => {
    expect(filterBy('Username')).toEqual({ sql: '("t"."id" = $1)', params: ['lim'] });
    expect(filterBy('relation')).toEqual({ sql: '("t"."id" = $1)', params: [42] });
    expect(filterBy('AutoID')).toEqual({ sql: '("t"."id" = $1)', params: [7] });
  });

  it.each([
    '__proto__',
    '__PROTO__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'valueOf',
    'Password',
    'password',
    'NoSuchField',
    '',
  ])('admits nothing for %j', (name) => {
    expect(filterBy(name)).toEqual({ sql: '(false)', params: [] });
  });

  it('admits nothing when the users table is not in the definitions', () => {
    const limit: RowLimitRow = {
      group: 'A',
      tablename: 'countries',
      fieldname: 'ID',
      kind: 'userfield',
      userfield: 'Username',
    };
    expect(
      userPrincipal(user, grants, { rows: [limit], fields: [] }, false, () => undefined).rowFilter(countries),
    ).toEqual({ sql: '(false)', params: [] });
  });
});
