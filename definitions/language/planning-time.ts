// Time on the planning board. A planned item's start and end are wall-clock times without a zone
// (`2026-03-29T08:00`, as a datetime field holds them), read in the team's time zone. The board
// lays them out as wall time: a column is a time step of the wall clock, so the day of a
// daylight-saving change has as many columns as any other. Real durations (the hours capacity
// planning counts) go through the zone, so the night clocks move forward lasts an hour less.
// Pure: no I/O, the same on server and runtime.

/** The board's views (spec 2 §1: day, week and month, and 2 weeks). */
export const PLANNING_VIEWS = ['day', 'week', '2weeks', 'month'] as const;
export type PlanningView = (typeof PLANNING_VIEWS)[number];

/** Time steps in minutes: half hour, hour, 2, 4, 8 hours (spec 2 §9). */
export const TIME_STEPS = [30, 60, 120, 240, 480] as const;
export type TimeStep = (typeof TIME_STEPS)[number];

/** Weekday modes: the days of a week the board shows (spec 2 §9). */
export const WEEKDAY_MODES = { monfri: 5, monsat: 6, monsun: 7 } as const;
export type WeekdayMode = keyof typeof WEEKDAY_MODES;

/** Column widths in pixels per time step. */
export const COLUMN_WIDTHS = { small: 28, medium: 44, wide: 72 } as const;
export type ColumnWidth = keyof typeof COLUMN_WIDTHS;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

/** A wall time as milliseconds of the same reading on a UTC clock (arithmetic without zones). */
export function wallMs(text: string): number {
  const m = WALL.exec(text);
  if (!m) throw new RangeError(`not a date and time: ${text}`);
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0));
}

/** The wall time of `ms` as a datetime field holds it: YYYY-MM-DDTHH:mm. */
export const wallText = (ms: number): string => new Date(ms).toISOString().slice(0, 16);

/** The day of the week of a wall time: 0 Monday … 6 Sunday. */
export const weekday = (ms: number): number => (new Date(ms).getUTCDay() + 6) % 7;

/** The start of the wall day. */
export const dayStart = (ms: number): number => Math.floor(ms / DAY) * DAY;

/** The first day of the period a view shows around `ms`: the day, its week's Monday, the month's first day. */
export function viewStart(ms: number, view: PlanningView): number {
  const day = dayStart(ms);
  if (view === 'day') return day;
  if (view === 'month') {
    const d = new Date(day);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  return day - weekday(day) * DAY;
}

/** The period a view shows around `ms`, as wall times [from, till). */
export function viewRange(ms: number, view: PlanningView): { from: number; till: number } {
  const from = viewStart(ms, view);
  if (view === 'day') return { from, till: from + DAY };
  if (view === 'week') return { from, till: from + 7 * DAY };
  if (view === '2weeks') return { from, till: from + 14 * DAY };
  const d = new Date(from);
  return { from, till: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) };
}

/** The period before or after (`by` -1 or 1) the one shown. */
export function shiftView(ms: number, view: PlanningView, by: number): number {
  const { from, till } = viewRange(ms, view);
  if (view !== 'month') return from + by * (till - from);
  const d = new Date(from);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + by, 1);
}

/** The days of [from, till) the weekday mode shows. */
export function boardDays(from: number, till: number, mode: WeekdayMode): number[] {
  const shown = WEEKDAY_MODES[mode];
  const days: number[] = [];
  for (let d = dayStart(from); d < till; d += DAY) if (weekday(d) < shown) days.push(d);
  return days;
}

/**
 * The board's columns: per shown day, a column per time step from `dayFrom` to `dayTill` minutes
 * after midnight (the planning settings' day start and end; the whole day without them).
 */
export function boardColumns(days: number[], step: TimeStep, dayFrom = 0, dayTill = 24 * 60): number[] {
  const columns: number[] = [];
  for (const day of days) for (let m = dayFrom; m < dayTill; m += step) columns.push(day + m * MINUTE);
  return columns;
}

/**
 * Where a wall time falls among the columns, in columns (fractional): before the first column 0,
 * past the last the column count; a time between two shown columns (a hidden night or weekend)
 * at the next shown one.
 */
export function columnAt(columns: number[], step: TimeStep, ms: number): number {
  if (!columns.length || ms <= columns[0]) return 0;
  let lo = 0;
  let hi = columns.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (columns[mid] <= ms) lo = mid;
    else hi = mid - 1;
  }
  const into = (ms - columns[lo]) / (step * MINUTE);
  return lo + Math.min(into, 1);
}

/** A wall time rounded to the nearest time step of its day. */
export function snap(ms: number, step: TimeStep): number {
  const day = dayStart(ms);
  const size = step * MINUTE;
  return day + Math.round((ms - day) / size) * size;
}

/** A wall time moved by whole time steps of the wall clock (8:00 plus two hours is 10:00, also across a DST change). */
export const moveBy = (ms: number, steps: number, step: TimeStep): number => ms + steps * step * MINUTE;

/** The offset of a zone from UTC at an instant, in minutes. */
export function zoneOffset(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asWall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((asWall - Math.floor(instant / MINUTE) * MINUTE) / MINUTE);
}

/**
 * The instant a wall time is in a zone. A time the clocks skip (02:30 on the night they move
 * forward) is taken after the change (03:30); a time they pass twice (02:30 on the night they move
 * back) the first time.
 */
export function instantOf(ms: number, zone: string): number {
  const early = ms - zoneOffset(ms - DAY / 2, zone) * MINUTE;
  const late = ms - zoneOffset(ms + DAY / 2, zone) * MINUTE;
  const fits = [early, late].filter((i) => wallOf(i, zone) === ms);
  return fits.length ? Math.min(...fits) : early;
}

/** The wall time of an instant in a zone. */
export const wallOf = (instant: number, zone: string): number => instant + zoneOffset(instant, zone) * MINUTE;

/** How many real hours lie between two wall times in a zone (23 hours from midnight to midnight when clocks move forward). */
export const realHours = (from: number, till: number, zone: string): number =>
  (instantOf(till, zone) - instantOf(from, zone)) / (60 * MINUTE);

/**
 * A wall time of one zone as the wall time of another at the same instant (a team's zone when the
 * board's clock is another); unchanged when the zones are the same or either is unknown.
 */
export function wallIn(ms: number, from: string, to: string): number {
  if (from === to || !isTimeZone(from) || !isTimeZone(to)) return ms;
  return wallOf(instantOf(ms, from), to);
}

/** Whether a text names a time zone this runtime knows (IANA, such as Europe/Amsterdam). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
