// A test server over a fresh database: the engine with the test packs, and the Fastify app.
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { configFromEnv, type Config } from '../../server/config.ts';
import { startEngine, type Engine } from '../../server/engine.ts';

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

export interface TestServer { app: FastifyInstance; engine: Engine; databaseUrl: string; close(): Promise<void> }

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...configFromEnv({}), packsDir: TEST_PACKS_DIR, packs: ['testbase', 'testcustomer'], ...overrides };
}

export async function startTestServer(opts: { databaseUrl?: string; config?: Partial<Config> } = {}): Promise<TestServer> {
  const databaseUrl = opts.databaseUrl ?? await createTestDatabase();
  const engine = await startEngine(testConfig(opts.config), { databaseUrl });
  const app = await buildApp(engine);
  return {
    app, engine, databaseUrl,
    async close() { await app.close(); await engine.close(); },
  };
}

/** POSTs JSON and answers status and parsed body. */
export async function post(app: FastifyInstance, url: string, body?: unknown) {
  const res = await app.inject({ method: 'POST', url, payload: body === undefined ? {} : (body as object), headers: { 'content-type': 'application/json' } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}

export async function get(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}
