// The calls of an account's life before there is a session: requesting an account, activating
// it and recovering a password with an e-mailed link. Each is limited per address with
// @fastify/rate-limit (429 with Retry-After); none answers differently for a name or address
// that exists and one that does not. Tokens come in the body, never in a URL.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BodyOf, CallName } from '../../definitions/language/index.ts';
import {
  choosePassword,
  linkUsable,
  RECOVERY_ANSWER_MS,
  register,
  registrationTerms,
  sendRecovery,
} from '../accounts/index.ts';
import { inTransaction } from '../db/pool.ts';
import type { Engine } from '../engine.ts';
import { AppError } from '../errors.ts';
import { languageOf } from './context.ts';

/** Calls one address may make per window, by kind (a person needs a few; a script is stopped). */
export const ACCOUNT_RATE_LIMITS = {
  register: { max: 5, timeWindow: 10 * 60_000 },
  recover: { max: 5, timeWindow: 10 * 60_000 },
  link: { max: 20, timeWindow: 10 * 60_000 },
} as const;

const tooMany = (_request: FastifyRequest, context: { ttl: number }) =>
  new AppError('TOO_MANY_REQUESTS', [Math.max(1, Math.ceil(context.ttl / 1000))], {}, {}, 'account.too_many');

/** The users table's SQL name (core pack): its writes drop the cached sessions and principals. */
const USERS = 'users';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Body<C extends CallName> = { Body: BodyOf<C> };

export function accountLifeRoutes(app: FastifyInstance, engine: Engine): void {
  // A scope of their own: the limits count these calls only.
  void app.register(async (scope) => {
    // Counted once the body is judged (preHandler): a malformed body is refused as bad input (400)
    // and does no work; what the limit guards is the work a well-formed request starts.
    await scope.register(rateLimit, { global: false, hook: 'preHandler', errorResponseBuilder: tooMany });
    const limit = (kind: keyof typeof ACCOUNT_RATE_LIMITS) => ({ config: { rateLimit: ACCOUNT_RATE_LIMITS[kind] } });

    scope.get('/mvc/account/registration', () => registrationTerms(engine.pool));

    scope.post<Body<'POST /mvc/account/register'>>('/mvc/account/register', limit('register'), async (request) => {
      await inTransaction(engine.pool, (client) =>
        register(client, engine.registry.snapshot, request.body, languageOf(request)),
      );
      return {};
    });

    scope.post<Body<'POST /mvc/account/checklink'>>('/mvc/account/checklink', limit('link'), async (request) => ({
      Usable: await linkUsable(engine.pool, request.body.Token, request.body.Purpose),
    }));

    scope.post<Body<'POST /mvc/account/activate'>>('/mvc/account/activate', limit('link'), async (request) => {
      await inTransaction(engine.pool, (client) =>
        choosePassword(client, engine.registry.snapshot, 'activation', request.body),
      );
      // The user's sessions ended: so they are here at once (other processes hear it by NOTIFY).
      engine.security.written(USERS);
      return {};
    });

    scope.post<Body<'POST /mvc/account/resetpassword'>>(
      '/mvc/account/resetpassword',
      limit('link'),
      async (request) => {
        await inTransaction(engine.pool, (client) =>
          choosePassword(client, engine.registry.snapshot, 'recovery', request.body),
        );
        // The user's sessions ended: so they are here at once (other processes hear it by NOTIFY).
        engine.security.written(USERS);
        return {};
      },
    );

    scope.post<Body<'POST /mvc/account/recover'>>('/mvc/account/recover', limit('recover'), async (request) => {
      const started = Date.now();
      try {
        await inTransaction(engine.pool, (client) =>
          sendRecovery(client, request.body.Email, languageOf(request), engine.config.publicUrl),
        );
      } catch (err) {
        // A failure must not answer differently either; it is logged without the address.
        request.log.error({ err }, 'password recovery failed');
      }
      await sleep(Math.max(0, RECOVERY_ANSWER_MS - (Date.now() - started)));
      return {};
    });
  });
}
