// The identity providers (core table identityproviders) and their OpenID Connect configuration.
// Discovery goes through openid-client; a configuration is kept for a few minutes per stored
// version of the provider row (a saved change is used at once). The ID token's signature is
// checked against the provider's JWKS through jose, which keeps the keys and fetches them again
// when a token names a key it does not know (a rotated key), at most once a second.
import * as client from 'openid-client';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { Queryable } from '../../db/pool.ts';
import { decryptSecret } from '../../security/secrets.ts';

export interface IdentityProvider {
  autoid: number;
  timestamp: string;
  id: string;
  descr: string;
  authorizationserverurl: string;
  clientid: string;
  clientsecret: string | null;
  claimusername: string | null;
  claimemail: string | null;
  claimfirstname: string | null;
  claimlastname: string | null;
  claimrelation: string | null;
  fixedrelation: string | null;
  claimsecuritygroup: string | null;
  securitygroup: number | null;
  autocreateusers: boolean | null;
  mandatorymigration: boolean | null;
  errorpage: string | null;
  archive: boolean;
}

/** The providers on offer (not archived), for the login page. */
export async function offeredProviders(db: Queryable): Promise<{ ID: string; Descr: string }[]> {
  const rows = await db.query<{ id: string; descr: string }>(
    'SELECT id, descr FROM identityproviders WHERE NOT archive ORDER BY descr, id LIMIT 50',
  );
  return rows.rows.map((r) => ({ ID: r.id, Descr: r.descr }));
}

export async function providerByCode(db: Queryable, code: string): Promise<IdentityProvider | undefined> {
  return (
    await db.query<IdentityProvider>(
      'SELECT * FROM identityproviders WHERE lower(id) = lower($1) AND NOT archive LIMIT 1',
      [code],
    )
  ).rows[0];
}

export async function providerById(db: Queryable, id: number): Promise<IdentityProvider | undefined> {
  return (await db.query<IdentityProvider>('SELECT * FROM identityproviders WHERE autoid = $1', [id])).rows[0];
}

/** Plain http only for a provider on this computer (development, tests); every other one is https. */
export function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export interface ProviderConnection {
  config: client.Configuration;
  keys: JWTVerifyGetKey;
}

const KEEP_MS = 5 * 60_000;
const DISCOVERY_TIMEOUT_S = 10;
const connections = new Map<string, { at: number; connection: Promise<ProviderConnection> }>();

/** The discovered configuration of a provider; throws when the provider does not answer. */
export function connect(provider: IdentityProvider): Promise<ProviderConnection> {
  const key = `${provider.autoid}:${provider.timestamp}`;
  const kept = connections.get(key);
  if (kept && Date.now() - kept.at < KEEP_MS) return kept.connection;
  const connection = discover(provider);
  connections.set(key, { at: Date.now(), connection });
  // A provider that did not answer is asked again at the next sign-on.
  connection.catch(() => connections.delete(key));
  return connection;
}

async function discover(provider: IdentityProvider): Promise<ProviderConnection> {
  const server = new URL(provider.authorizationserverurl);
  const secret = decryptSecret(provider.clientsecret);
  const auth = secret ? client.ClientSecretBasic(secret) : client.None();
  const config = await client.discovery(server, provider.clientid, { id_token_signed_response_alg: 'RS256' }, auth, {
    timeout: DISCOVERY_TIMEOUT_S,
    ...(server.protocol === 'http:' && isLoopback(server) ? { execute: [client.allowInsecureRequests] } : {}),
  });
  const jwksUri = config.serverMetadata().jwks_uri;
  if (!jwksUri) throw new Error('the provider publishes no JWKS');
  const keys = createRemoteJWKSet(new URL(jwksUri), { cooldownDuration: 1000, cacheMaxAge: 10 * 60_000 });
  return { config, keys };
}

/** Forgets every kept configuration (tests that restart a provider). */
export function forgetConnections(): void {
  connections.clear();
}
