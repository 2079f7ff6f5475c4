// A call the server answers as retryable (503 or 429 with Retryable: nothing was done) is tried
// again after the server's Retry-After, a few times; any other failure is answered at once.
import { afterEach, expect, it, vi } from 'vitest';
import { CallFailed, RETRIES, createClient } from '../../runtime/api/index.ts';

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const unavailable = () =>
  answer(503, { Error: 'De database is tijdelijk niet bereikbaar.', Retryable: true }, { 'retry-after': '5' });

it('tries a retryable call again after Retry-After and answers its result', async () => {
  const replies = [unavailable(), answer(200, { Data: [] })];
  const fetch = vi.fn(async () => replies.shift()!);
  vi.stubGlobal('fetch', fetch);
  const waits: number[] = [];
  const client = createClient('/', {}, async (ms) => {
    waits.push(ms);
  });
  expect(await client.getItem('costcodes', 1)).toEqual({ Data: [] });
  expect(fetch).toHaveBeenCalledTimes(2);
  expect(waits).toEqual([5000]);
});

it("gives up after a few tries with the server's message", async () => {
  const fetch = vi.fn(async () => unavailable());
  vi.stubGlobal('fetch', fetch);
  const client = createClient('/', {}, async () => {});
  await expect(client.getItem('costcodes', 1)).rejects.toThrow(CallFailed);
  expect(fetch).toHaveBeenCalledTimes(RETRIES + 1);
});

it('does not repeat a refusal that is not retryable', async () => {
  const fetch = vi.fn(async () => answer(503, { Error: 'kapot' }));
  vi.stubGlobal('fetch', fetch);
  await expect(createClient('/', {}, async () => {}).getItem('costcodes', 1)).rejects.toThrow('kapot');
  expect(fetch).toHaveBeenCalledTimes(1);
});
