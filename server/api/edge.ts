// The edge of every call: before a handler runs, the request's body and query are checked for
// the shape the call's schema declares (definitions/language/api-schemas.ts), for text
// PostgreSQL cannot store (NUL), and for sizes no call needs; and text is brought to one
// Unicode form (NFC), so what is stored and what is searched match.
// A failure is a 400 naming the place in the body; no handler, and so no SQL, runs.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CALLS, declaredKeys, type CallSchema } from '../../definitions/language/index.ts';
import { badRequest } from '../errors.ts';
import { checkSchema } from './request-schema.ts';

/** The most items of any list and keys of any object in a request (calls document lower ones). */
export const MAX_LIST_ITEMS = 1000;
export const MAX_OBJECT_KEYS = 1000;
/** Deeper than any call's payload. */
export const MAX_DEPTH = 16;

const where = (path: string) => path || 'body';

/** Checks one value of a request and answers it with its text in NFC. */
export function checkValue(value: unknown, path: string, depth = 0): unknown {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw badRequest('request.nul', where(path));
    return value.normalize('NFC');
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) throw badRequest('request.too_deep', where(path), MAX_DEPTH);
  if (Array.isArray(value)) {
    if (value.length > MAX_LIST_ITEMS) throw badRequest('request.too_many_items', where(path), MAX_LIST_ITEMS);
    for (let i = 0; i < value.length; i++) value[i] = checkValue(value[i], `${path}[${i}]`, depth + 1);
    return value;
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  if (keys.length > MAX_OBJECT_KEYS) throw badRequest('request.too_many_keys', where(path), MAX_OBJECT_KEYS);
  for (const key of keys) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) throw badRequest('request.nul_key', where(path));
    object[key] = checkValue(object[key], at, depth + 1);
  }
  return object;
}

/** The call's schema (definitions/language/api-schemas.ts), by method and route. */
const callOf = (request: FastifyRequest): CallSchema | undefined =>
  CALLS[`${request.method} ${request.routeOptions.url}`];

/**
 * Parameter names are matched without regard to case, as clients of this API have always done;
 * each is renamed to the spelling its call declares, so handlers and the schema see one name.
 */
function declaredSpelling(body: Record<string, unknown>, schema: CallSchema['body']): Record<string, unknown> {
  const keys = declaredKeys(schema);
  if (!keys?.length) return body;
  const spelling = new Map<string, string>();
  for (const key of keys) if (!spelling.has(key.toLowerCase())) spelling.set(key.toLowerCase(), key);
  const named: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const declared = keys.includes(key) ? key : (spelling.get(key.toLowerCase()) ?? key);
    if (!(declared in named)) named[declared] = value;
  }
  return named;
}

function checkBody(request: FastifyRequest): void {
  const schema = callOf(request)?.body;
  let body = request.body;
  if (body === undefined) return;
  if (schema?.type === 'array') {
    if (!Array.isArray(body)) throw badRequest('request.body_list');
  } else {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('request.body_object');
    body = declaredSpelling(body as Record<string, unknown>, schema);
  }
  request.body = checkValue(body, '');
  if (schema) checkSchema(schema, request.body);
}

/** Registers the checks for every route; text bodies are not JSON and are refused (415). */
export function requestEdge(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addHook('preValidation', async (request) => {
    if (request.query && typeof request.query === 'object') {
      checkValue(request.query, 'query');
      const schema = callOf(request)?.query;
      if (schema) checkSchema(schema, request.query, 'query');
    }
    checkBody(request);
  });
}
