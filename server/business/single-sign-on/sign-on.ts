// The authorization-code flow with PKCE, state and nonce (openid-client). The callback's answer is
// checked by openid-client (state, issuer, audience, expiry, nonce, the code exchanged with the
// PKCE verifier) and the ID token's signature by jose against the provider's keys, with alg
// `none` and every algorithm the provider does not publish refused, and a token issued in the
// future or more than ten minutes ago refused too.
import type pg from 'pg';
import * as client from 'openid-client';
import { jwtVerify } from 'jose';
import type { Snapshot } from '../../metadata/registry.ts';
import { linkUser, userForSignOn } from './accounts.ts';
import { mapClaims } from './claims.ts';
import { SIGN_ON_CODES, SIGN_ON_OUTCOMES, SignOnError } from './codes.ts';
import { openFlow, startFlow, takeFlow, type NewFlow, type TakenFlow } from './flows.ts';
import { connect, providerById, type IdentityProvider, type ProviderConnection } from './providers.ts';

const SCOPE = 'openid profile email';
const MAX_TOKEN_AGE = '10 minutes';
const CLOCK_TOLERANCE_S = 30;

async function reach(provider: IdentityProvider): Promise<ProviderConnection> {
  try {
    return await connect(provider);
  } catch {
    throw new SignOnError(SIGN_ON_OUTCOMES.unavailable);
  }
}

/** The provider's authorization address for a new flow, and the flow's cookie token. */
export async function beginSignOn(
  pool: pg.Pool,
  provider: IdentityProvider,
  redirectUri: string,
  returnTo: string,
  linkUserId: number | null,
): Promise<{ url: string; token: string }> {
  const { config } = await reach(provider);
  const flow = await startFlow(pool, provider.autoid, returnTo, linkUserId);
  return { url: authorizationUrl(config, flow, redirectUri), token: flow.token };
}

/** The provider's authorization address of a flow started before (the login's mandatory migration). */
export async function continueSignOn(
  pool: pg.Pool,
  flowToken: string | undefined,
  redirectUri: string,
): Promise<string> {
  const { providerId, flow } = await openFlow(pool, flowToken);
  const provider = await providerById(pool, providerId);
  if (!provider || provider.archive) throw new SignOnError(SIGN_ON_CODES.incorrectRequest);
  const { config } = await reach(provider);
  return authorizationUrl(config, flow, redirectUri);
}

/** Starts a link flow for a user the login found due for migration; the login answers the token as a cookie. */
export async function beginMigration(pool: pg.Pool, provider: IdentityProvider, userId: number): Promise<string> {
  return (await startFlow(pool, provider.autoid, '/', userId)).token;
}

function authorizationUrl(config: client.Configuration, flow: Omit<NewFlow, 'token'>, redirectUri: string): string {
  return client
    .buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: flow.codeChallenge,
      code_challenge_method: 'S256',
    })
    .toString();
}

export interface SignedOn {
  userId: number;
  returnTo: string;
  provider: IdentityProvider;
}

/**
 * The provider's answer at the callback: the flow of the browser's cookie is taken (once), the
 * code exchanged and every check made, then the user found, linked or made.
 */
export async function finishSignOn(
  pool: pg.Pool,
  snapshot: Snapshot,
  callbackUrl: URL,
  flowToken: string | undefined,
): Promise<SignedOn> {
  const flow = await takeFlow(pool, flowToken, callbackUrl.searchParams.get('state') ?? undefined);
  const provider = await providerById(pool, flow.providerId);
  if (!provider || provider.archive) throw new SignOnError(SIGN_ON_CODES.incorrectRequest);
  try {
    return await exchange(pool, snapshot, callbackUrl, flow, provider);
  } catch (err) {
    if (err instanceof SignOnError && err.page === undefined) throw new SignOnError(err.code, provider.errorpage);
    throw err;
  }
}

async function exchange(
  pool: pg.Pool,
  snapshot: Snapshot,
  callbackUrl: URL,
  flow: TakenFlow,
  provider: IdentityProvider,
): Promise<SignedOn> {
  const { config, keys } = await reach(provider);
  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.id_token;
    if (!idToken) throw new SignOnError(SIGN_ON_CODES.incorrectRequest);
    const metadata = config.serverMetadata();
    const algorithms = (metadata.id_token_signing_alg_values_supported ?? ['RS256']).filter((a) => a !== 'none');
    const verified = await jwtVerify(idToken, keys, {
      issuer: metadata.issuer,
      audience: config.clientMetadata().client_id,
      algorithms,
      maxTokenAge: MAX_TOKEN_AGE,
      clockTolerance: CLOCK_TOLERANCE_S,
    });
    claims = { ...(await userInfo(config, tokens, String(verified.payload.sub))), ...verified.payload };
  } catch (err) {
    if (err instanceof SignOnError) throw err;
    // A provider that cannot be reached is said as such; every refused answer is an incorrect request.
    throw new SignOnError(unreachable(err) ? SIGN_ON_OUTCOMES.unavailable : SIGN_ON_CODES.incorrectRequest);
  }
  const mapped = mapClaims(provider, claims);
  const userId =
    flow.linkUserId === null
      ? await userForSignOn(pool, snapshot, provider, mapped)
      : await linkUser(pool, snapshot, provider, mapped, flow.linkUserId);
  return { userId, returnTo: flow.returnTo, provider };
}

/** The user info claims besides the ID token's (names, e-mail), when the provider offers them. */
async function userInfo(
  config: client.Configuration,
  tokens: client.TokenEndpointResponse,
  subject: string,
): Promise<Record<string, unknown>> {
  if (!config.serverMetadata().userinfo_endpoint || !tokens.access_token) return {};
  try {
    return { ...(await client.fetchUserInfo(config, tokens.access_token, subject)) };
  } catch {
    return {};
  }
}

function unreachable(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
    if (e instanceof TypeError && /fetch failed/.test(e.message)) return true;
  }
  return false;
}
