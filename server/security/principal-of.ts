// The principal of a signed-in user: rights decided from the user's groups' grants, row limits
// and field limits from the user's groups.
import type { EffectiveField, EffectiveTable } from '../../definitions/language/index.ts';
import { ident } from '../db/sql.ts';
import type { FieldLimitRow, GrantRow, RowLimitRow, UserRow } from './identity.ts';
import { FieldVisibility, type Principal, type SqlFilter } from './principal.ts';
import { decide } from './rights.ts';
import { blockedBy } from './modules.ts';
import { missingRequired } from './required-rights.ts';

export interface UserPrincipal extends Principal {
  grants: GrantRow[];
  /** AutoIDs of the user's active security groups (the roles views are shared with). */
  groupIds: readonly number[];
  /** The user may sign in: activated and not locked out. */
  active: boolean;
}

/** Rows no condition can match: a limit that cannot be evaluated denies (fail closed). */
const NOTHING: SqlFilter = { sql: 'false', params: [] };

/** The definitions of the moment: row limits name tables and fields by their defined names. */
export type TableOf = (name: string) => EffectiveTable | undefined;

const columnOf = (table: EffectiveTable, name: string) =>
  name.toLowerCase() === 'autoid'
    ? 'autoid'
    : table.fields.find((f) => f.name.toLowerCase() === name.toLowerCase())?.sqlName;

/**
 * A path from the user to values: steps `table.MatchField:TakeField` joined by `>`. The first
 * step's rows are those whose MatchField is the user; each next step's rows are those whose
 * MatchField is among the values taken so far. `persons.User:Relation` is the user's own relation;
 * `persons.User:Relation > persons.Relation:AutoID` the persons of that relation (contact persons).
 * Answers the SQL of the values, or null when a name is not in the definitions (fail closed).
 */
function pathValues(path: string, tableOf: TableOf, n: number): string | null {
  let values = `$${n}::bigint`;
  const steps = path.split('>').map((s) => s.trim());
  for (const [i, step] of steps.entries()) {
    const m = /^([A-Za-z][A-Za-z0-9_]*)\.([A-Za-z][A-Za-z0-9_]*):([A-Za-z][A-Za-z0-9_]*)$/.exec(step);
    const table = m && tableOf(m[1]);
    const match = table && columnOf(table, m[2]);
    const take = table && columnOf(table, m[3]);
    if (!table || !match || !take) return null;
    const a = ident(`p${i}`);
    values = `SELECT ${a}.${ident(take)} FROM ${ident(table.sqlName)} ${a} WHERE ${a}.${ident(match)} IN (${values})`;
  }
  return values;
}

/** The core pack's table of users: a `userfield` limit names one of its fields. */
export const USERS_TABLE = 'users';

/**
 * The column of the user a `userfield` limit compares with: a field of the users table by its
 * defined name, or AutoID; never a password. Anything else (`__proto__`, `constructor`, a typo)
 * is none: a save of such a limit is refused, and one stored anyway admits nothing.
 */
export function userFieldColumn(users: EffectiveTable | undefined, name: string): string | undefined {
  if (name.toLowerCase() === 'autoid') return 'autoid';
  const field = users?.fields.find((f) => f.name.toLowerCase() === name.toLowerCase());
  return field && field.type !== 'password' ? field.sqlName : undefined;
}

/** The user's value of that column, read as the row's own property. */
function userFieldValue(user: UserRow, name: string, tableOf: TableOf): unknown {
  const row = user as unknown as Record<string, unknown>;
  const column = userFieldColumn(tableOf(USERS_TABLE), name);
  return column && Object.hasOwn(row, column) ? row[column] : undefined;
}

/** A tree limit's `table.ParentField`: the table and its parent column, or none when the definitions lack either. */
function treeOf(
  tree: string | null | undefined,
  tableOf: TableOf,
): { table: EffectiveTable; parent: string } | undefined {
  const m = /^([A-Za-z][A-Za-z0-9_]*)\.([A-Za-z][A-Za-z0-9_]*)$/.exec(tree?.trim() ?? '');
  const table = m ? tableOf(m[1]) : undefined;
  const parent = m && table ? columnOf(table, m[2]) : undefined;
  return table && parent ? { table, parent } : undefined;
}

/** The field a `value` limit compares, or none; AutoID counts as a whole number. */
export function fixedValueField(
  table: EffectiveTable,
  name: string,
): Pick<EffectiveField, 'type' | 'options'> | undefined {
  if (name.toLowerCase() === 'autoid') return { type: 'bigint' };
  return table.fields.find((f) => f.name.toLowerCase() === name.toLowerCase());
}

/**
 * The value a `value` limit admits, as the field stores it: a whole number for number and list
 * fields, true or false for a yes/no field, one of a choice field's codes, text for text fields; no
 * value (undefined) when the text does not fit the field, so such a limit admits nothing and its
 * save is refused (a text that fails the column's type would otherwise fail every statement).
 */
export function fixedValue(field: Pick<EffectiveField, 'type' | 'options'>, text: string | null | undefined): unknown {
  if (text === null || text === undefined || text === '') return undefined;
  switch (field.type) {
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'list':
      return /^-?[0-9]{1,18}$/.test(text) ? text : undefined;
    case 'decimal':
      return /^-?[0-9]{1,38}(\.[0-9]{1,38})?$/.test(text) ? text : undefined;
    case 'bool':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    case 'select':
      return field.options?.some((o) => String(o.value) === text) ? text : undefined;
    case 'text':
    case 'textarea':
    case 'color':
      return text;
    case 'date':
      return /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? text : undefined;
    default:
      return undefined;
  }
}

function limitCondition(
  table: EffectiveTable,
  limit: RowLimitRow,
  user: UserRow,
  n: number,
  alias: string,
  tableOf: TableOf,
): SqlFilter {
  const name = columnOf(table, limit.fieldname);
  if (!name) return NOTHING;
  const column = `${ident(alias)}.${ident(name)}`;
  if (limit.kind === 'own') return { sql: `${column} = $${n}`, params: [user.autoid] };
  if (limit.kind === 'userfield' && limit.userfield) {
    const value = userFieldValue(user, limit.userfield, tableOf);
    if (value === undefined || value === null) return NOTHING;
    return { sql: `${column} = $${n}`, params: [value] };
  }
  if (limit.kind === 'value') {
    const field = fixedValueField(table, limit.fieldname);
    const value = field ? fixedValue(field, limit.value) : undefined;
    if (!field || value === undefined) return NOTHING;
    return { sql: `${column} = $${n}`, params: [value] };
  }
  const values = limit.path ? pathValues(limit.path, tableOf, n) : null;
  if (limit.kind === 'linked' && values) return { sql: `${column} IN (${values})`, params: [user.autoid] };
  if (limit.kind === 'tree' && values && limit.tree) {
    // The linked rows and every row below them: rows whose parent field is in the tree.
    const tree = treeOf(limit.tree, tableOf);
    if (!tree) return NOTHING;
    const sql = `${column} IN (WITH RECURSIVE tree(id) AS (${values} UNION SELECT c.autoid FROM ${ident(tree.table.sqlName)} c JOIN tree ON c.${ident(tree.parent)} = tree.id) SELECT id FROM tree)`;
    return { sql, params: [user.autoid] };
  }
  return NOTHING;
}

/** What is wrong with a stored row limit, and the name in it that is wrong. */
export type RowLimitFault =
  | { kind: 'table' | 'field' | 'userfield' | 'path' | 'tree' | 'kind'; name: string }
  | { kind: 'value'; name: string; field: string };

/**
 * Why a stored row limit limits nothing as its maker meant, or null when it is sound: a table the
 * definitions lack (its rows are not limited by it), or a field, user field, path, tree or value
 * that cannot be evaluated (it admits no row). The explain call and the group's screen say it.
 */
export function rowLimitFault(limit: RowLimitRow, tableOf: TableOf): RowLimitFault | null {
  const table = tableOf(limit.tablename);
  if (!table) return { kind: 'table', name: limit.tablename };
  if (!columnOf(table, limit.fieldname)) return { kind: 'field', name: limit.fieldname };
  switch (limit.kind) {
    case 'own':
      return null;
    case 'userfield':
      return limit.userfield && userFieldColumn(tableOf(USERS_TABLE), limit.userfield)
        ? null
        : { kind: 'userfield', name: limit.userfield ?? '' };
    case 'linked':
    case 'tree': {
      if (!limit.path || pathValues(limit.path, tableOf, 1) === null) return { kind: 'path', name: limit.path ?? '' };
      if (limit.kind === 'linked') return null;
      return treeOf(limit.tree, tableOf) ? null : { kind: 'tree', name: limit.tree ?? '' };
    }
    case 'value': {
      const field = fixedValueField(table, limit.fieldname);
      return field && fixedValue(field, limit.value) !== undefined
        ? null
        : { kind: 'value', name: limit.value ?? '', field: limit.fieldname };
    }
    default:
      return { kind: 'kind', name: limit.kind };
  }
}

/** A row limit's fault as the explain call says it (in English, for administrators and their tools). */
export function rowLimitProblem(limit: RowLimitRow, tableOf: TableOf): string | null {
  const fault = rowLimitFault(limit, tableOf);
  if (!fault) return null;
  const none = (what: string) => `${what}: this limit admits no row`;
  switch (fault.kind) {
    case 'table':
      return `table ${fault.name} is not in the definitions: this limit limits nothing`;
    case 'field':
      return none(`field ${fault.name} is not a field of ${tableOf(limit.tablename)!.name}`);
    case 'userfield':
      return none(`user field ${fault.name} is not a field of the users`);
    case 'path':
      return none(`path ${fault.name} is not valid`);
    case 'tree':
      return none(`tree ${fault.name} is not valid`);
    case 'value':
      return none(`value ${fault.name} does not fit field ${fault.field}`);
    case 'kind':
      return none(`kind ${fault.name} is not known`);
  }
}

/** The system role of a user who may only read (users.SystemRole). */
export const VIEW_ROLE = 'view';

export function userPrincipal(
  user: UserRow,
  grants: GrantRow[],
  limits: { rows: RowLimitRow[]; fields: FieldLimitRow[] },
  allowAll = false,
  tableOf: TableOf = () => undefined,
): UserPrincipal {
  const groups = new Set(grants.map((g) => g.group));
  // A principal is kept for many calls (security/cache.ts): its decisions are kept with it.
  const decisions = new Map<string, boolean>();
  const fieldAccess = new WeakMap<EffectiveTable, Map<string, FieldVisibility>>();
  const fullAccess = grants.some((g) => g.fullaccess);
  const viewRole = user.systemrole === VIEW_ROLE;
  return {
    username: user.username,
    userId: user.autoid,
    fullAccess: allowAll || fullAccess,
    active: user.activated === true && !user.lockedout,
    grants,
    groupIds: [...new Set(grants.map((g) => Number(g.groupid)))],
    can: (right, action) => {
      // A module the licence does not activate is closed to everyone, debug mode included.
      if (blockedBy(right)) return false;
      if (allowAll) return true;
      // A view role reads what its groups allow and does nothing else, whatever they grant.
      if (viewRole && action !== 'read') return false;
      const key = `${right}|${action}`;
      let allowed = decisions.get(key);
      if (allowed === undefined) {
        // A right that requires others counts only while the grants hold them too.
        allowed =
          decide(grants, right, action).allowed &&
          !missingRequired(right, (code, a) => decide(grants, code, a).allowed).length;
        decisions.set(key, allowed);
      }
      return allowed;
    },
    rowFilter(table, alias = 't') {
      if (allowAll || fullAccess) return null;
      const mine = limits.rows.filter((l) => l.tablename === table.sqlName);
      if (!mine.length) return null;
      // Only a group that grants reading the table widens what its members see: without a limit
      // of its own on the table to all rows, with one by its limit. A group that only denies, or
      // grants nothing on this table, widens nothing; its limits admit nothing either.
      const readers = [...groups].filter(
        (g) =>
          decide(
            grants.filter((x) => x.group === g),
            table.right,
            'read',
          ).allowed,
      );
      if (readers.some((g) => !mine.some((l) => l.group === g))) return null;
      const admitting = mine.filter((l) => readers.includes(l.group));
      const parts: string[] = [];
      const params: unknown[] = [];
      // No group grants the read (the table is reached through another's right): every limit holds.
      for (const limit of admitting.length ? admitting : mine) {
        const c = limitCondition(table, limit, user, params.length + 1, alias, tableOf);
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
      // A value derived from a field hidden from the user would tell it: such a field is hidden
      // too, unless its definition says it is then not derived for them (the write skips it).
      const hidden = (t: EffectiveTable, field: string) =>
        limits.fields.some(
          (l) => l.tablename === t.sqlName && l.visibility === '0' && l.fieldname.toLowerCase() === field,
        );
      for (const d of table.derivations ?? []) {
        if (d.whenSourceHidden === 'hide' && d.sources.some((s) => hidden(s.table, s.field)))
          access.set(d.field, FieldVisibility.Hidden);
      }
      return access;
    },
  };
}
