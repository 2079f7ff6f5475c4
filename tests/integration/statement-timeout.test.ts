// A request that asks the database for too much is stopped by the statement timeout: it answers
// 503 with a clear, retryable message, and the connections it held are free at once for others.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authHeaders, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { statementTimeoutMs: 300 } });
  // Filled outside the server's pool, whose statements may not run this long.
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  await client.query(`INSERT INTO products (id, descr, createdby, modifiedby)
    SELECT 'P' || i, 'Artikel nummer ' || i, 'test', 'test' FROM generate_series(1, 300000) AS i`);
  await client.query('ANALYZE products');
  await client.end();
});
afterAll(async () => {
  await server?.close();
});

it('stops a query that runs too long with 503, and the pool serves the next call', async () => {
  // 100 conditions that no index can answer, on every one of 300,000 rows, many times over the limit.
  const operatorFilter = Array.from({ length: 100 }, (_, i) => ({
    FieldName: 'Descr',
    Operator: 'notcontains',
    Value: `zz${i}q`,
  }));
  const heavy = () =>
    server.app.inject({
      method: 'POST',
      url: '/mvc/products/GetFlexData',
      headers: authHeaders(server.app),
      payload: { operatorFilter, order: 'Descr desc', dataSource: 2 },
    });
  const answers = await Promise.all(Array.from({ length: 30 }, heavy));
  for (const res of answers) {
    expect(res.statusCode).toBe(503);
    expect(JSON.parse(res.body)).toMatchObject({ Retryable: true });
    expect(JSON.parse(res.body).Error).toMatch(/duurde te lang/);
  }
  const item = await server.app.inject({
    method: 'POST',
    url: '/mvc/products/GetItem',
    headers: authHeaders(server.app),
    payload: { autoid: 1 },
  });
  expect(item.statusCode).toBe(200);
  expect(server.engine.pool.waitingCount).toBe(0);
}, 120_000);
