// buildApp: the Fastify application over a started engine; main.ts and the tests use it.
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { accountRoutes } from './api/account.ts';
import { accountLifeRoutes } from './api/account-life.ts';
import { securityRoutes } from './api/security.ts';
import { singleSignOnRoutes } from './api/single-sign-on.ts';
import { loggedRequest, sessionGuard } from './api/session-guard.ts';
import { errorBody, RETRY_AFTER_SECONDS } from './api/errors.ts';
import { AppError, badRequest } from './errors.ts';
import { crudRoutes } from './api/crud.ts';
import { summaryRoutes } from './api/summary.ts';
import { businessRoutes } from './api/business.ts';
import { groupRightsRoutes } from './api/group-rights.ts';
import { planningRoutes } from './api/planning.ts';
import { namedCallRoutes } from './api/named-calls.ts';
import { eventRoutes } from './api/events.ts';
import { fileRoutes } from './api/files.ts';
import { documentRoutes } from './api/documents.ts';
import { downloadRoutes } from './api/downloads.ts';
import { importRoutes } from './api/imports.ts';
import { licenceRoutes } from './api/licence.ts';
import { automationRoutes } from './api/automations.ts';
import { translationRoutes } from './api/translations.ts';
import { reportRoutes } from './api/reports.ts';
import { layoutRoutes } from './api/layouts.ts';
import { definitionRoutes } from './api/definitions.ts';
import { openApiRoutes } from './api/openapi.ts';
import { sqlEditorRoutes } from './api/sql-editor.ts';
import { monitorRoutes } from './api/monitor.ts';
import { sessionStatisticsRoutes } from './api/session-statistics.ts';
import { apiClientRoutes, apiRateLimit } from './api/api-clients.ts';
import { sessionUserLogRoutes } from './api/session-user-logs.ts';
import { checkAnswers } from './api/answer-check.ts';
import { listRoutes } from './api/lists.ts';
import { isPageRequest, runtimeRoutes } from './api/runtime.ts';
import { requestEdge } from './api/edge.ts';
import { securityHeaders } from './api/headers.ts';
import { fairShare } from './api/fair-share.ts';
import { databaseFailure, OutageLog } from './db/failures.ts';
import { clientGone, logClientGone } from './api/client-gone.ts';
import type { Engine } from './engine.ts';
import { labelsFor, languageOf } from './api/context.ts';

export const BODY_LIMIT = 1024 * 1024;

export interface Call {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    calls: readonly Call[];
  }
}

/** `logger`: log as main.ts does, to standard output or to the given stream. */
export async function buildApp(
  engine: Engine,
  opts: { logger?: boolean | { stream: { write(line: string): void } }; checkAnswers?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger
      ? {
          level: engine.config.logLevel,
          // A credential someone put in an address (refused by the session guard) is not written out.
          serializers: { req: loggedRequest },
          ...(typeof opts.logger === 'object' ? { stream: opts.logger.stream } : {}),
        }
      : false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  });

  const outage = new OutageLog((line) => (opts.logger ? app.log.error(line) : undefined));
  const answer = (reply: FastifyReply, err: AppError) => {
    if (err.retryable) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    // In the language of the request (the culture cookie, else Accept-Language).
    const request = reply.request;
    return reply.status(err.status).send(errorBody(err, languageOf(request), labelsFor(engine, request)));
  };
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) return answer(reply, err);
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return answer(reply, new AppError('BODY_TOO_LARGE'));
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return answer(reply, new AppError('UNSUPPORTED_MEDIA_TYPE'));
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      return answer(reply, badRequest('request.invalid_json'));
    // The JSON parser refuses prototype keys with a SyntaxError of its own.
    if (/prototype property|constructor property/.test(err.message))
      return answer(reply, badRequest('request.forbidden_key'));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
      return answer(reply, badRequest('request.framework', err.code ?? err.statusCode));
    // A client that went away before its body was whole: the connection failed, not the database
    // (its ECONNRESET is no outage) nor the server. Nobody reads the answer.
    if (clientGone(request)) {
      logClientGone(request, err);
      return answer(reply, new AppError('BAD_REQUEST', [err.message]));
    }
    switch (databaseFailure(err)) {
      case 'unavailable':
        outage.failed(err);
        return answer(reply, new AppError('DATABASE_UNAVAILABLE'));
      case 'timeout':
        return answer(reply, new AppError('QUERY_TIMEOUT'));
      case 'conflict':
        return answer(reply, new AppError('TRANSACTION_CONFLICT'));
      case 'bad-value':
        return answer(reply, badRequest('request.database_value', (err as { code?: string }).code));
    }
    request.log.error(err);
    return answer(reply, new AppError('INTERNAL'));
  });
  // A new connection the pool made is the database answering again (an answer served from a
  // cache, or a refusal at the edge, says nothing of it).
  engine.pool.on('connect', () => outage.answered());
  const withRuntime = await runtimeRoutes(app);
  app.setNotFoundHandler((request, reply) => {
    if (withRuntime && isPageRequest(request.method, request.url)) return reply.sendFile('index.html');
    return answer(reply, new AppError('NO_SUCH_CALL', [`${request.method} ${request.url}`]));
  });

  // The table of calls, for the OpenAPI-style listing and the tests that attack every call.
  const calls: Call[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') calls.push({ method, url: route.url });
  });
  app.decorate('calls', calls);
  await app.register(fastifyCookie);
  securityHeaders(app);
  if (opts.checkAnswers) checkAnswers(app);
  requestEdge(app);
  app.addHook('onRequest', sessionGuard(engine));
  // After the guard: it knows the API client of a bearer call.
  await apiRateLimit(app);
  // Every later line of a signed-in request's log names its user.
  app.addHook('preHandler', async (request, reply) => {
    if (!request.principal) return;
    request.log = request.log.child({ user: request.principal.username });
    reply.log = request.log;
  });
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
  accountLifeRoutes(app, engine);
  securityRoutes(app, engine);
  singleSignOnRoutes(app, engine);
  crudRoutes(app, engine);
  summaryRoutes(app, engine);
  businessRoutes(app, engine);
  groupRightsRoutes(app, engine);
  planningRoutes(app, engine);
  eventRoutes(app, engine, engine.events);
  fileRoutes(app, engine);
  documentRoutes(app, engine);
  downloadRoutes(app, engine);
  importRoutes(app, engine);
  licenceRoutes(app, engine);
  automationRoutes(app, engine);
  translationRoutes(app, engine);
  reportRoutes(app, engine);
  layoutRoutes(app, engine);
  listRoutes(app, engine);
  definitionRoutes(app, engine);
  openApiRoutes(app, engine);
  sqlEditorRoutes(app, engine);
  monitorRoutes(app, engine);
  sessionStatisticsRoutes(app, engine);
  sessionUserLogRoutes(app, engine);
  apiClientRoutes(app, engine);
  // Last: a table's own named calls take the place of no generic one.
  namedCallRoutes(app, engine);
  return app;
}
