// Time arithmetic of the planning board: views, weekday modes, time steps, columns, and wall time
// against real time in a zone across the daylight-saving changes of Europe/Amsterdam (the last
// Sundays of March and October).
import { describe, expect, it } from 'vitest';
import {
  boardColumns,
  boardDays,
  columnAt,
  instantOf,
  isTimeZone,
  wallIn,
  moveBy,
  realHours,
  shiftView,
  snap,
  viewRange,
  wallMs,
  wallOf,
  wallText,
  weekday,
} from '../../definitions/language/planning-time.ts';

const AMS = 'Europe/Amsterdam';
const w = wallMs;

describe('planning views', () => {
  it('show a day, the week from Monday, two weeks, the month', () => {
    const thu = w('2026-12-10T14:20');
    expect(weekday(thu)).toBe(3);
    const texts = (r: { from: number; till: number }) => [wallText(r.from), wallText(r.till)];
    expect(texts(viewRange(thu, 'day'))).toEqual(['2026-12-10T00:00', '2026-12-11T00:00']);
    expect(texts(viewRange(thu, 'week'))).toEqual(['2026-12-07T00:00', '2026-12-14T00:00']);
    expect(texts(viewRange(thu, '2weeks'))).toEqual(['2026-12-07T00:00', '2026-12-21T00:00']);
    expect(texts(viewRange(thu, 'month'))).toEqual(['2026-12-01T00:00', '2027-01-01T00:00']);
    expect(wallText(shiftView(thu, 'month', 1))).toBe('2027-01-01T00:00');
    expect(wallText(shiftView(w('2026-01-31'), 'month', 1))).toBe('2026-02-01T00:00');
    expect(wallText(shiftView(thu, 'week', -1))).toBe('2026-11-30T00:00');
  });

  it('leave out the days a weekday mode does not show', () => {
    const { from, till } = viewRange(w('2026-12-10'), 'week');
    expect(boardDays(from, till, 'monfri').map((d) => wallText(d).slice(0, 10))).toEqual([
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
    ]);
    expect(boardDays(from, till, 'monsat')).toHaveLength(6);
    expect(boardDays(from, till, 'monsun')).toHaveLength(7);
  });
});

describe('time steps', () => {
  it('make columns per shown day between the day start and end', () => {
    const days = boardDays(w('2026-12-07'), w('2026-12-09'), 'monsun');
    expect(boardColumns(days, 60, 8 * 60, 17 * 60)).toHaveLength(18);
    expect(boardColumns(days, 30)).toHaveLength(96);
    expect(boardColumns(days, 480)).toHaveLength(6);
    expect(wallText(boardColumns(days, 120, 8 * 60, 16 * 60)[4])).toBe('2026-12-08T08:00');
  });

  it('place a time among the columns, a hidden night at the next shown column', () => {
    const days = boardDays(w('2026-12-07'), w('2026-12-09'), 'monsun');
    const cols = boardColumns(days, 60, 8 * 60, 17 * 60);
    expect(columnAt(cols, 60, w('2026-12-07T08:30'))).toBe(0.5);
    expect(columnAt(cols, 60, w('2026-12-07T20:00'))).toBe(9);
    expect(columnAt(cols, 60, w('2026-12-08T09:00'))).toBe(10);
    expect(columnAt(cols, 60, w('2026-12-06T09:00'))).toBe(0);
  });

  it('snap to the nearest step and move by steps of the wall clock', () => {
    expect(wallText(snap(w('2026-12-07T08:14'), 30))).toBe('2026-12-07T08:00');
    expect(wallText(snap(w('2026-12-07T08:15'), 30))).toBe('2026-12-07T08:30');
    expect(wallText(snap(w('2026-12-07T10:01'), 240))).toBe('2026-12-07T12:00');
    expect(wallText(snap(w('2026-12-07T09:59'), 240))).toBe('2026-12-07T08:00');
    expect(wallText(moveBy(w('2026-12-07T08:00'), 3, 120))).toBe('2026-12-07T14:00');
    expect(wallText(moveBy(w('2026-12-07T08:00'), -1, 30))).toBe('2026-12-07T07:30');
  });
});

describe('daylight saving and time zones', () => {
  it('keep the wall-clock layout across the change: the same columns on the Sunday clocks move', () => {
    const march = boardDays(w('2026-03-29'), w('2026-03-30'), 'monsun');
    expect(boardColumns(march, 60)).toHaveLength(24);
    expect(wallText(moveBy(w('2026-03-29T01:00'), 2, 60))).toBe('2026-03-29T03:00');
  });

  it('count real hours through the zone: 23 in the last night of March, 25 in October', () => {
    expect(realHours(w('2026-03-29T00:00'), w('2026-03-30T00:00'), AMS)).toBe(23);
    expect(realHours(w('2026-10-25T00:00'), w('2026-10-26T00:00'), AMS)).toBe(25);
    expect(realHours(w('2026-03-29T01:00'), w('2026-03-29T04:00'), AMS)).toBe(2);
    expect(realHours(w('2026-12-07T08:00'), w('2026-12-07T16:30'), AMS)).toBe(8.5);
    expect(realHours(w('2026-03-29T00:00'), w('2026-03-30T00:00'), 'UTC')).toBe(24);
  });

  it('take a skipped time after the change and a doubled time the first time', () => {
    expect(new Date(instantOf(w('2026-03-29T02:30'), AMS)).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(new Date(instantOf(w('2026-10-25T02:30'), AMS)).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(new Date(instantOf(w('2026-07-01T12:00'), AMS)).toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(new Date(instantOf(w('2026-07-01T12:00'), 'America/New_York')).toISOString()).toBe(
      '2026-07-01T16:00:00.000Z',
    );
  });

  it('show an instant as the wall time of a zone', () => {
    const instant = Date.UTC(2026, 11, 7, 7, 0);
    expect(wallText(wallOf(instant, AMS))).toBe('2026-12-07T08:00');
    expect(wallText(wallOf(instant, 'Asia/Shanghai'))).toBe('2026-12-07T15:00');
    expect(isTimeZone(AMS)).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it("show a wall time of the board's zone in a team's zone, across the changes of both", () => {
    expect(wallText(wallIn(w('2026-12-07T09:00'), AMS, 'Europe/London'))).toBe('2026-12-07T08:00');
    expect(wallText(wallIn(w('2026-07-01T12:00'), AMS, 'America/New_York'))).toBe('2026-07-01T06:00');
    // Europe moves its clocks on 29 March, New York already on 8 March: five hours apart between.
    expect(wallText(wallIn(w('2026-03-20T12:00'), AMS, 'America/New_York'))).toBe('2026-03-20T07:00');
    expect(wallText(wallIn(w('2026-03-29T03:30'), AMS, 'UTC'))).toBe('2026-03-29T01:30');
    expect(wallText(wallIn(w('2026-12-07T09:00'), AMS, AMS))).toBe('2026-12-07T09:00');
    expect(wallText(wallIn(w('2026-12-07T09:00'), AMS, 'Mars/Olympus'))).toBe('2026-12-07T09:00');
  });
});
