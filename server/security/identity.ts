// Users, security groups and grants live in the core pack's tables (users, securitygroups,
// securitygrants, usergroups); this module is the one place that reads them for sign-in and
// rights. Security settings come from the base pack's securitysettings when it is applied.
import type { Queryable } from '../db/pool.ts';
import type { Registry } from '../metadata/registry.ts';

export interface UserRow {
  autoid: number;
  username: string;
  personname: string | null;
  email: string | null;
  password: string | null;
  activated: boolean | null;
  lockedout: boolean | null;
  lockeduntil: string | null;
  failedlogins: number | null;
  homepage: string | null;
  /** The system security group (spec 3 §3): an edit role, or a view role that may only read. */
  systemrole?: string | null;
}

export interface GrantRow {
  group: string;
  groupid: number;
  fullaccess: boolean;
  rightcode: string | null;
  action: string | null;
  grant: boolean | null;
}

export interface RowLimitRow {
  group: string;
  tablename: string;
  fieldname: string;
  kind: string;
  userfield: string | null;
  path?: string | null;
  tree?: string | null;
  /** The value a `value` limit compares the field with, as text. */
  value?: string | null;
}
export interface FieldLimitRow {
  group: string;
  tablename: string;
  fieldname: string;
  visibility: string;
}

export interface PasswordRules {
  minLength: number;
  digit: boolean;
  lower: boolean;
  upper: boolean;
  nonAlphanumeric: boolean;
  minUnique: number;
}
/**
 * Everything a request's principal needs, in one round trip: the user, the grants and the row and
 * field limits of the user's active groups (full-access groups have no limits).
 */
export async function principalData(
  db: Queryable,
  userId: number,
): Promise<
  { user: UserRow; grants: GrantRow[]; limits: { rows: RowLimitRow[]; fields: FieldLimitRow[] } } | undefined
> {
  const groups = `SELECT g.autoid, g.id, coalesce(g.fullaccess, false) AS fullaccess FROM usergroups m
    JOIN securitygroups g ON g.autoid = m.securitygroup AND NOT g.archive WHERE m."user" = u.autoid`;
  const row = (
    await db.query<{ user: UserRow; grants: GrantRow[]; rowlimits: RowLimitRow[]; fieldlimits: FieldLimitRow[] }>({
      name: 'principal-data',
      text: `SELECT to_jsonb(u) AS "user",
       (SELECT coalesce(jsonb_agg(jsonb_build_object('group', g.id, 'groupid', g.autoid, 'fullaccess', g.fullaccess, 'rightcode', r.rightcode, 'action', r.action, 'grant', r."grant")), '[]')
          FROM (${groups}) g LEFT JOIN securitygrants r ON r.securitygroup = g.autoid) AS grants,
       (SELECT coalesce(jsonb_agg(jsonb_build_object('group', g.id, 'tablename', lower(l.tablename), 'fieldname', l.fieldname, 'kind', l.kind, 'userfield', l.userfield, 'path', l.path, 'tree', l.tree, 'value', l.value)), '[]')
          FROM (${groups}) g JOIN rowlimits l ON l.securitygroup = g.autoid WHERE NOT g.fullaccess) AS rowlimits,
       (SELECT coalesce(jsonb_agg(jsonb_build_object('group', g.id, 'tablename', lower(l.tablename), 'fieldname', l.fieldname, 'visibility', l.visibility)), '[]')
          FROM (${groups}) g JOIN fieldlimits l ON l.securitygroup = g.autoid WHERE NOT g.fullaccess) AS fieldlimits
     FROM users u WHERE u.autoid = $1`,
      values: [userId],
    })
  ).rows[0];
  if (!row) return undefined;
  return {
    user: row.user,
    grants: row.grants,
    limits: { rows: row.rowlimits, fields: row.fieldlimits },
  };
}

export interface SecuritySettings {
  sessionLifetimeMinutes: number;
  loginLockAttempts: number;
  loginLockMinutes: number;
  password: PasswordRules;
}
const DEFAULT_SETTINGS: SecuritySettings = {
  sessionLifetimeMinutes: 20,
  loginLockAttempts: 5,
  loginLockMinutes: 15,
  password: { minLength: 8, digit: true, lower: true, upper: true, nonAlphanumeric: true, minUnique: 1 },
};

export async function findUser(db: Queryable, username: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>('SELECT * FROM users WHERE lower(username) = lower($1)', [username])).rows[0];
}

export async function userById(db: Queryable, id: number): Promise<UserRow | undefined> {
  return (await db.query<UserRow>('SELECT * FROM users WHERE autoid = $1', [id])).rows[0];
}

/** Settings read on every call are kept for a few seconds; a change reaches every process within that time. */
const SETTINGS_TTL_MS = 5000;
let cached: { registry: Registry; version: number; at: number; settings: SecuritySettings } | undefined;

export async function securitySettings(db: Queryable, registry: Registry): Promise<SecuritySettings> {
  const version = registry.snapshot.version;
  if (cached && cached.registry === registry && cached.version === version && Date.now() - cached.at < SETTINGS_TTL_MS)
    return cached.settings;
  const settings = await readSecuritySettings(db, registry);
  cached = { registry, version, at: Date.now(), settings };
  return settings;
}

async function readSecuritySettings(db: Queryable, registry: Registry): Promise<SecuritySettings> {
  if (!registry.snapshot.table('securitysettings')) return DEFAULT_SETTINGS;
  const row = (await db.query('SELECT * FROM securitysettings ORDER BY autoid LIMIT 1')).rows[0];
  const flag = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : d);
  const p = DEFAULT_SETTINGS.password;
  return {
    sessionLifetimeMinutes: Number(row?.sessionlifetimeminutes) || DEFAULT_SETTINGS.sessionLifetimeMinutes,
    loginLockAttempts: Number(row?.loginlockattempts) || DEFAULT_SETTINGS.loginLockAttempts,
    loginLockMinutes: Number(row?.loginlockminutes) || DEFAULT_SETTINGS.loginLockMinutes,
    password: {
      minLength: Number(row?.passwordminlength) || p.minLength,
      digit: flag(row?.passwordrequiredigit, p.digit),
      lower: flag(row?.passwordrequirelowercase, p.lower),
      upper: flag(row?.passwordrequireuppercase, p.upper),
      nonAlphanumeric: flag(row?.passwordrequirenonalphanumeric, p.nonAlphanumeric),
      minUnique: Number(row?.passwordminuniquechars) || p.minUnique,
    },
  };
}
