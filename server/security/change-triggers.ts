// Triggers that announce every change to what decides a principal (users, groups, grants,
// memberships, row and field limits) and every ended session, on SECURITY_CHANNEL. They fire
// for any writer: the API, a tool, an import, plain SQL; NOTIFY arrives in every process at
// commit, and the per-process caches (security/cache.ts) drop what they held.
import type pg from 'pg';
import { inTransaction } from '../db/pool.ts';
import { ident } from '../db/sql.ts';

export const SECURITY_CHANNEL = 'security_changed';

/** Tables whose rows decide principals; a change to any drops every cached principal. */
const PRINCIPAL_TABLES = ['securitygroups', 'securitygrants', 'usergroups', 'rowlimits', 'fieldlimits'];

/** Every table whose change reaches the caches (users also ends sessions). */
export const SECURITY_TABLES: ReadonlySet<string> = new Set([...PRINCIPAL_TABLES, 'users']);

/**
 * Columns of users that sign-in bookkeeping writes on every attempt: a change to them alone
 * changes no principal, and must not empty the caches at every sign-in.
 */
const BOOKKEEPING = ['failedlogins', 'lockeduntil', 'lastlogin', 'timestamp', 'modifiedby'];

export async function installSecurityTriggers(pool: pg.Pool): Promise<void> {
  const unchanged = (row: string) => `(to_jsonb(${row}) - ${BOOKKEEPING.map((c) => `'${c}'`).join(' - ')})`;
  await inTransaction(pool, async (client) => {
    // One installer at a time across processes (several may start together).
    await client.query('SELECT pg_advisory_xact_lock(7405211)');
    await client.query(`CREATE OR REPLACE FUNCTION core_security_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('${SECURITY_CHANNEL}', TG_ARGV[0]); RETURN NULL; END $$`);
    /** A trigger per statement, or per row when it fires only `when` a row changed so. */
    const trigger = async (name: string, table: string, events: string, payload: string, when?: string) => {
      await client.query(`DROP TRIGGER IF EXISTS ${ident(name)} ON ${ident(table)}`);
      await client.query(`CREATE TRIGGER ${ident(name)} AFTER ${events} ON ${ident(table)}
        FOR EACH ${when ? `ROW WHEN (${when})` : 'STATEMENT'} EXECUTE FUNCTION core_security_changed('${payload}')`);
    };
    for (const table of PRINCIPAL_TABLES)
      await trigger(`core_${table}_principals_changed`, table, 'INSERT OR UPDATE OR DELETE OR TRUNCATE', 'principals');
    await trigger('core_users_principals_changed', 'users', 'INSERT OR DELETE OR TRUNCATE', 'principals');
    await trigger(
      'core_users_update_changed',
      'users',
      'UPDATE',
      'principals',
      `${unchanged('OLD')} IS DISTINCT FROM ${unchanged('NEW')}`,
    );
    await trigger('core_session_sessions_changed', 'core_session', 'DELETE OR TRUNCATE', 'sessions');
    // An API token revoked (its client disabled, changed or given a new secret) ends in every cache.
    await trigger('core_api_token_sessions_changed', 'core_api_token', 'DELETE OR TRUNCATE', 'sessions');
    // Slides move the expiry forward every few seconds and change nothing that matters; an expiry
    // moved back (a session cut short by hand) does.
    await trigger(
      'core_session_shortened_changed',
      'core_session',
      'UPDATE',
      'sessions',
      'NEW.expires_at < OLD.expires_at',
    );
  });
}
