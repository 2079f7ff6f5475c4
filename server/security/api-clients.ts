// API clients (spec 3 §3): other systems call the API with a bearer token they get for their
// client id and secret (OAuth 2.0 client credentials). The clients are rows of the table a pack
// marks with the behaviour `api-client`; a client acts as one user, and its scopes narrow that
// user's rights, never widen them.
//
// Tokens are opaque (random, 256 bits), kept as their SHA-256 in core_api_token, as sessions are.
// A signed JWT would be checked without the database, but then disabling a client or rotating its
// secret could not end its tokens before they expire: an opaque token is looked up, cached per
// process like a session, and every cache drops it when the row goes (NOTIFY, change-triggers.ts),
// so a revocation holds on every process within a second.
import { createHash, randomBytes } from 'node:crypto';
import type { RightAction } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { SecurityCache } from './cache.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { UserPrincipal } from './principal-of.ts';

/** The behaviour (BehaviourName) of the table of API clients. */
export const API_CLIENT = 'api-client';
/** How long a token lives; a client asks for a new one when it ends. */
export const TOKEN_SECONDS = 900;
/** A whitelisted client (WhitelistUntil today or later) may make this many times its calls. */
export const WHITELIST_FACTOR = 10;
/** The grant type this server issues tokens for. */
export const CLIENT_CREDENTIALS = 'client_credentials';
/** The shortest secret a client may be given (a generated one is 43 characters). */
export const MIN_SECRET_LENGTH = 32;
/** The most scopes one client may have. */
export const MAX_SCOPES = 200;

const WRITE_ACTIONS: readonly RightAction[] = ['create', 'update', 'delete'];
const ACTIONS: readonly RightAction[] = ['read', 'create', 'update', 'delete', 'execute'];

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
export const newClientId = () => randomBytes(16).toString('hex');
export const newSecret = () => randomBytes(32).toString('base64url');

/** The table of API clients: the first by name a pack marks with the behaviour. */
export function clientTable(snapshot: Snapshot): TableModel | undefined {
  const names = [...snapshot.effective.tables.values()]
    .filter((t) => [t.behaviour].flat().includes(API_CLIENT))
    .map((t) => t.name)
    .sort();
  return names.length ? snapshot.table(names[0]) : undefined;
}

/** The columns of the client table, by the fields' defined names (core pack, tables/apiclients.json). */
function columns(model: TableModel) {
  const col = (name: string) => {
    const field = model.byName.get(name.toLowerCase());
    if (!field) throw new Error(`the table ${model.table.name} marked ${API_CLIENT} has no field ${name}`);
    return `c.${ident(field.sqlName)}`;
  };
  return {
    clientId: col('ClientId'),
    user: col('User'),
    select: `c.autoid, ${col('Name')} AS name, ${col('GrantType')} AS granttype, coalesce(${col('Enabled')}, false) AS enabled,
    ${col('ClientId')} AS clientid, ${col('Secret')} AS secret, ${col('User')} AS userid, ${col('Scopes')} AS scopes,
    ${col('RateLimit')} AS ratelimit, ${col('WhitelistUntil')} >= current_date AS whitelisted`,
  };
}

interface ClientRow {
  autoid: number;
  name: string;
  granttype: string | null;
  enabled: boolean;
  clientid: string;
  secret: string | null;
  userid: number;
  scopes: string | null;
  ratelimit: number | null;
  whitelisted: boolean | null;
}

/** What a valid token stands for, as the caches keep it. */
export interface TokenGrant {
  clientId: number;
  clientName: string;
  userId: number;
  scopes: string;
  /** Calls a minute this client may make. */
  rateLimit: number;
  expiresAt: number;
}

let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword(newSecret()));

/**
 * The client of this id and secret when it may have a token: enabled, of grant type client
 * credentials, with a secret, acting as an active user. Every attempt costs one argon2
 * verification, so the timing does not tell whether a client id exists.
 */
export async function authenticateClient(
  db: Queryable,
  snapshot: Snapshot,
  clientId: string,
  secret: string,
): Promise<ClientRow | undefined> {
  const model = clientTable(snapshot);
  const c = model && columns(model);
  const row =
    model && c
      ? (
          await db.query<ClientRow>(
            `SELECT ${c.select} FROM ${ident(model.table.sqlName)} c
              JOIN users u ON u.autoid = ${c.user} AND coalesce(u.activated, false) AND NOT coalesce(u.lockedout, false)
             WHERE ${c.clientId} = $1`,
            [clientId],
          )
        ).rows[0]
      : undefined;
  const good = await verifyPassword(row?.secret ? row.secret : await dummy(), secret);
  return good && row && row.enabled && row.granttype === CLIENT_CREDENTIALS ? row : undefined;
}

/** A new token of the client; answers it (it is kept only as its hash). */
export async function issueToken(db: Queryable, client: ClientRow, ip?: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO core_api_token (id, client_id, user_id, expires_at, ip)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5)`,
    [hashOf(token), client.autoid, client.userid, TOKEN_SECONDS, ip?.slice(0, 100) ?? null],
  );
  return token;
}

/** Ends every token of the client (disabled, changed, a new secret, removed); the caches hear it. */
export async function endClientTokens(db: Queryable, clientAutoId: number): Promise<number> {
  return (await db.query('DELETE FROM core_api_token WHERE client_id = $1', [clientAutoId])).rowCount ?? 0;
}

/**
 * The grant of a bearer token while it is valid and its client enabled. Answered from the cache
 * of this process when it has it (a revocation reaches every cache by NOTIFY); a session's token
 * is never one (another table, another cache key).
 */
export async function resolveToken(
  db: Queryable,
  snapshot: Snapshot,
  token: string,
  cache?: SecurityCache<unknown>,
): Promise<TokenGrant | null> {
  if (token.length > 100) return null;
  const id = hashOf(token);
  const known = cache?.token(id);
  if (known) return known.expiresAt > Date.now() ? known : null;
  const model = clientTable(snapshot);
  if (!model) return null;
  const read = async (): Promise<TokenGrant | null> => {
    const row = (
      await db.query<ClientRow & { expires_ms: number }>(
        `SELECT ${columns(model).select}, extract(epoch FROM t.expires_at) * 1000 AS expires_ms
           FROM core_api_token t JOIN ${ident(model.table.sqlName)} c ON c.autoid = t.client_id
          WHERE t.id = $1 AND t.expires_at > now()`,
        [id],
      )
    ).rows[0];
    if (!row || !row.enabled || row.granttype !== CLIENT_CREDENTIALS) return null;
    const limit = Math.max(1, Number(row.ratelimit) || 1);
    return {
      clientId: row.autoid,
      clientName: row.name,
      userId: Number(row.userid),
      scopes: row.scopes ?? '',
      rateLimit: row.whitelisted ? limit * WHITELIST_FACTOR : limit,
      expiresAt: Number(row.expires_ms),
    };
  };
  return cache ? cache.readToken(id, read) : read();
}

/** A scope as written: `<table>:read`, `<table>:write`, or `<right code>:<action>`. */
const SCOPE = /^([A-Za-z0-9_.]+):([a-z]+)$/;

/**
 * The rights and actions the scopes name, as `right|action`, or the scopes that name nothing
 * known (a table without a right, an unknown right or action). A table scope stands for the
 * table's right: `read` for reading it, `write` for creating, changing and deleting its rows.
 */
export function scopeRights(
  scopes: string,
  snapshot: Snapshot,
): {
  rights: ReadonlySet<string>;
  granted: { right: string; action: RightAction }[];
  unknown: string[];
  count: number;
} {
  const rights = new Set<string>();
  const granted: { right: string; action: RightAction }[] = [];
  const unknown: string[] = [];
  const words = scopes.split(/[\s,]+/).filter(Boolean);
  for (const word of words) {
    const m = SCOPE.exec(word);
    const action = m?.[2];
    const isRight = m ? snapshot.effective.rights.has(m[1]) : false;
    const right = m ? (isRight ? m[1] : snapshot.effective.tables.get(m[1].toLowerCase())?.right) : undefined;
    const actions =
      action === 'write' ? WRITE_ACTIONS : ACTIONS.filter((a) => a === action && (isRight || a === 'read'));
    if (!right || !actions.length) unknown.push(word);
    else
      for (const a of actions) {
        if (!rights.has(`${right}|${a}`)) granted.push({ right, action: a });
        rights.add(`${right}|${a}`);
      }
  }
  return { rights, granted, unknown, count: words.length };
}

const scopeMemo = new WeakMap<Snapshot, Map<string, ReadonlySet<string>>>();

function allowedBy(scopes: string, snapshot: Snapshot): ReadonlySet<string> {
  let memo = scopeMemo.get(snapshot);
  if (!memo) scopeMemo.set(snapshot, (memo = new Map()));
  let rights = memo.get(scopes);
  if (!rights) memo.set(scopes, (rights = scopeRights(scopes, snapshot).rights));
  return rights;
}

/**
 * The principal of a bearer call: the user's, with every right narrowed to the client's scopes.
 * It never has full access (a full-access user's client still has only its scopes); the user's
 * row and field limits hold as they are.
 */
export function clientPrincipal(user: UserPrincipal, grant: TokenGrant, snapshot: Snapshot): UserPrincipal {
  const scoped = allowedBy(grant.scopes, snapshot);
  const inScope = (right: string | undefined, action: RightAction) =>
    !!right &&
    (action === 'createorupdate'
      ? scoped.has(`${right}|create`) && scoped.has(`${right}|update`)
      : scoped.has(`${right}|${action}`));
  return {
    ...user,
    fullAccess: false,
    can: (right, action) => inScope(right, action) && user.can(right, action),
  };
}
