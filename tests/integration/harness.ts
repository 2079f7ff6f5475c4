// A test server over a fresh database: the engine with the test packs, and the Fastify app.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { configFromEnv, type Config } from '../../server/config.ts';
import { startEngine, type Engine } from '../../server/engine.ts';
import { freePort } from '../free-port.ts';

export const TEST_PACKS_DIR = path.resolve(import.meta.dirname, '..', 'packs');

/** Creates an empty database for one test file and answers its URL. */
export async function createTestDatabase(): Promise<string> {
  const admin = inject('pgAdminUrl');
  const name = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface TestServer {
  app: FastifyInstance;
  engine: Engine;
  databaseUrl: string;
  close(): Promise<void>;
}

export const ADMIN_PASSWORD = 'admin-test-password';
export const DEV_LICENCE_PUBLIC_KEY = path.resolve(import.meta.dirname, '..', 'licence', 'dev-public.pem');
export const DEV_LICENCE_PRIVATE_KEY = path.resolve(import.meta.dirname, '..', 'licence', 'dev-private.pem');

/** Files of the tests' servers: one temporary folder per test process. */
const TEST_FILES_DIR = mkdtempSync(path.join(tmpdir(), 'test-files-'));

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...configFromEnv({}),
    packsDir: TEST_PACKS_DIR,
    packs: ['testbase', 'testcustomer'],
    adminPassword: ADMIN_PASSWORD,
    filesDir: TEST_FILES_DIR,
    jobMaintenanceSeconds: 1,
    // The development key pair (tests/licence): tests issue activation codes with its private half.
    licencePublicKey: DEV_LICENCE_PUBLIC_KEY,
    ...overrides,
  };
}

const sessions = new WeakMap<FastifyInstance, string>();

/** Signs in through the API and answers the session cookie header. */
export async function signIn(app: FastifyInstance, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/mvc/account/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'session');
  return `session=${cookie!.value}`;
}

/** The headers of the test server's administrator session. */
export const authHeaders = (app: FastifyInstance): Record<string, string> => {
  const cookie = sessions.get(app);
  return cookie ? { cookie } : {};
};

export async function startTestServer(
  opts: { databaseUrl?: string; config?: Partial<Config> } = {},
): Promise<TestServer> {
  const databaseUrl = opts.databaseUrl ?? (await createTestDatabase());
  const engine = await startEngine(testConfig(opts.config), { databaseUrl });
  // Every answer of every test is checked against the schema the API publishes for its call.
  const app = await buildApp(engine, { checkAnswers: true });
  sessions.set(app, await signIn(app));
  return {
    app,
    engine,
    databaseUrl,
    async close() {
      await app.close();
      await engine.close();
      if (app.answerProblems.length)
        throw new Error(`answers that do not match their published schema:\n${app.answerProblems.join('\n')}`);
    },
  };
}

/** POSTs JSON and answers status and parsed body. */
export async function post(app: FastifyInstance, url: string, body?: unknown) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body === undefined ? {} : (body as object),
    headers: { 'content-type': 'application/json', ...authHeaders(app) },
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}

export async function get(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'GET', url, headers: authHeaders(app) });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}

/**
 * A second server process (server/main.ts) on a test server's database, signed in as the
 * administrator: what it answers shows what every other process sees. Stop it with `child.kill()`.
 */
export async function secondProcess(
  server: TestServer,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; base: string; cookie: string }> {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: server.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '1',
      WORKERS: '0',
      LICENCE_PUBLIC_KEY: DEV_LICENCE_PUBLIC_KEY,
      FILES_DIR: server.engine.config.filesDir,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (
    let waited = 0;
    !(await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    ));
    waited += 200
  ) {
    if (waited > 60_000) {
      child.kill();
      throw new Error('the second server process did not start within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const login = await fetch(`${base}/mvc/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  return { child, base, cookie: (login.headers.get('set-cookie') ?? '').split(';')[0] };
}
