// Single sign-on calls (docs/identity.md). The login page lists the providers; a browser starts a
// flow (a new sign-on, or linking the signed-in user in the migration wizard) and is sent to the
// provider; the provider sends it back to /sso/callback, outside /mvc since that visit comes from
// the provider's site. A success starts a session and goes to the flow's own page of this site;
// a refusal goes to the login page (or the provider's error page) with only its code. No token or
// code is ever put in an address or logged (the callback's request is not logged at all).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Engine } from '../engine.ts';
import { AppError, badRequest, notAuthenticated, notFound } from '../errors.ts';
import {
  beginMigration,
  beginSignOn,
  continueSignOn,
  DEFAULT_RETURN_TO,
  finishSignOn,
  FLOW_COOKIE,
  FLOW_MINUTES,
  isLocalPath,
  localPathOr,
  LOGIN_PAGE,
  migrationDue,
  offeredProviders,
  providerByCode,
  SignOnError,
  type SignOnCode,
} from '../business/single-sign-on/index.ts';
import { securitySettings, userById } from '../security/identity.ts';
import { createSession, endSession, LIFETIME_COOKIE, SESSION_COOKIE } from '../security/sessions.ts';

export const CALLBACK_PATH = '/sso/callback';
const FLOW_COOKIE_PATH = '/';

const redirectUri = (request: FastifyRequest) => `${request.protocol}://${request.host}${CALLBACK_PATH}`;

function setFlowCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(FLOW_COOKIE, token, {
    path: FLOW_COOKIE_PATH,
    httpOnly: true,
    // Lax: the cookie comes along when the provider sends the browser back (a top-level GET).
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: FLOW_MINUTES * 60,
  });
}

interface FlowQuery {
  Querystring: { provider: string; returnTo?: string };
}

function returnToOf(returnTo: string | undefined): string {
  if (returnTo === undefined || returnTo === '') return DEFAULT_RETURN_TO;
  if (!isLocalPath(returnTo)) throw badRequest('request.local_path', 'returnTo');
  return returnTo;
}

/** The login page (or the provider's own error page, a path of this site) with the refusal's code. */
function refusedAt(page: string | null | undefined, code: SignOnCode): string {
  const target = localPathOr(page, LOGIN_PAGE);
  return `${target}${target.includes('?') ? '&' : '?'}sso=${encodeURIComponent(code)}`;
}

/**
 * A right password of a user whose migration to single sign-on is mandatory starts no session: the
 * login is refused with the provider to link to, and a link flow is started for the user (its
 * cookie set), which the migration wizard continues at the provider.
 */
export async function refuseUntilMigrated(
  engine: Engine,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const code = await migrationDue(engine.pool, userId);
  const provider = code === undefined ? undefined : await providerByCode(engine.pool, code);
  if (!provider) return;
  setFlowCookie(request, reply, await beginMigration(engine.pool, provider, userId));
  throw new AppError('SSO_MIGRATION_REQUIRED', [provider.descr], {}, { MigrateTo: provider.id });
}

export function singleSignOnRoutes(app: FastifyInstance, engine: Engine): void {
  app.get('/mvc/account/identityproviders', async () => offeredProviders(engine.pool));

  const begin = async (request: FastifyRequest<FlowQuery>, reply: FastifyReply, linkUserId: number | null) => {
    const { provider: code } = request.query;
    const returnTo = returnToOf(request.query.returnTo);
    const provider = await providerByCode(engine.pool, code);
    if (!provider) throw notFound();
    try {
      const { url, token } = await beginSignOn(engine.pool, provider, redirectUri(request), returnTo, linkUserId);
      setFlowCookie(request, reply, token);
      return reply.redirect(url, 302);
    } catch (err) {
      if (err instanceof SignOnError) return reply.redirect(refusedAt(provider.errorpage, err.code), 302);
      throw err;
    }
  };

  app.get<FlowQuery>('/mvc/sso/start', async (request, reply) => begin(request, reply, null));

  // The migration wizard: the signed-in user links the account to the provider.
  app.get<FlowQuery>('/mvc/sso/link', async (request, reply) => {
    const userId = request.principal?.userId;
    if (!userId) throw notAuthenticated();
    return begin(request, reply, userId);
  });

  // The flow a login started for a user due for mandatory migration.
  app.get('/mvc/sso/continue', async (request, reply) => {
    try {
      return reply.redirect(await continueSignOn(engine.pool, request.cookies[FLOW_COOKIE], redirectUri(request)), 302);
    } catch (err) {
      if (err instanceof SignOnError) return reply.redirect(refusedAt(null, err.code), 302);
      throw err;
    }
  });

  app.get(CALLBACK_PATH, { logLevel: 'silent' }, async (request, reply) => {
    const flowToken = request.cookies[FLOW_COOKIE];
    reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
    try {
      const url = new URL(request.url, redirectUri(request));
      const done = await finishSignOn(engine.pool, engine.registry.snapshot, url, flowToken);
      const user = await userById(engine.pool, done.userId);
      if (!user || user.activated !== true || user.lockedout)
        return reply.redirect(refusedAt(done.provider.errorpage, 'no-account'), 302);
      const settings = await securitySettings(engine.pool, engine.registry);
      await endSession(engine.pool, request.cookies[SESSION_COOKIE], engine.security);
      const token = await createSession(engine.pool, user, settings.sessionLifetimeMinutes, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      const secure = request.protocol === 'https';
      reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      reply.setCookie(LIFETIME_COOKIE, String(settings.sessionLifetimeMinutes), {
        path: '/',
        httpOnly: false,
        sameSite: 'lax',
        secure,
      });
      return reply.redirect(localPathOr(done.returnTo, DEFAULT_RETURN_TO), 302);
    } catch (err) {
      if (err instanceof SignOnError) return reply.redirect(refusedAt(err.page, err.code), 302);
      throw err;
    }
  });
}
