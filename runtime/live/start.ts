// The page's one live-event channel, started when a user is signed in and stopped when they sign
// out (or the session ends). It wires the channel to the browser: EventSource for the stream, the
// API client for polling, and the client's writes to the own-writes register.
import { api, apiHooks } from '../api/index.ts';
import { createEventChannel, type EventChannel } from './channel.ts';
import { createDispatcher, type LiveHandlers } from './dispatch.ts';
import { jobs } from './jobs.ts';
import { createOwnWrites } from './ownWrites.ts';
import { streamPolicy, type StreamPolicy } from './streamPolicy.ts';

const STREAM_PATH = '/mvc/liveevents/stream';

let channel: EventChannel | null = null;
let policy: StreamPolicy | null = null;

export function startLive(handlers: LiveHandlers): void {
  stopLive();
  const own = createOwnWrites();
  apiHooks.writes = { begin: (table) => own.begin(table), end: (table, autoids) => own.end(table, autoids) };
  policy = streamPolicy(() => channel?.streamReady());
  const allowed = policy;
  channel = createEventChannel({
    canStream: () => allowed.allowed(),
    openStream: (lastReceived) =>
      new EventSource(lastReceived ? `${STREAM_PATH}?LastReceived=${encodeURIComponent(lastReceived)}` : STREAM_PATH),
    poll: (lastReceived) => api.livePoll(lastReceived),
    onMessage: createDispatcher(own, handlers),
  });
  void channel.start();
}

export function stopLive(): void {
  channel?.stop();
  channel = null;
  policy?.release();
  policy = null;
  apiHooks.writes = undefined;
  // The notices were the signed-out user's.
  jobs.list.splice(0);
}

/** How the channel is doing (tests, diagnostics). */
export function liveState() {
  return channel?.state() ?? null;
}
