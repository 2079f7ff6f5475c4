// The live-event channel of one signed-in page (spec 1 sections 4 and 9): a server-sent stream
// where the page may hold one, else polling every 30,000 ms, which stops after an error or after
// more than 10 polls. It keeps the last received position (LastReceived) across reconnects and
// the switch between the two, so no event is lost or told twice.
//
// The channel reconnects a broken stream itself, from its own position, instead of leaving it to
// the browser: a browser's reconnect repeats the stream's first address, and the position in it
// would be stale by then. A stream that never opens (refused: too many streams, no session) is
// not tried again; the channel polls instead. Pure of the browser: the stream, the polling call
// and the timers are handed in, so the flow is tested with fakes.
import { parseMessage, type LiveMessage } from './events.ts';

/** Spec 1 section 9: the polling interval, and polling stops after more than this many polls. */
export const POLL_INTERVAL_MS = 30_000;
export const MAX_POLLS = 10;
/** The wait before a stream that was open and broke is opened again (the server's retry hint). */
export const RECONNECT_MS = 3_000;

/** What the channel needs of an EventSource. */
export interface StreamLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface ChannelDeps {
  /** Whether this page may hold a stream now (a browser with EventSource that may use a connection for it). */
  canStream: () => boolean;
  /** Opens the stream after a position. */
  openStream: (lastReceived: string) => StreamLike;
  /** The polling call; without a position it answers none and the current position. */
  poll: (lastReceived: string | null) => Promise<{ Events: LiveMessage[]; LastReceived: string }>;
  onMessage: (message: LiveMessage) => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  log?: (text: string, detail?: unknown) => void;
}

export type ChannelMode = 'idle' | 'starting' | 'stream' | 'poll' | 'stopped';

export interface ChannelState {
  mode: ChannelMode;
  lastReceived: string | null;
  /** Polls made since polling began. */
  polls: number;
  /** Why it stopped, when it did. */
  stopReason: 'error' | 'polls' | 'stopped' | null;
}

export type EventChannel = ReturnType<typeof createEventChannel>;

export function createEventChannel(deps: ChannelDeps) {
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const log = deps.log ?? ((text, detail) => console.warn(text, detail));
  const state: ChannelState = { mode: 'idle', lastReceived: null, polls: 0, stopReason: null };
  let stream: StreamLike | null = null;
  let timer: unknown = null;
  /** The server refused a stream once: this page polls from then on. */
  let refused = false;

  const stopped = () => state.mode === 'stopped';

  function cancelTimer() {
    if (timer !== null) clearTimer(timer);
    timer = null;
  }

  function closeStream() {
    if (!stream) return;
    stream.onopen = stream.onmessage = stream.onerror = null;
    stream.close();
    stream = null;
  }

  function stop(reason: ChannelState['stopReason'] = 'stopped') {
    if (stopped()) return;
    cancelTimer();
    closeStream();
    state.mode = 'stopped';
    state.stopReason = reason;
  }

  function deliver(message: LiveMessage) {
    // The position moves first: a handler may stop the channel (the session ended).
    state.lastReceived = message.LastReceived;
    deps.onMessage(message);
  }

  function receive(data: unknown) {
    let message: LiveMessage | null = null;
    try {
      message = parseMessage(typeof data === 'string' ? JSON.parse(data) : data);
    } catch (error) {
      // Spec 1 section 8: a live event that cannot be read is logged.
      log('Live event could not be read', error);
      return;
    }
    if (message) deliver(message);
    else log('Live event could not be read', data);
  }

  function openStream() {
    cancelTimer();
    closeStream();
    state.mode = 'stream';
    let opened = false;
    const current = deps.openStream(state.lastReceived ?? '');
    stream = current;
    current.onopen = () => {
      opened = true;
    };
    current.onmessage = (event) => receive(event.data);
    current.onerror = () => {
      if (stream !== current) return;
      closeStream();
      if (!opened) {
        refused = true;
        startPolling();
        return;
      }
      timer = setTimer(() => {
        timer = null;
        if (!stopped()) openStream();
      }, RECONNECT_MS);
    };
  }

  async function pollOnce() {
    timer = null;
    state.polls++;
    try {
      const answer = await deps.poll(state.lastReceived);
      if (state.mode !== 'poll') return;
      for (const event of answer.Events) {
        const message = parseMessage(event);
        if (message) deliver(message);
        else log('Live event could not be read', event);
        if (state.mode !== 'poll') return;
      }
      state.lastReceived = answer.LastReceived;
    } catch (error) {
      if (state.mode !== 'poll') return;
      log('Polling for live events failed; it stops', error);
      stop('error');
      return;
    }
    if (state.polls > MAX_POLLS) stop('polls');
    else schedulePoll();
  }

  function schedulePoll() {
    timer = setTimer(() => void pollOnce(), POLL_INTERVAL_MS);
  }

  function startPolling() {
    cancelTimer();
    closeStream();
    state.mode = 'poll';
    state.polls = 0;
    schedulePoll();
  }

  function begin() {
    if (stopped()) return;
    if (!refused && deps.canStream()) openStream();
    else startPolling();
  }

  return {
    /** Learns the current position (unless it has one), then streams or polls. */
    async start(): Promise<void> {
      if (state.mode !== 'idle') return;
      state.mode = 'starting';
      if (state.lastReceived === null) {
        try {
          state.lastReceived = (await deps.poll(null)).LastReceived;
        } catch (error) {
          log('Live events are not available', error);
          stop('error');
          return;
        }
      }
      begin();
    },
    /** The page may hold a stream now (another tab gave it up): leave polling, or its end after 10 polls, for it. */
    streamReady(): void {
      const polling = state.mode === 'poll' || (state.mode === 'stopped' && state.stopReason === 'polls');
      if (!polling || refused || !deps.canStream()) return;
      state.stopReason = null;
      openStream();
    },
    stop: () => stop('stopped'),
    state: (): Readonly<ChannelState> => ({ ...state }),
  };
}
