// The server's log kept in a table: the lines of a request name its request id and, once signed
// in, its user; they are inserted in batches (one statement for hundreds of lines), and read in
// the Logs grid only with its right.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { LogSink } from '../../server/db/log-sink.ts';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let logged: FastifyInstance;
let sink: LogSink;
let statements = 0;
const out: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const counted = {
    query: (text: string, values?: unknown[]) => {
      statements++;
      return server.engine.pool.query(text, values);
    },
  };
  const stream = new Writable({
    write(chunk, _encoding, done) {
      out.push(String(chunk));
      done();
    },
  });
  sink = new LogSink(counted, stream, { retentionDays: 14, table: 'serverlogs', flushMs: 60_000 });
  logged = await buildApp(server.engine, { logger: { stream: sink } });
});
afterAll(async () => {
  await logged?.close();
  await server?.close();
});

it("a request's lines are kept with their request id and user, written out as well", async () => {
  const cookie = await signIn(logged);
  const res = await logged.inject({
    method: 'POST',
    url: '/mvc/products/GetFlexData',
    payload: {},
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  await sink.flush();
  expect(out.some((line) => line.includes('"request completed"'))).toBe(true);
  const grid = await post(server.app, '/mvc/serverlogs/GetFlexData', { pageSize: 100 });
  expect(grid.status).toBe(200);
  const rows: Record<string, unknown>[] = grid.body.Data;
  const done = rows.find((r) => r.Message === 'request completed' && r.Username === 'admin');
  expect(done).toMatchObject({ Level: '30', Area: 'http' });
  expect(String(done?.RequestID)).toMatch(/^req-/);
  expect(String(done?.Details)).toMatch(/statusCode/);
  // The same request's incoming line has its id too.
  expect(rows.some((r) => r.RequestID === done?.RequestID && r.Message === 'incoming request')).toBe(true);
});

it('hundreds of lines go in as one statement', async () => {
  await sink.flush();
  const before = statements;
  for (let i = 0; i < 300; i++)
    sink.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: `batched ${i}`, area: 'test' })}\n`);
  expect(statements).toBe(before);
  await sink.flush();
  // One insert (and, at most hourly, one delete of lines past their retention).
  expect(statements - before).toBe(1);
  const grid = await post(server.app, '/mvc/serverlogs/GetFlexData', {
    pageSize: 10,
    operatorFilter: [{ FieldName: 'Area', Operator: '=', Value: 'test' }],
  });
  expect(grid.body.Meta.Count).toBe(300);
});

it('the log is read only with its right, and no one changes it', async () => {
  await post(server.app, '/mvc/users/save', {
    Username: 'nolog',
    Password: 'No-log-pass-1',
    PasswordRetype: 'No-log-pass-1',
  });
  const cookie = await signIn(server.app, 'nolog', 'No-log-pass-1');
  const res = await server.app.inject({
    method: 'POST',
    url: '/mvc/serverlogs/GetFlexData',
    payload: {},
    headers: { cookie },
  });
  expect(res.statusCode).toBe(403);
  const any = (await post(server.app, '/mvc/serverlogs/GetFlexData', { pageSize: 1 })).body.Data[0];
  expect((await post(server.app, '/mvc/serverlogs/delete', { autoid: any.AutoID })).status).toBeGreaterThanOrEqual(400);
});
