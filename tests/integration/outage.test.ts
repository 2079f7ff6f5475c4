// The database goes away and comes back: calls answer 503 with a retryable code instead of
// 500, readiness (/health) says so while liveness (/health/live) does not, and once the database
// is back every call works again without a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded.ts';
import { startEngine, type Engine } from '../../server/engine.ts';
import { freePort } from '../free-port.ts';
import { ADMIN_PASSWORD, signIn, testConfig } from './harness.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'engine-outage-'));
let db: EmbeddedDatabase | undefined;
let engine: Engine | undefined;
afterAll(async () => {
  await engine?.close().catch(() => undefined);
  await db?.stop().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

it('answers 503 during an outage, says so on /health, and recovers by itself', async () => {
  const port = await freePort();
  db = await startEmbeddedPostgres(dir, port);
  await db.createDatabase('app');
  engine = await startEngine(testConfig(), { databaseUrl: db.url('app') });
  const app = await buildApp(engine);
  const cookie = await signIn(app, 'admin', ADMIN_PASSWORD);
  const grid = () => app.inject({ method: 'POST', url: '/mvc/products/GetFlexData', headers: { cookie }, payload: {} });
  expect((await grid()).statusCode).toBe(200);

  await db.stop();
  for (const res of [await grid(), await app.inject({ method: 'POST', url: '/mvc/account/login', payload: { username: 'admin', password: ADMIN_PASSWORD } })]) {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(JSON.parse(res.body)).toMatchObject({ Retryable: true, TranslationModelState: { ModelState: {} } });
    expect(JSON.parse(res.body).Error).toMatch(/database is tijdelijk niet bereikbaar/);
  }
  const health = await app.inject({ method: 'GET', url: '/health' });
  expect(health.statusCode).toBe(503);
  expect(JSON.parse(health.body).status).toBe('unavailable');
  expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);

  expect(engine.notifications.connected).toBe(false);
  db = await startEmbeddedPostgres(dir, port);
  expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  // The notification connection comes back by itself, so caches are trusted again.
  for (let waited = 0; !engine.notifications.connected && waited < 15_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  expect(engine.notifications.connected).toBe(true);
  expect((await grid()).statusCode).toBe(200);
  await app.close();
}, 120_000);
