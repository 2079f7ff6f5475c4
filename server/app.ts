// buildApp: the Fastify application over a started engine; main.ts and the tests use it.
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { accountRoutes } from './api/account.ts';
import { securityRoutes } from './api/security.ts';
import { sessionGuard } from './security/index.ts';
import { ApiError, badRequest } from './api/errors.ts';
import { crudRoutes } from './api/crud.ts';
import { layoutRoutes } from './api/layouts.ts';
import { definitionRoutes } from './api/definitions.ts';
import { listRoutes } from './api/lists.ts';
import { isPageRequest, runtimeRoutes } from './api/runtime.ts';
import { requestEdge } from './api/edge.ts';
import { securityHeaders } from './api/headers.ts';
import { fairShare } from './api/fair-share.ts';
import { databaseFailure, OutageLog } from './db/failures.ts';
import type { Engine } from './engine.ts';

export const BODY_LIMIT = 1024 * 1024;

export interface Call { method: string; url: string }

declare module 'fastify' {
  interface FastifyInstance { calls: readonly Call[] }
}

export async function buildApp(engine: Engine, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: engine.config.logLevel } : false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  });

  const outage = new OutageLog((line) => (opts.logger ? app.log.error(line) : undefined));
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ApiError) return reply.status(err.status).send(err.body());
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send(new ApiError(413, 'errors.body_too_large').body());
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send(new ApiError(err.statusCode, 'errors.bad_request', [err.message]).body());
    }
    switch (databaseFailure(err)) {
      case 'unavailable':
        outage.failed(err);
        return reply.status(503).header('retry-after', '5').send(new ApiError(503, 'errors.database_unavailable', [], {}, { Retryable: true }).body());
      case 'timeout':
        return reply.status(503).header('retry-after', '5').send(new ApiError(503, 'errors.query_timeout', [], {}, { Retryable: true }).body());
      case 'bad-value':
        return reply.status(400).send(badRequest((err as Error).message).body());
    }
    request.log.error(err);
    return reply.status(500).send(new ApiError(500, 'errors.internal').body());
  });
  app.addHook('onResponse', async (_request, reply) => { if (outage.down && reply.statusCode < 500) outage.answered(); });
  const withRuntime = await runtimeRoutes(app);
  app.setNotFoundHandler((request, reply) => {
    if (withRuntime && isPageRequest(request.method, request.url)) return reply.sendFile('index.html');
    return reply.status(404).send(new ApiError(404, 'errors.no_such_call', [`${request.method} ${request.url}`]).body());
  });

  // The table of calls, for the OpenAPI-style listing and the tests that attack every call.
  const calls: Call[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') calls.push({ method, url: route.url });
  });
  app.decorate('calls', calls);
  await app.register(fastifyCookie);
  securityHeaders(app);
  requestEdge(app);
  app.addHook('onRequest', sessionGuard(engine));
  fairShare(app, { perUser: engine.config.userConcurrency, queue: 100 });
  // Liveness: the process answers. Readiness (/health): it can serve, the database answering.
  app.get('/health/live', async () => ({ status: 'ok' }));
  app.get('/health', async (_request, reply) => {
    try {
      await engine.pool.query('SELECT 1');
      outage.answered();
      return { status: 'ok' };
    } catch (err) {
      if (!databaseFailure(err)) throw err;
      outage.failed(err);
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });
  accountRoutes(app, engine);
  securityRoutes(app, engine);
  crudRoutes(app, engine);
  layoutRoutes(app, engine);
  listRoutes(app, engine);
  definitionRoutes(app, engine);
  return app;
}
