// Signing in and out, and the current user. Passwords are checked against argon2 hashes; after
// the configured number of failures the name locks for the configured minutes, for the address
// they came from (security/sign-in-lock.ts). A new session
// id is issued at every sign-in, and the old one, if any, ends.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { Engine } from '../engine.ts';
import { securitySettings, userById } from '../security/identity.ts';
import { attemptLogin } from '../security/login.ts';
import { createSession, endSession, LIFETIME_COOKIE, SESSION_COOKIE } from '../security/sessions.ts';
import { principalOf } from './context.ts';
import { refuseUntilMigrated } from './single-sign-on.ts';
import { AppError, notFound } from '../errors.ts';

const wrongCredentials = () => new AppError('LOGIN_FAILED');

function setCookies(request: FastifyRequest, reply: FastifyReply, token: string, minutes: number) {
  const secure = request.protocol === 'https';
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.setCookie(LIFETIME_COOKIE, String(minutes), { path: '/', httpOnly: false, sameSite: 'lax', secure });
}

export function accountRoutes(app: FastifyInstance, engine: Engine): void {
  app.post('/mvc/account/login', async (request, reply) => {
    // Both are present and of their sizes (api-schemas, checked at the edge).
    const { username, password } = request.body as { username: string; password: string };
    const settings = await securitySettings(engine.pool, engine.registry);
    const outcome = await attemptLogin(engine.pool, settings, username, password, request.ip);
    if (outcome.kind === 'locked') throw new AppError('ACCOUNT_LOCKED');
    if (outcome.kind === 'failed') throw wrongCredentials();
    const { user } = outcome;
    await refuseUntilMigrated(engine, request, reply, user.autoid);
    await endSession(engine.pool, request.cookies[SESSION_COOKIE], engine.security);
    const token = await createSession(engine.pool, user, settings.sessionLifetimeMinutes, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    setCookies(request, reply, token, settings.sessionLifetimeMinutes);
    return { User: { AutoID: user.autoid, Username: user.username, Person_Descr: user.personname ?? user.username } };
  });

  app.post('/mvc/account/logout', async (request, reply) => {
    await endSession(engine.pool, request.cookies[SESSION_COOKIE], engine.security);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return {};
  });

  app.get('/mvc/user/getcurrentuser', async (request) => {
    const principal = principalOf(request) as { userId?: number; fullAccess?: boolean };
    const user = principal.userId ? await userById(engine.pool, principal.userId) : undefined;
    if (!user) throw notFound();
    return {
      AutoID: user.autoid,
      Username: user.username,
      Person_Descr: user.personname ?? user.username,
      Email: user.email,
      HomePage: user.homepage,
      FullAccess: principal.fullAccess === true,
    };
  });
}
