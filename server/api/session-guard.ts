// Every call under /mvc needs a valid session, except signing in and out; the decision is made
// on the decoded, lower-cased path, so encodings, case and trailing slashes change nothing.
// No call is taken from another site's page, whatever its method (CSRF).
// An API client calls with `Authorization: Bearer <token>` instead (security/api-clients.ts): a
// request with that header is judged by its token alone, never by a cookie it also carries, and a
// session's cookie value is no token. A bearer call needs no CSRF defence (nothing is sent by the
// browser on its own), so the other-site check does not apply to it. A token in the address is
// refused before anything else, so it reaches no log line of a handler.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, forbidden, notAuthenticated } from '../errors.ts';
import type { Engine } from '../engine.ts';
import { principalData, securitySettings } from '../security/identity.ts';
import { userPrincipal, type UserPrincipal } from '../security/principal-of.ts';
import { resolveSession, SESSION_COOKIE } from '../security/sessions.ts';
import { clientPrincipal, resolveToken, type TokenGrant } from '../security/api-clients.ts';
import { tablesOf } from './context.ts';

// The languages on offer are asked by the sign-in page, before there is a session.
const PUBLIC_CALLS = new Set([
  '/mvc/account/login',
  '/mvc/account/logout',
  // The life of an account before there is a session (api/account-life.ts).
  '/mvc/account/registration',
  '/mvc/account/register',
  '/mvc/account/checklink',
  '/mvc/account/activate',
  '/mvc/account/recover',
  '/mvc/account/resetpassword',
  '/mvc/definitions/languages',
  '/mvc/definitions/runtimetexts',
  // Single sign-on: the providers on offer, and starting or continuing a flow (docs/identity.md).
  '/mvc/account/identityproviders',
  '/mvc/sso/start',
  '/mvc/sso/continue',
]);

export function normalisedPath(url: string): string | null {
  try {
    let p = decodeURIComponent(url.split('?')[0]).toLowerCase().replace(/\/+/g, '/');
    if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
    return p;
  } catch {
    return null;
  }
}

function isCall(url: string): boolean {
  const p = normalisedPath(url);
  return p === null || p.startsWith('/mvc') || p.includes('/mvc/');
}

/** Pages and files of the runtime are public; every call under /mvc is not, and an unreadable path is treated as a call. */
export function needsSession(url: string): boolean {
  const p = normalisedPath(url);
  if (p === null) return true;
  if (PUBLIC_CALLS.has(p)) return false;
  // The API description names the tables the user may read.
  return isCall(url) || p === '/openapi.json' || p === '/api-docs';
}

/**
 * Sent from another site's page: its Origin is another host, or (a link followed or a form sent
 * from elsewhere carries no Origin) the browser's Sec-Fetch-Site says another site did it. A GET
 * is no exception: a top-level GET from elsewhere carries the user's cookie too, and whatever a
 * call does or answers must not be set off by another site. A request without either header (a
 * script, an older browser) is no browser acting for another site.
 */
function crossSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin) {
    try {
      return new URL(origin).host !== request.headers.host;
    } catch {
      return true;
    }
  }
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: UserPrincipal;
    /** The API client of a bearer call. */
    apiClient?: TokenGrant;
  }
}

/** Query parameters that would put a credential in an address (and so in logs and histories). */
const CREDENTIAL_PARAMS = /(?:^|[?&])(access_token|client_secret|refresh_token)=/i;

/** The parameter of a URL that carries a credential, if any. */
export function credentialInUrl(url: string): string | undefined {
  const query = url.split('?').slice(1).join('?');
  let decoded = query;
  try {
    decoded = decodeURIComponent(query);
  } catch {
    // An undecodable query is looked at as it is.
  }
  return (CREDENTIAL_PARAMS.exec(query) ?? CREDENTIAL_PARAMS.exec(decoded))?.[1];
}

/** A request as the log writes it: its address without the value of a credential parameter. */
export function loggedRequest(request: { method: string; url: string; hostname?: string; ip?: string }) {
  const url = request.url.replace(/([?&](?:access_token|client_secret|refresh_token)=)[^&]*/gi, '$1[hidden]');
  return { method: request.method, url, host: request.hostname, remoteAddress: request.ip };
}

/** The token of `Authorization: Bearer …`; null for any other use of the header, undefined without it. */
function bearerOf(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  return /^Bearer ([A-Za-z0-9._~+/-]{20,100}=*)$/.exec(header)?.[1] ?? null;
}

export function sessionGuard(engine: Engine) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // No call is taken from another site's page: not a save, not a GET that starts work or
    // answers data, and not signing in or out either (another site could otherwise sign a user
    // out or in as itself).
    const bearer = bearerOf(request);
    const inUrl = credentialInUrl(request.url);
    if (inUrl) throw badRequest('request.token_in_url', inUrl);
    if (isCall(request.url) && !bearer && crossSite(request)) throw forbidden();
    if (!needsSession(request.url)) return;
    if (bearer !== undefined) return bearerCall(engine, request, reply, bearer);
    const token = request.cookies[SESSION_COOKIE];
    const settings = await securitySettings(engine.pool, engine.registry);
    const session = await resolveSession(engine.pool, token, settings.sessionLifetimeMinutes, engine.security);
    if (!session) {
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      throw notAuthenticated();
    }
    const principal = await principalOfUser(engine, session.userId);
    // A user deactivated or locked out since the session was read has no principal.
    if (!principal || !principal.active) throw notAuthenticated();
    request.principal = principal;
  };
}

/** The user's principal (cached per process, as for sessions). */
async function principalOfUser(engine: Engine, userId: number): Promise<UserPrincipal | undefined> {
  return engine.security.principal(userId, async () => {
    const data = await principalData(engine.pool, userId);
    return data && userPrincipal(data.user, data.grants, data.limits, engine.config.debugPermissions, tablesOf(engine));
  });
}

/** A call with a bearer token: its client's principal, or refused whatever cookie comes along. */
async function bearerCall(engine: Engine, request: FastifyRequest, reply: FastifyReply, bearer: string | null) {
  const snapshot = engine.registry.snapshot;
  const grant = bearer ? await resolveToken(engine.pool, snapshot, bearer, engine.security) : null;
  const user = grant ? await principalOfUser(engine, grant.userId) : undefined;
  if (!grant || !user || !user.active) {
    reply.header('www-authenticate', 'Bearer error="invalid_token"');
    throw notAuthenticated();
  }
  request.apiClient = grant;
  request.principal = clientPrincipal(user, grant, snapshot);
}
