// The database goes away and comes back: calls answer 503 with a retryable code instead of
// 500, readiness (/health) says so while liveness (/health/live) does not, and once the database
// is back every call works again without a restart, live events and background jobs included.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type Socket } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded.ts';
import { databaseFailure } from '../../server/db/failures.ts';
import { createPool } from '../../server/db/pool.ts';
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
  const before = (
    await app.inject({ method: 'POST', url: '/mvc/liveevents/poll', headers: { cookie }, payload: {} })
  ).json().LastReceived;

  await db.stop();
  for (const res of [
    await grid(),
    await app.inject({
      method: 'POST',
      url: '/mvc/account/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    }),
  ]) {
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
  // The pool tries again within its reconnect wait (at most 2.5 s), not at every call.
  let ready = 503;
  for (let waited = 0; ready !== 200 && waited < 15_000; waited += 100) {
    ready = (await app.inject({ method: 'GET', url: '/health' })).statusCode;
    if (ready !== 200) await new Promise((r) => setTimeout(r, 100));
  }
  expect(ready).toBe(200);
  // The notification connection comes back by itself, so caches are trusted again.
  for (let waited = 0; !engine.notifications.connected && waited < 15_000; waited += 100)
    await new Promise((r) => setTimeout(r, 100));
  expect(engine.notifications.connected).toBe(true);
  expect((await grid()).statusCode).toBe(200);

  // Live events and background jobs come back too: a position taken before the outage still
  // reads what is committed after it, and a job queued now runs.
  const post = (url: string, payload: unknown) =>
    app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });
  const saved = (await post('/mvc/countries/save', { ID: 'OU', Descr: 'Na de storing' })).json();
  const events = (await post('/mvc/liveevents/poll', { LastReceived: before })).json();
  expect(events.Events.map((e: { EventData: { AutoID: number } }) => e.EventData.AutoID)).toContain(saved.AutoID);
  const task = (await post('/mvc/scheduledtasks/GetFlexData', { searchExpressions: 'sessions' })).json().Data[0];
  expect(
    (await post('/mvc/scheduledtasks/RunAction', { Action: 'runNow', autoids: [task.AutoID] })).json().Succeeded,
  ).toBe(1);
  for (let waited = 0; waited < 30_000; waited += 200) {
    if ((await post('/mvc/scheduledtasks/GetItem', { autoid: task.AutoID })).json().LastState === '2') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  expect((await post('/mvc/scheduledtasks/GetItem', { autoid: task.AutoID })).json().LastState).toBe('2');
  await app.close();
}, 120_000);

it('holds reconnects back while the database is down: one attempt at a time, not one per call', async () => {
  const port = await freePort();
  const pool = createPool(`postgres://nobody:nothing@127.0.0.1:${port}/none`, 20, {
    statementTimeoutMs: 1000,
    connectTimeoutMs: 2000,
  });
  // Nothing listens: the first connect is refused, and the database counts as down.
  await expect(pool.query('SELECT 1')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  // Now something takes every connection on the port and never answers: each reconnect shows.
  const sockets = new Set<Socket>();
  const listener = createServer((socket) => {
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => listener.listen(port, '127.0.0.1', resolve));
  try {
    const calls = await Promise.allSettled(Array.from({ length: 50 }, () => pool.query('SELECT 1')));
    // Every call is told the database is unavailable; without the hold, 20 connections (the pool's size) would knock.
    expect(calls.map((c) => c.status === 'rejected' && databaseFailure(c.reason))).toEqual(
      Array(50).fill('unavailable'),
    );
    expect(sockets.size).toBeLessThanOrEqual(1);
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => listener.close(resolve));
    await pool.end();
  }
});
