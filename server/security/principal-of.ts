// The principal of a signed-in user: rights decided from the user's groups' grants, row limits
// and field limits from the user's groups.
import type { EffectiveTable } from '../../definitions/language/index.ts';
import { ident } from '../db/sql.ts';
import type { FieldLimitRow, GrantRow, RowLimitRow, UserRow } from './identity.ts';
import { FieldVisibility, type Principal, type SqlFilter } from './principal.ts';
import { decide } from './rights.ts';

export interface UserPrincipal extends Principal {
  grants: GrantRow[];
  /** AutoIDs of the user's active security groups (the roles views are shared with). */
  groupIds: readonly number[];
  /** The user may sign in: activated and not locked out. */
  active: boolean;
}

/** Rows no condition can match: a limit that cannot be evaluated denies (fail closed). */
const NOTHING: SqlFilter = { sql: 'false', params: [] };

function limitCondition(table: EffectiveTable, limit: RowLimitRow, user: UserRow, n: number, alias: string): SqlFilter {
  const field = table.fields.find((f) => f.name.toLowerCase() === limit.fieldname.toLowerCase());
  if (!field) return NOTHING;
  const column = `${ident(alias)}.${ident(field.sqlName)}`;
  if (limit.kind === 'own') return { sql: `${column} = $${n}`, params: [user.autoid] };
  if (limit.kind === 'userfield' && limit.userfield) {
    const value = (user as unknown as Record<string, unknown>)[limit.userfield.toLowerCase()];
    if (value === undefined || value === null) return NOTHING;
    return { sql: `${column} = $${n}`, params: [value] };
  }
  return NOTHING;
}

export function userPrincipal(
  user: UserRow, grants: GrantRow[], limits: { rows: RowLimitRow[]; fields: FieldLimitRow[] }, allowAll = false,
): UserPrincipal {
  const groups = new Set(grants.map((g) => g.group));
  // A principal is kept for many calls (security/cache.ts): its decisions are kept with it.
  const decisions = new Map<string, boolean>();
  const fieldAccess = new WeakMap<EffectiveTable, Map<string, FieldVisibility>>();
  const fullAccess = grants.some((g) => g.fullaccess);
  return {
    username: user.username,
    userId: user.autoid,
    active: user.activated === true && !user.lockedout,
    grants,
    groupIds: [...new Set(grants.map((g) => Number(g.groupid)))],
    can: (right, action) => {
      if (allowAll) return true;
      const key = `${right}|${action}`;
      let allowed = decisions.get(key);
      if (allowed === undefined) decisions.set(key, (allowed = decide(grants, right, action).allowed));
      return allowed;
    },
    rowFilter(table, alias = 't') {
      if (allowAll || fullAccess) return null;
      const mine = limits.rows.filter((l) => l.tablename === table.sqlName);
      // A group without a limit on this table sees all of it; otherwise any group's limit admits a row.
      if (!mine.length || [...groups].some((g) => !mine.some((l) => l.group === g))) return null;
      const parts: string[] = [];
      const params: unknown[] = [];
      for (const limit of mine) {
        const c = limitCondition(table, limit, user, params.length + 1, alias);
        parts.push(c.sql);
        params.push(...c.params);
      }
      return { sql: parts.map((p) => `(${p})`).join(' OR '), params };
    },
    fieldAccess(table) {
      const known = fieldAccess.get(table);
      if (known) return known;
      const access = new Map<string, FieldVisibility>();
      fieldAccess.set(table, access);
      if (allowAll || fullAccess) return access;
      for (const limit of limits.fields.filter((l) => l.tablename === table.sqlName)) {
        const level = limit.visibility === '0' ? FieldVisibility.Hidden : FieldVisibility.ReadOnly;
        const key = limit.fieldname.toLowerCase();
        access.set(key, Math.min(access.get(key) ?? level, level) as FieldVisibility);
      }
      return access;
    },
  };
}
