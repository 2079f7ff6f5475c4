// The shipped packs (base + demo) served for a benchmark: the engine over a fresh data folder with
// its demo seeds, its app, and — once the bench's own data is in — the app listening on
// 127.0.0.1 with the administrator signed in.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { startEngine, type Engine } from '../../server/engine.ts';
import { freePort } from '../free-port.ts';
import { portOf } from '../support/listening.ts';

export const SHIPPED_PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');
const PASSWORD = 'Bench-admin-1';

export interface Shipped {
  engine: Engine;
  app: FastifyInstance;
  /** Listens and signs the administrator in: the base address and the headers of their session. */
  listen(): Promise<{ base: string; headers: { cookie: string } }>;
  /** Closes the app and the engine and removes the data folder (close your own pools first). */
  close(): Promise<void>;
}

export async function startShipped(name: string): Promise<Shipped> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-bench-`));
  chmodSync(dataDir, 0o755);
  const engine = await startEngine({
    ...configFromEnv(),
    logLevel: 'warn',
    dataDir,
    packsDir: SHIPPED_PACKS_DIR,
    packs: ['base', 'demo'],
    embeddedPgPort: await freePort(),
    adminPassword: PASSWORD,
  });
  const app = await buildApp(engine);
  return {
    engine,
    app,
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${portOf(app.server)}`;
      const login = await fetch(`${base}/mvc/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      });
      return { base, headers: { cookie: (login.headers.get('set-cookie') ?? '').split(';')[0] } };
    },
    async close() {
      await app.close();
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
