// Whether a page may hold a live-event stream (spec 1 section 4: a stream over HTTP/2, else
// polling): never without EventSource; always over HTTP/2 or later, where a stream shares the
// connection; over HTTP/1.1 one tab per browser, the holder of a Web Lock, while the others poll.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isMultiplexed, STREAM_LOCK, streamPolicy } from '../../runtime/live/streamPolicy.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the stream policy', () => {
  it('knows which protocols share one connection', () => {
    expect(isMultiplexed('h2')).toBe(true);
    expect(isMultiplexed('h3')).toBe(true);
    expect(isMultiplexed('http/1.1')).toBe(false);
    expect(isMultiplexed('')).toBe(false);
  });

  it('never streams without EventSource', () => {
    vi.stubGlobal('EventSource', undefined);
    expect(streamPolicy(() => {}).allowed()).toBe(false);
  });

  it('streams over HTTP/2 at once', () => {
    vi.stubGlobal('EventSource', class {});
    vi.stubGlobal('performance', { getEntriesByType: () => [{ nextHopProtocol: 'h2' }] });
    expect(streamPolicy(() => {}).allowed()).toBe(true);
  });

  it('over HTTP/1.1 streams once it holds the lock, and gives it back on release', async () => {
    vi.stubGlobal('EventSource', class {});
    vi.stubGlobal('performance', { getEntriesByType: () => [{ nextHopProtocol: 'http/1.1' }] });
    let grant: (() => Promise<void>) | null = null;
    let released = false;
    const request = vi.fn((name: string, _options: unknown, callback: () => Promise<void>) => {
      expect(name).toBe(STREAM_LOCK);
      grant = callback;
      return Promise.resolve();
    });
    vi.stubGlobal('navigator', { locks: { request } });
    const onAllowed = vi.fn();
    const policy = streamPolicy(onAllowed);
    expect(policy.allowed()).toBe(false);
    // Another tab gives the stream up: this one gets the lock.
    const held = grant!().then(() => {
      released = true;
    });
    expect(policy.allowed()).toBe(true);
    expect(onAllowed).toHaveBeenCalledOnce();
    policy.release();
    await held;
    expect(released).toBe(true);
    expect(policy.allowed()).toBe(false);
  });
});
