// The API as an OpenAPI 3.1 document, made from the call schemas (definitions/language/api-schemas.ts)
// alone: every call with an operationId, its path parameters, the session it needs and the
// refusals it can answer, so standard tools (linters, client generators) read it as it is.
import { API_COMPONENTS, CALLS, ErrorAnswer, type CallSchema } from '../../definitions/language/index.ts';
import { ERRORS } from '../errors.ts';
import { SESSION_COOKIE } from '../security/sessions.ts';
import { needsSession } from './session-guard.ts';

type Schema = Record<string, unknown>;

/** A table whose calls are described with its own record schema. */
export interface DescribedTable {
  name: string;
  record: Schema;
}

/** Replaces the shared parts by references to their component. */
function referenced(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(referenced);
  if (!schema || typeof schema !== 'object') return schema;
  const name = Object.entries(API_COMPONENTS).find(([, s]) => s === schema)?.[0];
  if (name) return { $ref: `#/components/schemas/${name}` };
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, referenced(v)]));
}

export const pathOf = (url: string) => url.replace(/:([a-zA-Z]+)/g, '{$1}');

const PATH_PARAMETERS: Record<string, string> = {
  control: 'A table, by name (case-insensitive)',
  list: 'A lookup list, by name',
  catalogue: 'A catalogue of the definitions: rights, tables or lists',
  call: "A named call of the table's definition",
};

/** The codes of server/errors.ts answered with a status, for its description. */
const codesOf = (status: number) =>
  Object.entries(ERRORS)
    .filter(([, e]) => e.status === status)
    .map(([code]) => code)
    .join(', ');

function refusal(status: number, when: string): Schema {
  return {
    description: `${when} (${codesOf(status)})`,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
}

/** A stable id of an operation: its method and path, in the characters an id may have in a URL. */
export const operationId = (method: string, url: string) =>
  `${method.toLowerCase()}_${pathOf(url).replace(/[{}]/g, '').split('/').filter(Boolean).join('_')}`.replace(
    /[^A-Za-z0-9_.~-]/g,
    '_',
  );

function operation(method: string, url: string, call: CallSchema, record?: Schema): Schema {
  const swap = (s: Schema | undefined) => (record && s === API_COMPONENTS.Record ? record : s);
  const content = (s: Schema, type = 'application/json') => ({ [type]: { schema: referenced(s) } });
  const path = [...url.matchAll(/:([a-zA-Z]+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    description: PATH_PARAMETERS[name] ?? name,
    schema: { type: 'string', minLength: 1 },
  }));
  const required = new Set((call.query?.required ?? []) as string[]);
  const query = Object.entries((call.query?.properties ?? {}) as Record<string, Schema>).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: referenced(schema),
  }));
  const secured = needsSession(url);
  const calls = url.startsWith('/mvc/');
  return {
    operationId: operationId(method, url),
    summary: call.summary,
    ...(secured ? {} : { security: [] }),
    ...(path.length || query.length ? { parameters: [...path, ...query] } : {}),
    ...(call.body ? { requestBody: { required: false, content: content(swap(call.body)!, call.bodyType) } } : {}),
    responses: {
      200: { description: 'OK', content: content(swap(call.answer)!, call.answerType) },
      400: refusal(400, 'A body or query that is not what the call takes, or a record or view with problems per field'),
      ...(secured || calls
        ? {
            403: refusal(
              403,
              secured
                ? "No valid session, a right the user lacks, or a call from another site's page"
                : "A call from another site's page",
            ),
          }
        : {}),
      ...(path.length
        ? {
            404: refusal(
              404,
              'An unknown table, list, catalogue or call, or a record that does not exist for the user',
            ),
          }
        : {}),
      default: { description: 'Any other refusal or fault', content: content(ErrorAnswer) },
    },
  };
}

/**
 * The document: every call, and the calls under `mvc/{control}` once more for each of `tables`
 * with that table's record schema. `server` is the address the calls are made at.
 */
export function openApiDocument(opts: { version: string; server: string; tables?: DescribedTable[] }): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  const add = (method: string, url: string, op: Schema) => {
    (paths[pathOf(url)] ??= {})[method.toLowerCase()] = op;
  };
  const calls = Object.entries(CALLS).map(([key, call]) => {
    const [method, url] = key.split(' ');
    return { method, url, call };
  });
  for (const { method, url, call } of calls) add(method, url, operation(method, url, call));
  for (const table of opts.tables ?? []) {
    for (const { method, url, call } of calls.filter((c) => c.url.startsWith('/mvc/:control/'))) {
      const named = url.replace(':control', table.name);
      add(method, named, operation(method, named, call, table.record));
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Back-office runtime API',
      version: opts.version,
      description: 'Every call takes and answers JSON unless it says otherwise; a refusal answers the Error schema.',
    },
    servers: [{ url: opts.server }],
    // The session cookie is set by signing in. A browser's call from another site's page is
    // refused by its Origin (or Sec-Fetch-Site) header, so no token is asked besides.
    // An API client calls with a bearer token instead (POST /oauth/token); either one, never both.
    security: [{ session: [] }, { bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            "The session cookie that POST /mvc/account/login sets; calls from another site's page are refused by their Origin header",
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An access token of an API client from POST /oauth/token (client credentials); its scopes narrow the rights of the user the client acts as',
        },
      },
      schemas: Object.fromEntries(Object.entries(API_COMPONENTS).map(([k, v]) => [k, referenced({ ...v })])),
    },
  };
}
