import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkTime, createSessionTimer, readSessionLifetime, sessionExpiry } from '../../runtime/account/session.ts';

describe('session lifetime cookie', () => {
  it('reads the minutes from the SessionLifetime cookie', () => {
    expect(readSessionLifetime('Culture=nl; SessionLifetime=20; other=1')).toBe(20);
  });
  it('is null when the cookie is missing or not a positive number', () => {
    expect(readSessionLifetime('Culture=nl')).toBeNull();
    expect(readSessionLifetime('SessionLifetime=abc')).toBeNull();
    expect(readSessionLifetime('SessionLifetime=0')).toBeNull();
  });
});

describe('session expiry rules', () => {
  it('expires the lifetime plus 5 s after a refresh and is checked 10 s later', () => {
    const expiry = sessionExpiry(1_000_000, 20);
    expect(expiry).toBe(1_000_000 + 20 * 60_000 + 5_000);
    expect(checkTime(expiry)).toBe(expiry + 10_000);
  });
});

describe('session timer', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  const setup = (minutes: number | null = 1, active = true) => {
    const onExpired = vi.fn();
    const timer = createSessionTimer({ lifetime: () => minutes, active: () => active, onExpired });
    return { timer, onExpired };
  };

  it('redirects only when the check runs, at the expiry plus 10 s', () => {
    const { timer, onExpired } = setup(1);
    timer.refresh();
    vi.advanceTimersByTime(60_000 + 5_000 + 10_000 - 1);
    expect(onExpired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('a successful response (refresh) pushes the expiry forward', () => {
    const { timer, onExpired } = setup(1);
    timer.refresh();
    vi.advanceTimersByTime(60_000);
    timer.refresh();
    expect(timer.expiry()).toBe(60_000 + 65_000);
    vi.advanceTimersByTime(60_000);
    expect(onExpired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(15_000);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('does not run without a logged-in user or without a lifetime cookie', () => {
    const loggedOut = setup(1, false);
    loggedOut.timer.refresh();
    const noCookie = setup(null, true);
    noCookie.timer.refresh();
    vi.advanceTimersByTime(10 * 60_000);
    expect(loggedOut.onExpired).not.toHaveBeenCalled();
    expect(noCookie.onExpired).not.toHaveBeenCalled();
    expect(noCookie.timer.expiry()).toBeNull();
  });

  it('stop ends the timer (logout)', () => {
    const { timer, onExpired } = setup(1);
    timer.refresh();
    timer.stop();
    vi.advanceTimersByTime(10 * 60_000);
    expect(onExpired).not.toHaveBeenCalled();
  });
});
