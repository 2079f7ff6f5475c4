// The session timer (spec 4 "Session"): every successful response refreshes it; the expiry is the
// SessionLifetime cookie's minutes plus 5 s, and the check runs 10 s after the expiry, so a reply
// that lands just before the server forgets the session still counts.
export const SESSION_COOKIE = 'SessionLifetime';
export const EXPIRY_GRACE_MS = 5_000;
export const CHECK_DELAY_MS = 10_000;

/** The session lifetime in minutes from the document's cookies, or null when absent or unreadable. */
export function readSessionLifetime(cookie: string): number | null {
  const raw = cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1);
  const minutes = Number(decodeURIComponent(raw ?? ''));
  return raw && Number.isFinite(minutes) && minutes > 0 ? minutes : null;
}

/** The moment a session refreshed at `now` expires. */
export function sessionExpiry(now: number, lifetimeMinutes: number): number {
  return now + lifetimeMinutes * 60_000 + EXPIRY_GRACE_MS;
}

/** The moment the expiry is checked. */
export function checkTime(expiry: number): number {
  return expiry + CHECK_DELAY_MS;
}

export function isExpired(now: number, expiry: number | null): boolean {
  return expiry !== null && now >= expiry;
}

export interface SessionTimerOptions {
  /** Minutes from the SessionLifetime cookie; null means no session timing (no cookie). */
  lifetime: () => number | null;
  /** Whether a user is logged in; the timer only runs for a logged-in user. */
  active: () => boolean;
  onExpired: () => void;
  now?: () => number;
}

export interface SessionTimer {
  refresh(): void;
  stop(): void;
  /** The current expiry, or null while no timer runs. */
  expiry(): number | null;
}

export function createSessionTimer({ lifetime, active, onExpired, now = Date.now }: SessionTimerOptions): SessionTimer {
  let expiry: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
    expiry = null;
  };

  const check = () => {
    timer = undefined;
    if (!active()) return stop();
    if (isExpired(now(), expiry)) {
      stop();
      onExpired();
    }
  };

  const refresh = () => {
    const minutes = lifetime();
    if (!active() || minutes === null) return stop();
    expiry = sessionExpiry(now(), minutes);
    clearTimeout(timer);
    timer = setTimeout(check, checkTime(expiry) - now());
  };

  return { refresh, stop, expiry: () => expiry };
}
