// The API described as OpenAPI 3.1 from the call schemas (definitions/language/api-schemas.ts),
// for the signed-in user: every call, and the calls of every table they may read with that
// table's record schema. GET /openapi.json answers the document, GET /api-docs a readable page.
import type { FastifyInstance } from 'fastify';
import { API_COMPONENTS, CALLS, ErrorAnswer, type CallSchema } from '../../definitions/language/index.ts';
import { recordSchema } from '../../definitions/language/record-schema.ts';
import type { Engine } from '../engine.ts';
import { principalOf } from './context.ts';

type Schema = Record<string, unknown>;

/** Replaces the shared parts by references to their component. */
function referenced(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(referenced);
  if (!schema || typeof schema !== 'object') return schema;
  const name = Object.entries(API_COMPONENTS).find(([, s]) => s === schema)?.[0];
  if (name) return { $ref: `#/components/schemas/${name}` };
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, referenced(v)]));
}

function operation(call: CallSchema, record?: Schema): Schema {
  const swap = (s: Schema | undefined) => (record && s === API_COMPONENTS.Record ? record : s);
  const content = (s: Schema, type = 'application/json') => ({ [type]: { schema: referenced(s) } });
  const query = call.query ? Object.entries((call.query.properties ?? {}) as Record<string, Schema>)
    .map(([name, schema]) => ({ name, in: 'query', required: false, schema: referenced(schema) })) : [];
  return {
    summary: call.summary,
    ...(query.length ? { parameters: query } : {}),
    ...(call.body ? { requestBody: { required: false, content: content(swap(call.body)!, call.bodyType) } } : {}),
    responses: { 200: { description: 'OK', content: content(swap(call.answer)!, call.answerType) }, default: { description: 'Error', content: content(ErrorAnswer) } },
  };
}

const pathOf = (url: string) => url.replace(/:([a-zA-Z]+)/g, '{$1}');

export function openApiRoutes(app: FastifyInstance, engine: Engine): void {
  function document(principal: ReturnType<typeof principalOf>) {
    const paths: Record<string, Record<string, Schema>> = {};
    const add = (method: string, url: string, op: Schema) => { (paths[url] ??= {})[method.toLowerCase()] = op; };
    for (const c of app.calls) {
      const call = CALLS[`${c.method} ${c.url}`];
      if (call) add(c.method, pathOf(c.url), operation(call));
    }
    // Each table the user may read, with its own record schema in place of the generic one.
    for (const table of engine.registry.snapshot.effective.tables.values()) {
      if (!principal.can(table.right, 'read')) continue;
      const record = recordSchema(table) as Schema;
      for (const c of app.calls.filter((x) => x.url.startsWith('/mvc/:control/'))) {
        add(c.method, c.url.replace(':control', table.name), operation(CALLS[`${c.method} ${c.url}`]!, record));
      }
    }
    return {
      openapi: '3.1.0',
      info: { title: 'Back-office runtime API', version: String(engine.registry.snapshot.version) },
      paths,
      components: { schemas: Object.fromEntries(Object.entries(API_COMPONENTS).map(([k, v]) => [k, referenced({ ...v })])) },
    };
  }

  app.get('/openapi.json', async (request) => document(principalOf(request)));

  app.get('/api-docs', async (request, reply) => {
    const doc = document(principalOf(request));
    const escape = (t: string) => t.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
    const rows = Object.entries(doc.paths).flatMap(([url, ops]) => Object.entries(ops).map(([method, op]) =>
      `<section><h2><code>${method.toUpperCase()} ${escape(url)}</code></h2><p>${escape(String(op.summary))}</p>`
      + `<details><summary>Schemas</summary><pre>${escape(JSON.stringify(op, null, 2))}</pre></details></section>`));
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API</title></head>`
      + `<body><h1>${escape(doc.info.title)}</h1><p><a href="/openapi.json">openapi.json</a></p>${rows.join('')}</body></html>`);
  });
}
