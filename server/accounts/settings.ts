// The account-request defaults and link lifetimes of the security settings (core table
// securitysettings): whether anyone may request an account, the terms they accept, the default
// security group of an approved request, and how long activation and recovery links hold.
import type { Queryable } from '../db/pool.ts';

export interface AccountSettings {
  requestsOpen: boolean;
  terms: string;
  defaultGroup: number | null;
  activationMinutes: number;
  recoveryMinutes: number;
}

export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  requestsOpen: false,
  terms: '',
  defaultGroup: null,
  activationMinutes: 48 * 60,
  recoveryMinutes: 60,
};

const positive = (v: unknown, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export async function accountSettings(db: Queryable): Promise<AccountSettings> {
  const row = (await db.query<Record<string, unknown>>('SELECT * FROM securitysettings ORDER BY autoid LIMIT 1'))
    .rows[0];
  if (!row) return DEFAULT_ACCOUNT_SETTINGS;
  const terms = typeof row.accountrequestterms === 'string' ? row.accountrequestterms.trim() : '';
  return {
    // Terms that must not be empty (spec 3 §5): without them nobody can request an account.
    requestsOpen: row.accountrequestsopen === true && terms !== '',
    terms,
    defaultGroup: Number(row.accountrequestgroup) > 0 ? Number(row.accountrequestgroup) : null,
    activationMinutes: positive(row.activationlinkhours, 48) * 60,
    recoveryMinutes: positive(row.recoverylinkminutes, DEFAULT_ACCOUNT_SETTINGS.recoveryMinutes),
  };
}
