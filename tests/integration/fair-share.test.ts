// One user's many parallel calls take their turns instead of the whole server: with one call at
// a time per user, a burst is answered in full (the queue), a burst beyond the queue is refused
// with 429, and another user is served meanwhile.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authHeaders, post, signIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { userConcurrency: 1 } });
});
afterAll(async () => {
  await server?.close();
});

const grid = (headers: Record<string, string>) =>
  server.app.inject({ method: 'POST', url: '/mvc/products/GetFlexData', headers, payload: {} });

it('answers a burst of one user in turns, and refuses what is beyond the queue with 429', async () => {
  const some = await Promise.all(Array.from({ length: 20 }, () => grid(authHeaders(server.app))));
  expect(some.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
  const flood = await Promise.all(Array.from({ length: 300 }, () => grid(authHeaders(server.app))));
  const refused = flood.filter((r) => r.statusCode === 429);
  expect(refused.length).toBeGreaterThan(0);
  expect(flood.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
  expect(JSON.parse(refused[0].body)).toMatchObject({ Retryable: true });
  // Every place was given back: the user is served at once afterwards.
  expect((await grid(authHeaders(server.app))).statusCode).toBe(200);
});

it("another user is not held up by one user's queue", async () => {
  await post(server.app, '/mvc/users/save', {
    Username: 'other',
    Password: 'Other-pass-1',
    PasswordRetype: 'Other-pass-1',
  });
  const other = await signIn(server.app, 'other', 'Other-pass-1');
  let finished = 0;
  const burst = Array.from({ length: 50 }, () =>
    grid(authHeaders(server.app)).then((r) => {
      finished++;
      return r;
    }),
  );
  const mine = await server.app.inject({ method: 'GET', url: '/mvc/user/getcurrentuser', headers: { cookie: other } });
  expect(mine.statusCode).toBe(200);
  // Answered while the first user's calls were still taking their turns.
  expect(finished).toBeLessThan(50);
  const done = await Promise.all(burst);
  expect(done.every((r) => r.statusCode === 200)).toBe(true);
});
