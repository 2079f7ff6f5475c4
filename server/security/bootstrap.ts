// The first start creates the administrator `admin` in the seeded group `admin` (full access).
// Its password comes from ADMIN_PASSWORD, or is generated and printed once; no other account
// has a default password.
import type pg from 'pg';
import { inTransaction } from '../db/pool.ts';
import { generatePassword, hashPassword } from './passwords.ts';

export async function ensureAdministrator(
  pool: pg.Pool,
  password: string | undefined,
  log: (line: string) => void,
): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(7405212)');
    if ((await client.query('SELECT 1 FROM users LIMIT 1')).rowCount) return;
    const chosen = password ?? generatePassword();
    const user = (
      await client.query<{ autoid: number }>(
        `INSERT INTO users (username, personname, password, activated, createdby, modifiedby)
       VALUES ('admin', 'Beheerder', $1, true, 'system', 'system') RETURNING autoid`,
        [await hashPassword(chosen)],
      )
    ).rows[0];
    await client.query(
      `INSERT INTO usergroups ("user", securitygroup, createdby, modifiedby)
       SELECT $1, autoid, 'system', 'system' FROM securitygroups WHERE id = 'admin'`,
      [user.autoid],
    );
    if (!password)
      log(`created the administrator "admin" with password: ${chosen}  (shown once; set ADMIN_PASSWORD to choose it)`);
  });
}
