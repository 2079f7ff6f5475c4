// The one clock: "today" and "now" read in the installation's time zone (TIME_ZONE), else the
// process's own, the same in data sets, rules and actions. The clock is pinned to instants where
// zones disagree on the date: New Year's Eve late in the evening in UTC, and a summer-time change.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { evaluateRule, isTimeZone, now, setTimeZone, timeZone, today } from '../../definitions/language/index.ts';
import { dataSetValue } from '../../server/data/filters.ts';
import { changesOf } from '../../server/business/prompts.ts';
import { SYSTEM_PRINCIPAL } from '../../server/security/principal.ts';
import { configFromEnv } from '../../server/config.ts';

const at = (iso: string) => vi.setSystemTime(new Date(iso));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  setTimeZone(undefined);
  vi.useRealTimers();
});

describe('the clock', () => {
  it('reads the date and time of a given zone, not of UTC', () => {
    at('2026-12-31T23:30:00Z');
    expect(today(0, 'UTC')).toBe('2026-12-31');
    expect(today(0, 'Europe/Amsterdam')).toBe('2027-01-01');
    expect(today(0, 'America/New_York')).toBe('2026-12-31');
    expect(now('Europe/Amsterdam')).toBe('2027-01-01T00:30');
    expect(now('America/New_York')).toBe('2026-12-31T18:30');
    expect(now('Asia/Kolkata')).toBe('2027-01-01T05:00');
  });

  it('moves today by whole days across month and year ends', () => {
    at('2026-12-31T23:30:00Z');
    expect(today(1, 'Europe/Amsterdam')).toBe('2027-01-02');
    expect(today(-1, 'Europe/Amsterdam')).toBe('2026-12-31');
    expect(today(-366, 'UTC')).toBe('2025-12-30');
    expect(today(60, 'UTC')).toBe('2027-03-01');
  });

  it('follows summer time: the hour after the change is two hours past UTC in Amsterdam', () => {
    at('2026-03-29T00:59:00Z');
    expect(now('Europe/Amsterdam')).toBe('2026-03-29T01:59');
    at('2026-03-29T01:00:00Z');
    expect(now('Europe/Amsterdam')).toBe('2026-03-29T03:00');
  });

  it('uses the installation zone once set, and the process zone without one', () => {
    at('2026-12-31T23:30:00Z');
    setTimeZone('Europe/Amsterdam');
    expect(timeZone()).toBe('Europe/Amsterdam');
    expect([today(), now()]).toEqual(['2027-01-01', '2027-01-01T00:30']);
    setTimeZone('America/New_York');
    expect([today(), now()]).toEqual(['2026-12-31', '2026-12-31T18:30']);
    setTimeZone(undefined);
    const local = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(today()).toBe(`${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`);
    expect(now()).toBe(`${today()}T${pad(local.getHours())}:${pad(local.getMinutes())}`);
    expect(timeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('refuses a zone it does not know, in code and as TIME_ZONE', () => {
    expect(isTimeZone('Europe/Amsterdam')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(() => setTimeZone('Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => configFromEnv({ TIME_ZONE: 'Mars/Olympus_Mons' })).toThrow(/TIME_ZONE/);
    expect(configFromEnv({ TIME_ZONE: ' Europe/Amsterdam ' }).timeZone).toBe('Europe/Amsterdam');
    expect(configFromEnv({}).timeZone).toBeUndefined();
  });
});

describe('today and now where they are used', () => {
  beforeEach(() => {
    at('2026-12-31T23:30:00Z');
    setTimeZone('Europe/Amsterdam');
  });

  it('fills $today in a data set with the installation date', () => {
    const who = { userId: 7, username: 'ulla' };
    expect(dataSetValue('$today', who)).toBe('2027-01-01');
    expect(dataSetValue('$today-1', who)).toBe('2026-12-31');
    expect(dataSetValue('$today+30', who)).toBe('2027-01-31');
  });

  it('compares with the installation date in a rule', () => {
    expect(evaluateRule({ '==': [{ var: 'Date' }, { today: [] }] }, { Date: '2027-01-01' })).toBe(true);
    expect(evaluateRule({ '==': [{ var: 'Date' }, { today: [-1] }] }, { Date: '2026-12-31' })).toBe(true);
    expect(evaluateRule({ '==': [{ var: 'Date' }, { today: ['x'] }] }, { Date: '2027-01-01' })).toBe(true);
  });

  it('stamps $now and $today of an action with the installation clock', () => {
    expect(changesOf({ DoneAt: '$now', DoneOn: '$today' }, {}, SYSTEM_PRINCIPAL)).toEqual({
      DoneAt: '2027-01-01T00:30',
      DoneOn: '2027-01-01',
    });
  });
});
