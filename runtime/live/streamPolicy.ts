// Whether this page may hold a server-sent stream (spec 1 section 4: a stream over HTTP/2,
// otherwise polling). Over HTTP/2 or later a stream shares the page's one connection. Over
// HTTP/1.1 every stream holds one of the browser's six connections to the server, so only one tab
// of the browser streams at a time: the holder of a Web Lock. The other tabs poll, and take the
// stream over when the holder closes.

/** The protocol the page itself came over ('h2', 'h3', 'http/1.1'; '' when the browser does not say). */
export function pageProtocol(): string {
  const entry = globalThis.performance?.getEntriesByType?.('navigation')[0] as { nextHopProtocol?: string } | undefined;
  return entry?.nextHopProtocol ?? '';
}

export const isMultiplexed = (protocol: string) => /^h[23]/i.test(protocol);

export const STREAM_LOCK = 'liveevents-stream';

export interface StreamPolicy {
  /** Whether the page may open a stream now. */
  allowed(): boolean;
  release(): void;
}

/** A page of a browser without EventSource never streams; with Web Locks one tab per browser does on HTTP/1.1. */
export function streamPolicy(onAllowed: () => void): StreamPolicy {
  if (typeof EventSource === 'undefined') return { allowed: () => false, release() {} };
  const locks = globalThis.navigator?.locks;
  if (isMultiplexed(pageProtocol()) || !locks) return { allowed: () => true, release() {} };
  let held = false;
  let free: (() => void) | null = null;
  const abort = new AbortController();
  locks
    .request(STREAM_LOCK, { signal: abort.signal }, () => {
      held = true;
      onAllowed();
      // Held until this page signs out or closes.
      return new Promise<void>((resolve) => {
        free = resolve;
      });
    })
    .catch(() => {
      /* aborted: the page signed out first */
    });
  return {
    allowed: () => held,
    release() {
      held = false;
      abort.abort();
      free?.();
    },
  };
}
