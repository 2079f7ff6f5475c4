// The live-event channel (spec 1 sections 4 and 9): a stream where the page may hold one, else
// polling every 30,000 ms that stops after an error or after more than 10 polls; the last
// received position is kept across reconnects and the switch between the two. Fakes stand in
// for EventSource, the polling call and the clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createEventChannel,
  MAX_POLLS,
  POLL_INTERVAL_MS,
  RECONNECT_MS,
  type ChannelDeps,
  type StreamLike,
} from '../../runtime/live/channel.ts';
import type { LiveMessage } from '../../runtime/live/events.ts';

class FakeStream implements StreamLike {
  onopen: StreamLike['onopen'] = null;
  onmessage: StreamLike['onmessage'] = null;
  onerror: StreamLike['onerror'] = null;
  closed = false;
  constructor(readonly from: string) {}
  open() {
    this.onopen?.(new Event('open'));
  }
  send(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent);
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  close() {
    this.closed = true;
  }
}

const event = (n: number, type = 'RecordChanged'): LiveMessage => ({
  EventType: type,
  EventData: { Table: 'relations', AutoID: n, Action: 'updated' },
  LastReceived: String(100 + n),
});

function setup(options: { canStream?: boolean; poll?: ChannelDeps['poll'] } = {}) {
  const streams: FakeStream[] = [];
  const received: LiveMessage[] = [];
  const polls: (string | null)[] = [];
  const logged: string[] = [];
  let canStream = options.canStream ?? true;
  const poll: ChannelDeps['poll'] = options.poll ?? (async (last) => ({ Events: [], LastReceived: last ?? '100' }));
  const channel = createEventChannel({
    canStream: () => canStream,
    openStream: (from) => {
      const s = new FakeStream(from);
      streams.push(s);
      return s;
    },
    poll: (last) => {
      polls.push(last);
      return poll(last);
    },
    onMessage: (m) => received.push(m),
    log: (text) => logged.push(text),
  });
  return {
    channel,
    streams,
    received,
    polls,
    logged,
    allowStream: (v: boolean) => {
      canStream = v;
    },
  };
}

/** Lets promise callbacks (a poll's answer) run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the constants of spec 1 section 9', () => {
  it('poll every 30,000 ms and stop after more than 10 polls', () => {
    expect(POLL_INTERVAL_MS).toBe(30_000);
    expect(MAX_POLLS).toBe(10);
  });
});

describe('streaming', () => {
  it('learns the current position first, then opens the stream after it', async () => {
    const { channel, streams, polls } = setup();
    await channel.start();
    expect(polls).toEqual([null]);
    expect(streams.map((s) => s.from)).toEqual(['100']);
    expect(channel.state().mode).toBe('stream');
  });

  it('delivers each message and keeps its LastReceived', async () => {
    const { channel, streams, received } = setup();
    await channel.start();
    streams[0].open();
    streams[0].send(event(1));
    streams[0].send(event(2));
    expect(received.map((m) => m.EventData.AutoID)).toEqual([1, 2]);
    expect(channel.state().lastReceived).toBe('102');
  });

  it('logs a message it cannot read and goes on', async () => {
    const { channel, streams, received, logged } = setup();
    await channel.start();
    streams[0].open();
    streams[0].send('{not json');
    streams[0].send({ EventType: 'RecordChanged' });
    streams[0].send(event(3));
    expect(logged).toEqual(['Live event could not be read', 'Live event could not be read']);
    expect(received).toHaveLength(1);
    expect(channel.state().lastReceived).toBe('103');
  });

  it('reopens a stream that broke after it was open, from the last received position, after 3 s', async () => {
    const { channel, streams } = setup();
    await channel.start();
    streams[0].open();
    streams[0].send(event(5));
    streams[0].fail();
    expect(streams[0].closed).toBe(true);
    vi.advanceTimersByTime(RECONNECT_MS - 1);
    expect(streams).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(streams.map((s) => s.from)).toEqual(['100', '105']);
    expect(channel.state().mode).toBe('stream');
  });
});

describe('falling back to polling', () => {
  it('polls when the page may not stream, every 30,000 ms, from the position it keeps', async () => {
    let n = 0;
    const { channel, streams, polls, received } = setup({
      canStream: false,
      poll: async (last) =>
        last === null ? { Events: [], LastReceived: '100' } : { Events: [event(++n)], LastReceived: String(100 + n) },
    });
    await channel.start();
    expect(streams).toHaveLength(0);
    expect(channel.state().mode).toBe('poll');
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(polls).toEqual([null]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(polls).toEqual([null, '100', '101']);
    expect(received.map((m) => m.EventData.AutoID)).toEqual([1, 2]);
    expect(channel.state().lastReceived).toBe('102');
  });

  it('polls when the stream is refused before it opens, and does not try the stream again', async () => {
    const { channel, streams, polls } = setup();
    await channel.start();
    streams[0].fail();
    expect(channel.state().mode).toBe('poll');
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(polls).toEqual([null, '100']);
    channel.streamReady();
    expect(streams).toHaveLength(1);
  });

  it('stops after more than 10 polls', async () => {
    const { channel, polls } = setup({ canStream: false });
    await channel.start();
    for (let i = 0; i < MAX_POLLS; i++) await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(channel.state()).toMatchObject({ mode: 'poll', polls: 10 });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(channel.state()).toMatchObject({ mode: 'stopped', stopReason: 'polls', polls: 11 });
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    // The position call, then eleven polls: none after.
    expect(polls).toHaveLength(12);
  });

  it('stops after a poll fails', async () => {
    let calls = 0;
    const { channel, polls, logged } = setup({
      canStream: false,
      poll: async () => {
        if (++calls === 3) throw new Error('503');
        return { Events: [], LastReceived: '100' };
      },
    });
    await channel.start();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(channel.state()).toMatchObject({ mode: 'stopped', stopReason: 'error' });
    await vi.advanceTimersByTimeAsync(5 * POLL_INTERVAL_MS);
    expect(polls).toHaveLength(3);
    expect(logged).toContain('Polling for live events failed; it stops');
  });

  it('stops at once when even the position cannot be had', async () => {
    const { channel, streams } = setup({
      poll: async () => {
        throw new Error('403');
      },
    });
    await channel.start();
    expect(channel.state()).toMatchObject({ mode: 'stopped', stopReason: 'error' });
    expect(streams).toHaveLength(0);
  });

  it('a stream that fails to reopen falls back to polling from the position it kept', async () => {
    const { channel, streams, polls } = setup();
    await channel.start();
    streams[0].open();
    streams[0].send(event(7));
    streams[0].fail();
    vi.advanceTimersByTime(RECONNECT_MS);
    streams[1].fail();
    expect(channel.state().mode).toBe('poll');
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(polls).toEqual([null, '107']);
  });
});

describe('taking the stream over', () => {
  it('leaves polling for the stream when the page may hold one, from the kept position', async () => {
    const { channel, streams, polls, allowStream } = setup({
      canStream: false,
      poll: async (last) => ({ Events: [], LastReceived: last ?? '100' }),
    });
    await channel.start();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    allowStream(true);
    channel.streamReady();
    expect(streams.map((s) => s.from)).toEqual(['100']);
    expect(channel.state().mode).toBe('stream');
    await vi.advanceTimersByTimeAsync(3 * POLL_INTERVAL_MS);
    expect(polls).toEqual([null, '100']);
  });

  it('takes the stream after polling ended (more than 10 polls), not after an error', async () => {
    const done = setup({ canStream: false });
    await done.channel.start();
    await vi.advanceTimersByTimeAsync((MAX_POLLS + 1) * POLL_INTERVAL_MS);
    expect(done.channel.state().stopReason).toBe('polls');
    done.allowStream(true);
    done.channel.streamReady();
    expect(done.channel.state().mode).toBe('stream');

    const failed = setup({
      canStream: false,
      poll: async (last) => {
        if (last !== null) throw new Error('x');
        return { Events: [], LastReceived: '1' };
      },
    });
    await failed.channel.start();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    failed.allowStream(true);
    failed.channel.streamReady();
    expect(failed.channel.state()).toMatchObject({ mode: 'stopped', stopReason: 'error' });
    expect(failed.streams).toHaveLength(0);
  });
});

describe('stopping', () => {
  it('closes the stream and cancels what is scheduled', async () => {
    const { channel, streams } = setup();
    await channel.start();
    streams[0].open();
    streams[0].fail();
    channel.stop();
    vi.advanceTimersByTime(10 * RECONNECT_MS);
    expect(streams).toHaveLength(1);
    expect(channel.state()).toMatchObject({ mode: 'stopped', stopReason: 'stopped' });
  });

  it('a handler may stop the channel (the session ended); what follows is not delivered', async () => {
    const received: string[] = [];
    let stop = () => {};
    const channel = createEventChannel({
      canStream: () => false,
      openStream: () => {
        throw new Error('no stream');
      },
      poll: async (last) =>
        last === null
          ? { Events: [], LastReceived: '1' }
          : { Events: [event(1, 'SessionEnded'), event(2)], LastReceived: '3' },
      onMessage: (m) => {
        received.push(m.EventType);
        if (m.EventType === 'SessionEnded') stop();
      },
    });
    stop = channel.stop;
    await channel.start();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(received).toEqual(['SessionEnded']);
    expect(channel.state().mode).toBe('stopped');
    await settle();
  });
});
