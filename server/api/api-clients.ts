// API clients over HTTP (security/api-clients.ts): the token endpoint of the OAuth 2.0 client
// credentials grant, the call that gives a client a new secret and answers it once, and the
// per-client rate limit of every bearer call (@fastify/rate-limit, 429 with Retry-After).
// Credentials travel in the body or the Authorization header only: a token or secret in the
// address is refused by the session guard before it reaches any handler, and the request log
// never writes a body or a header.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Engine } from '../engine.ts';
import { AppError, notFound } from '../errors.ts';
import { inTransaction } from '../db/pool.ts';
import { authorize, readStored } from '../data/records.ts';
import { writeIn } from '../data/write.ts';
import {
  authenticateClient,
  CLIENT_CREDENTIALS,
  clientTable,
  issueToken,
  newSecret,
  TOKEN_SECONDS,
} from '../security/api-clients.ts';
import { principalOf } from './context.ts';

export const TOKEN_URL = '/oauth/token';
/** The window a client's rate limit counts calls in. */
const RATE_WINDOW_MS = 60_000;
/** The most bytes of a form-encoded token request. */
const FORM_LIMIT = 4096;
const rateLimited = (_request: FastifyRequest, context: { ttl: number }) =>
  new AppError('RATE_LIMITED', [Math.max(1, Math.ceil(context.ttl / 1000))]);

interface TokenRequest {
  grant_type: string;
  client_id?: string;
  client_secret?: string;
  scope?: string;
}

/** The client id and secret of HTTP Basic authentication (RFC 6749 §2.3.1), if sent so. */
function basicCredentials(request: FastifyRequest): { id: string; secret: string } | undefined {
  const m = /^Basic ([A-Za-z0-9+/]+=*)$/.exec(request.headers.authorization ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const unescape = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
}

/** Per-client limits on every bearer call; calls with a session are limited per user elsewhere (fair-share.ts). */
export async function apiRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false });
  app.addHook(
    'onRequest',
    app.rateLimit({
      timeWindow: RATE_WINDOW_MS,
      max: (request) => request.apiClient?.rateLimit ?? 1,
      keyGenerator: (request) => `api-client:${request.apiClient?.clientId ?? 0}`,
      allowList: (request) => !request.apiClient,
      errorResponseBuilder: rateLimited,
    }),
  );
}

export function apiClientRoutes(app: FastifyInstance, engine: Engine): void {
  void app.register(async (scope) => {
    // RFC 6749 §4.4.2: a token request is form-encoded; JSON is taken as well.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post<{ Body: TokenRequest }>(TOKEN_URL, async (request, reply) => {
      const body = request.body;
      const basic = basicCredentials(request);
      if (body.grant_type !== CLIENT_CREDENTIALS) throw new AppError('UNSUPPORTED_GRANT', [body.grant_type]);
      const id = basic?.id ?? body.client_id;
      const secret = basic?.secret ?? body.client_secret;
      const client =
        id && secret ? await authenticateClient(engine.pool, engine.registry.snapshot, id, secret) : undefined;
      if (!client) {
        reply.header('www-authenticate', 'Basic realm="api"');
        throw new AppError('CLIENT_FAILED');
      }
      const token = await issueToken(engine.pool, client, request.ip);
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return { access_token: token, token_type: 'Bearer', expires_in: TOKEN_SECONDS };
    });
  });

  /** A new secret for the client, answered this once; its old secret and tokens end. */
  app.post<{ Body: { AutoID: number } }>('/mvc/apiclient/newsecret', async (request) => {
    const principal = principalOf(request);
    const model = clientTable(engine.registry.snapshot);
    if (!model) throw notFound();
    authorize(model, principal, 'update');
    const secret = newSecret();
    const clientId = await inTransaction(engine.pool, async (client) => {
      const stored = await readStored(client, model, principal, request.body.AutoID, true);
      await writeIn(client, {
        model,
        principal,
        id: request.body.AutoID,
        record: { Secret: secret },
        ctx: { byDefinition: true, tableOf: (name) => engine.registry.snapshot.table(name) },
      });
      return String(stored.ClientId ?? '');
    });
    return { ClientId: clientId, Secret: secret };
  });
}
