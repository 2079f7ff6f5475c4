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
    const statementTrigger = async (table: string, events: string, payload: string) => {
      const name = ident(`core_${table}_${payload}_changed`);
      await client.query(`DROP TRIGGER IF EXISTS ${name} ON ${ident(table)}`);
      await client.query(`CREATE TRIGGER ${name} AFTER ${events} ON ${ident(table)} FOR EACH STATEMENT EXECUTE FUNCTION core_security_changed('${payload}')`);
    };
    for (const table of PRINCIPAL_TABLES) await statementTrigger(table, 'INSERT OR UPDATE OR DELETE OR TRUNCATE', 'principals');
    await statementTrigger('users', 'INSERT OR DELETE OR TRUNCATE', 'principals');
    await client.query('DROP TRIGGER IF EXISTS core_users_update_changed ON users');
    await client.query(`CREATE TRIGGER core_users_update_changed AFTER UPDATE ON users FOR EACH ROW
      WHEN (${unchanged('OLD')} IS DISTINCT FROM ${unchanged('NEW')}) EXECUTE FUNCTION core_security_changed('principals')`);
    await statementTrigger('core_session', 'DELETE OR TRUNCATE', 'sessions');
    // Slides move the expiry forward every few seconds and change nothing that matters; an expiry
    // moved back (a session cut short by hand) does.
    await client.query('DROP TRIGGER IF EXISTS core_session_shortened_changed ON core_session');
    await client.query(`CREATE TRIGGER core_session_shortened_changed AFTER UPDATE ON core_session FOR EACH ROW
      WHEN (NEW.expires_at < OLD.expires_at) EXECUTE FUNCTION core_security_changed('sessions')`);
  });
}
