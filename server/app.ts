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
import type { Engine } from './engine.ts';

export const BODY_LIMIT = 1024 * 1024;

export async function buildApp(engine: Engine, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: engine.config.logLevel } : false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ApiError) return reply.status(err.status).send(err.body());
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send(new ApiError(413, 'errors.body_too_large').body());
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send(badRequest(err.message).body());
    }
    request.log.error(err);
    return reply.status(500).send(new ApiError(500, 'errors.internal').body());
  });
  const withRuntime = await runtimeRoutes(app);
  app.setNotFoundHandler((request, reply) => {
    if (withRuntime && isPageRequest(request.method, request.url)) return reply.sendFile('index.html');
    return reply.status(404).send(badRequest(`no call ${request.method} ${request.url}`).body());
  });

  await app.register(fastifyCookie);
  app.addHook('onRequest', sessionGuard(engine));
  app.get('/health', async () => ({ status: 'ok' }));
  accountRoutes(app, engine);
  securityRoutes(app, engine);
  crudRoutes(app, engine);
  layoutRoutes(app, engine);
  listRoutes(app, engine);
  definitionRoutes(app, engine);
  return app;
}
