// The client tells the live-event channel of this page's writes: when each starts, and which
// records it wrote when it answers (a save's AutoID, a delete's, a batch's successes; none when
// it failed), so their events are not taken for someone else's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, type WriteObserver } from '../../runtime/api/client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(answer: Response) {
  const log: string[] = [];
  const writes: WriteObserver = {
    begin: (c) => log.push(`begin ${c}`),
    end: (c, ids) => log.push(`end ${c} ${ids.join(',')}`),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      log.push('fetch');
      return answer;
    }),
  );
  return { client: createClient('/', { writes }), log };
}

afterEach(() => vi.unstubAllGlobals());

describe('writes', () => {
  it('a save starts before it is sent and names the saved record when it answers', async () => {
    const { client, log } = setup(json(200, { AutoID: 41, Descr: 'x' }));
    await client.save('relations', { AutoID: 0, Descr: 'x' });
    expect(log).toEqual(['begin relations', 'fetch', 'end relations 41']);
  });

  it('a delete names its record', async () => {
    const { client, log } = setup(json(200, {}));
    await client.remove('relations', 9);
    expect(log.at(-1)).toBe('end relations 9');
  });

  it('a batch names the records it changed', async () => {
    const { client, log } = setup(
      json(200, {
        Results: [1, 2, 3].map((AutoID) => ({
          AutoID,
          ID: null,
          Description: null,
          Result: AutoID === 2 ? 'FAILED' : 'SUCCESS',
          Error: null,
          Key: null,
          Args: [],
        })),
        Succeeded: 2,
        Failed: 1,
        Ignored: 0,
      }),
    );
    await client.changeStatus('persons', { autoids: [1, 2, 3], Transition: 'leave' });
    expect(log.at(-1)).toBe('end persons 1,3');
  });

  it('a failed write ends without records', async () => {
    const { client, log } = setup(
      json(400, { Error: 'fout', ModelState: {}, TranslationModelState: { ModelState: {} } }),
    );
    await expect(client.save('relations', { AutoID: 5 })).rejects.toThrow('fout');
    expect(log).toEqual(['begin relations', 'fetch', 'end relations ']);
  });
});
