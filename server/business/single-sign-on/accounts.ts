// The user a sign-on is for: the one linked to the provider and subject id; else, when the
// provider creates users, a new one with the mapped attributes and security group. A user is never
// found by name or e-mail: a claimed name that another user has is refused (OIDC-1006), so no
// provider can take over an account. Users and their group go through the one write pipeline.
import type pg from 'pg';
import { inTransaction, type Queryable } from '../../db/pool.ts';
import { writeIn } from '../../data/write.ts';
import type { Snapshot } from '../../metadata/registry.ts';
import { SYSTEM_PRINCIPAL } from '../../security/principal.ts';
import type { MappedClaims } from './claims.ts';
import { SIGN_ON_CODES, SIGN_ON_OUTCOMES, SignOnError } from './codes.ts';
import type { IdentityProvider } from './providers.ts';

const USERS = 'users';
const MEMBERS = 'usergroups';
const UNIQUE_VIOLATION = '23505';

async function linkedUser(db: Queryable, provider: IdentityProvider, subject: string): Promise<number | undefined> {
  const row = (
    await db.query<{ autoid: string }>('SELECT autoid FROM users WHERE identityprovider = $1 AND subjectid = $2', [
      provider.autoid,
      subject,
    ])
  ).rows[0];
  return row ? Number(row.autoid) : undefined;
}

/** The security group a new user gets: the claimed one (by its code), else the provider's own. */
async function groupFor(db: Queryable, provider: IdentityProvider, claims: MappedClaims): Promise<number> {
  if (claims.securityGroup !== null) {
    const row = (
      await db.query<{ autoid: string }>(
        'SELECT autoid FROM securitygroups WHERE lower(id) = lower($1) AND NOT archive LIMIT 1',
        [claims.securityGroup],
      )
    ).rows[0];
    if (!row) throw new SignOnError(SIGN_ON_CODES.securityMissing);
    return Number(row.autoid);
  }
  if (provider.securitygroup !== null) return Number(provider.securitygroup);
  throw new SignOnError(SIGN_ON_CODES.securityMissing);
}

function relationFor(provider: IdentityProvider, claims: MappedClaims): string | null {
  const fixed = provider.fixedrelation?.trim() || null;
  if (claims.relation !== null) return claims.relation;
  if (fixed) return fixed;
  if (provider.claimrelation?.trim()) throw new SignOnError(SIGN_ON_CODES.relationMissing);
  return null;
}

function personName(claims: MappedClaims): string | null {
  const name = [claims.firstName, claims.lastName].filter(Boolean).join(' ').trim();
  return name ? name.slice(0, 100) : null;
}

const ctxOf = (snapshot: Snapshot) => ({ tableOf: (name: string) => snapshot.table(name) });

function modelOf(snapshot: Snapshot, name: string) {
  const model = snapshot.table(name);
  if (!model) throw new Error(`the core table ${name} is missing`);
  return model;
}

/** A user linked to the subject, or made for it; refuses with a code otherwise. */
export async function userForSignOn(
  pool: pg.Pool,
  snapshot: Snapshot,
  provider: IdentityProvider,
  claims: MappedClaims,
): Promise<number> {
  const linked = await linkedUser(pool, provider, claims.subject);
  if (linked !== undefined) return linked;
  if (!provider.autocreateusers) throw new SignOnError(SIGN_ON_OUTCOMES.noAccount);
  if (claims.username === null) throw new SignOnError(SIGN_ON_CODES.accountDataMissing);
  const username = claims.username.slice(0, 100);
  const relation = relationFor(provider, claims);
  const group = await groupFor(pool, provider, claims);
  const taken = await pool.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [username]);
  if (taken.rowCount) throw new SignOnError(SIGN_ON_CODES.usernameInUse);
  try {
    return await inTransaction(pool, async (client) => {
      const ctx = ctxOf(snapshot);
      const user = await writeIn(client, {
        model: modelOf(snapshot, USERS),
        principal: SYSTEM_PRINCIPAL,
        ctx,
        record: {
          Username: username,
          PersonName: personName(claims),
          Email: claims.email?.slice(0, 200) ?? null,
          Activated: true,
          SingleSignOn: true,
          IdentityProvider: provider.autoid,
          SubjectID: claims.subject,
          RelationCode: relation?.slice(0, 40) ?? null,
        },
      });
      await writeIn(client, {
        model: modelOf(snapshot, MEMBERS),
        principal: SYSTEM_PRINCIPAL,
        ctx,
        record: { User: user.id, SecurityGroup: group },
      });
      return user.id;
    });
  } catch (err) {
    // Made meanwhile by a sign-on of the same name (or subject) that was quicker.
    if (typeof err === 'object' && err !== null && 'code' in err && err.code === UNIQUE_VIOLATION)
      throw new SignOnError(SIGN_ON_CODES.usernameInUse);
    throw err;
  }
}

/** Links a password user to the provider's subject (the migration wizard); a subject linked to another user is refused. */
export async function linkUser(
  pool: pg.Pool,
  snapshot: Snapshot,
  provider: IdentityProvider,
  claims: MappedClaims,
  userId: number,
): Promise<number> {
  const linked = await linkedUser(pool, provider, claims.subject);
  if (linked !== undefined && linked !== userId) throw new SignOnError(SIGN_ON_CODES.usernameInUse);
  if (linked === userId) return userId;
  await inTransaction(pool, async (client) => {
    await writeIn(client, {
      model: modelOf(snapshot, USERS),
      principal: SYSTEM_PRINCIPAL,
      ctx: ctxOf(snapshot),
      id: userId,
      record: { SingleSignOn: true, IdentityProvider: provider.autoid, SubjectID: claims.subject },
    });
  });
  return userId;
}

/** The provider a password user must link to before signing in again (mandatory migration), if any. */
export async function migrationDue(db: Queryable, userId: number): Promise<string | undefined> {
  const row = (
    await db.query<{ id: string }>(
      `SELECT p.id FROM users u JOIN identityproviders p ON p.autoid = u.identityprovider AND NOT p.archive
        WHERE u.autoid = $1 AND p.mandatorymigration AND (u.subjectid IS NULL OR u.subjectid = '')`,
      [userId],
    )
  ).rows[0];
  return row?.id;
}
