// GET /openapi.json answers the API's description (openapi-document.ts) for the signed-in user:
// every call, and the calls of every table they may read with that table's record schema;
// GET /api-docs shows the same as a page.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordSchema } from '../../definitions/language/record-schema.ts';
import type { Engine } from '../engine.ts';
import { principalOf } from './context.ts';
import { openApiDocument } from './openapi-document.ts';

type Schema = Record<string, unknown>;

export function openApiRoutes(app: FastifyInstance, engine: Engine): void {
  function document(request: FastifyRequest) {
    const principal = principalOf(request);
    const tables = [...engine.registry.snapshot.effective.tables.values()]
      .filter((table) => principal.can(table.right, 'read'))
      .map((table) => ({ name: table.name, record: recordSchema(table) }));
    return openApiDocument({
      version: String(engine.registry.snapshot.version),
      server: `${request.protocol}://${request.host}`,
      tables,
    }) as {
      info: { title: string };
      paths: Record<string, Record<string, Schema>>;
    };
  }

  app.get('/openapi.json', async (request) => document(request));

  app.get('/api-docs', async (request, reply) => {
    const doc = document(request);
    const escape = (t: string) => t.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
    const rows = Object.entries(doc.paths).flatMap(([url, ops]) =>
      Object.entries(ops).map(
        ([method, op]) =>
          `<section><h2><code>${method.toUpperCase()} ${escape(url)}</code></h2><p>${escape(String(op.summary))}</p>` +
          `<details><summary>Schemas</summary><pre>${escape(JSON.stringify(op, null, 2))}</pre></details></section>`,
      ),
    );
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API</title></head>` +
          `<body><h1>${escape(doc.info.title)}</h1><p><a href="/openapi.json">openapi.json</a></p>${rows.join('')}</body></html>`,
      );
  });
}
