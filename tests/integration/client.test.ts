// The runtime's typed client against a real listening server.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CallFailed, createClient } from '../../runtime/api/client.ts';
import { authHeaders, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let client: ReturnType<typeof createClient>;
beforeAll(async () => {
  server = await startTestServer();
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  client = createClient(`${address}/`, { headers: authHeaders(server.app) });
});
afterAll(async () => {
  await server?.close();
});

it('creates, lists, picks and deletes through the typed client', async () => {
  const nl = (await client.list('mvc/_lists/countries', { searchKey: 'Neder' })).Data[0];
  expect(await client.single('mvc/_lists/countries/single', nl.AutoID)).toEqual(nl);
  const saved = await client.save('products', { ...(await client.getNew('products')), ID: 'C-1', Country: nl.AutoID });
  expect((await client.flexData('products', { searchExpressions: 'C-1' })).Data.map((r) => r.Country_Descr)).toEqual([
    'Nederland',
  ]);
  await client.remove('products', saved.AutoID as number);
  const failure = await client.getItem('products', saved.AutoID as number).catch((e) => e);
  expect(failure).toBeInstanceOf(CallFailed);
  expect(failure.status).toBe(404);
  expect(failure.body.Error).toBe('Het opgevraagde item bestaat niet');
});
