// The API as published: every call the server has is described by a schema, /openapi.json is an
// OpenAPI 3.1 document whose schemas compile and whose references resolve, with the calls of
// the tables the user may read (and not of others), and /api-docs shows it as a page. (That
// every answer matches its schema is checked by the test harness for every test.)
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '../../definitions/language/index.ts';
import { authHeaders, post, signIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const doc = async (headers = authHeaders(server.app)) => {
  const res = await server.app.inject({ method: 'GET', url: '/openapi.json', headers });
  return { status: res.statusCode, body: JSON.parse(res.body) };
};

describe('the published API', () => {
  it('has a schema for every call of the server', () => {
    const missing = server.app.calls.filter((c) => !CALLS[`${c.method} ${c.url}`]).map((c) => `${c.method} ${c.url}`);
    expect(missing).toEqual([]);
    const stale = Object.keys(CALLS).filter((k) => !server.app.calls.some((c) => `${c.method} ${c.url}` === k));
    expect(stale).toEqual([]);
  });

  it('is an OpenAPI 3.1 document whose references resolve and whose schemas compile', async () => {
    const { status, body } = await doc();
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    const refs = [...JSON.stringify(body).matchAll(/"\$ref":"#\/components\/schemas\/([A-Za-z]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((r) => !body.components.schemas[r])).toEqual([]);
    const ajv = new Ajv2020({ strict: false, allowUnionTypes: true });
    ajv.addSchema({ $id: 'doc', components: body.components });
    for (const [url, ops] of Object.entries(body.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op.responses?.['200'], `${method} ${url}`).toBeTruthy();
        const schema = JSON.parse(
          JSON.stringify(op.responses['200'].content?.['application/json']?.schema ?? {}).replaceAll(
            '"#/components',
            '"doc#/components',
          ),
        );
        expect(() => ajv.compile(schema), `${method} ${url}`).not.toThrow();
      }
    }
  });

  it('passes a standard OpenAPI linter with its recommended rules: no error, and every operation has an id and its 4xx answers', async () => {
    const { body } = await doc();
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
    writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(body));
    const redocly = path.resolve(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'redocly');
    // Run where no project configuration is found, so the recommended rules apply; the linter exits 1 on an error.
    const run = await promisify(execFile)(redocly, ['lint', 'openapi.json', '--format=json', '--max-problems=100000'], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((err: { stdout: string }) => err);
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const said = (p: (typeof report.problems)[number]) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`;
    expect(report.problems.filter((p) => p.severity === 'error').map(said)).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(
      report.problems
        .filter((p) =>
          ['operation-operationId', 'operation-4xx-response', 'operation-operationId-unique'].includes(p.ruleId),
        )
        .map(said),
    ).toEqual([]);
  }, 60_000);

  it('gives a client generated from it (openapi-typescript) that compiles, and whose types take what the server answers', async () => {
    const { body } = await doc();
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-client-'));
    writeFileSync(path.join(dir, 'api.ts'), astToString(await openapiTS(body)));
    const user = (
      await server.app.inject({ method: 'GET', url: '/mvc/user/getcurrentuser', headers: authHeaders(server.app) })
    ).json();
    const views = (
      await post(server.app, '/mvc/products/getflexgridlayouts', {
        ControlName: 'products',
        Filter: { PageSize: 1000, PageIndex: 0 },
      })
    ).body;
    // Object literals typed by the generated client: a field the document does not publish is an error.
    writeFileSync(
      path.join(dir, 'use.ts'),
      [
        "import type { paths } from './api.ts';",
        "type Answer<P extends keyof paths, M extends 'get' | 'post'> = NonNullable<paths[P][M]> extends { responses: { 200: { content: { 'application/json': infer A } } } } ? A : never;",
        `export const user: Answer<'/mvc/user/getcurrentuser', 'get'> = ${JSON.stringify(user)};`,
        `export const views: Answer<'/mvc/products/getflexgridlayouts', 'post'> = ${JSON.stringify(views)};`,
        '',
      ].join('\n'),
    );
    const tsc = path.resolve(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'tsc');
    const run = await promisify(execFile)(
      tsc,
      ['--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--allowImportingTsExtensions', 'use.ts'],
      { cwd: dir },
    ).then(
      () => ({ stdout: '' }),
      (err: { stdout: string }) => err,
    );
    expect(run.stdout).toBe('');
  }, 60_000);

  it('describes the calls of each table the user may read, with its fields, and no other table', async () => {
    const { body } = await doc();
    const item = body.paths['/mvc/products/GetItem'].post;
    expect(Object.keys(item.responses['200'].content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['ID', 'Descr', 'Price']),
    );
    await post(server.app, '/mvc/users/save', {
      Username: 'reader',
      Password: 'Reader-pass-1',
      PasswordRetype: 'Reader-pass-1',
    });
    const reader = await signIn(server.app, 'reader', 'Reader-pass-1');
    const theirs = await doc({ cookie: reader });
    expect(theirs.status).toBe(200);
    expect(theirs.body.paths['/mvc/products/GetItem']).toBeUndefined();
    expect(theirs.body.paths['/mvc/{control}/GetItem']).toBeTruthy();
  });

  it('needs a session, and shows as a page at /api-docs', async () => {
    expect((await doc({})).status).toBe(403);
    const page = await server.app.inject({ method: 'GET', url: '/api-docs', headers: authHeaders(server.app) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('POST /mvc/{control}/GetFlexData');
  });
});
