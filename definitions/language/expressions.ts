// The operators derived values are computed with, added to json-logic: arithmetic on exact
// decimals (no binary floating point on money: each step is done in decimal and handed on as the
// nearest number, exact to 15 significant digits, more than any amount column holds), rounding
// (half-up to n decimals, up to a step: an hour, a quarter, tens, hundreds), and dates (periods,
// working days by a calendar row). Pure: both sides evaluate the same rules.
import { Decimal } from 'decimal.js';
import jsonLogic from 'json-logic-js';

/** Why a computation has no value: the write is refused naming it. */
export type ExpressionProblem = 'division' | 'number' | 'date' | 'definition';

/** A computation that has no value (a division by zero, an impossible date): the write is refused naming it. */
export class ExpressionError extends Error {
  constructor(
    readonly problem: ExpressionProblem,
    readonly value: string = '',
  ) {
    super(`${problem}: ${value}`);
  }
}

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** An operand: an empty value counts as 0, as an empty quantity or discount does on a form. */
function dec(v: unknown): Decimal {
  if (v === null || v === undefined || v === '') return new D(0);
  if (typeof v === 'boolean') return new D(v ? 1 : 0);
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n)) throw new ExpressionError('number', String(v));
  return new D(typeof v === 'string' ? v.trim() : n);
}
const out = (d: Decimal) => d.toNumber();

const add = (...args: unknown[]) => out(args.reduce<Decimal>((s, a) => s.plus(dec(a)), new D(0)));
const subtract = (a: unknown, b?: unknown) => out(b === undefined ? dec(a).neg() : dec(a).minus(dec(b)));
const multiply = (...args: unknown[]) => out(args.reduce<Decimal>((p, a) => p.times(dec(a)), new D(1)));
function divide(a: unknown, b: unknown): number {
  const divisor = dec(b);
  if (divisor.isZero()) throw new ExpressionError('division');
  return out(dec(a).div(divisor));
}
/** Half-up (away from zero) to `decimals` places: cents with 2. */
const round = (x: unknown, decimals: unknown = 0) =>
  out(dec(x).toDecimalPlaces(Math.max(0, Math.trunc(Number(decimals) || 0)), Decimal.ROUND_HALF_UP));
/** Up to a multiple of `step`: 1 an hour, 0.25 a quarter, 10 tens, 100 hundreds. */
function roundUp(x: unknown, step: unknown = 1): number {
  const s = dec(step);
  if (s.lte(0)) throw new ExpressionError('definition', `round_up step ${String(step)}`);
  return out(dec(x).div(s).ceil().times(s));
}

// ---- dates (YYYY-MM-DD, as records hold them) ----

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;
function day(v: unknown): Date | null {
  if (v === null || v === undefined || v === '') return null;
  const m = DATE.exec(String(v));
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!d || d.toISOString().slice(0, 10) !== m![0]) throw new ExpressionError('date', String(v));
  return d;
}
const text = (d: Date) => d.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** Time and invoice-period units (spec 2 §9), in months where they are months. */
const MONTHS: Record<string, number> = { months: 1, quarters: 3, 'half-years': 6, years: 12 };
const DAYS: Record<string, number> = { days: 1, weeks: 7 };
export const PERIOD_UNITS = ['days', 'weeks', 'months', 'quarters', 'half-years', 'years'] as const;

/** A date plus n units; a month end stays within its month (31 January + 1 month = 28 or 29 February). */
function addPeriod(date: unknown, n: unknown, unit: unknown): string | null {
  const d = day(date);
  return d ? shift(d, Math.trunc(Number(n) || 0), String(unit)) : null;
}

/** The day `count` periods of `unit` after `d`; a month after 31 January is the last day of February. */
function shift(d: Date, count: number, unit: string): string {
  if (DAYS[unit]) return text(new Date(d.getTime() + count * DAYS[unit] * DAY_MS));
  if (!MONTHS[unit]) throw new ExpressionError('definition', `period unit ${unit}`);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + count * MONTHS[unit], 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return text(target);
}

/** The last day of the period the date is in: its week (Sunday), month, quarter, half-year or year. */
function endOfPeriod(date: unknown, unit: unknown): string | null {
  const d = day(date);
  if (!d) return null;
  const u = String(unit);
  if (u === 'days') return text(d);
  if (u === 'weeks') {
    d.setUTCDate(d.getUTCDate() + ((7 - d.getUTCDay()) % 7));
    return text(d);
  }
  if (!MONTHS[u]) throw new ExpressionError('definition', `period unit ${u}`);
  const months = MONTHS[u];
  const firstOfNext = Math.floor(d.getUTCMonth() / months) * months + months;
  return text(new Date(Date.UTC(d.getUTCFullYear(), firstOfNext, 0)));
}

/** A working-day calendar: which weekdays are worked (Sunday first, as Date counts) and the holidays. */
export interface Calendar {
  days: boolean[];
  holidays: Set<string>;
}
/** Without a calendar: Monday to Friday. */
const OFFICE_WEEK: Calendar = { days: [false, true, true, true, true, true, false], holidays: new Set() };
/** A calendar search goes this far ahead; a calendar without any working day ends it. */
const MAX_DAYS = 366 * 2;

/** `calendar`: a calendar row's seven weekday flags (Monday first, as the row lists them) and holidays text. */
function calendar(...args: unknown[]): Calendar {
  const [mon, tue, wed, thu, fri, sat, sun, holidays] = args;
  return {
    days: [sun, mon, tue, wed, thu, fri, sat].map((f) => f === true),
    holidays: new Set(String(holidays ?? '').match(/\d{4}-\d{2}-\d{2}/g) ?? []),
  };
}
const calendarOf = (c: unknown): Calendar =>
  c && typeof c === 'object' && 'days' in c ? (c as Calendar) : OFFICE_WEEK;
const worked = (c: Calendar, d: Date) => c.days[d.getUTCDay()] && !c.holidays.has(text(d));

function isWorkday(date: unknown, cal?: unknown): boolean {
  const d = day(date);
  return d ? worked(calendarOf(cal), d) : false;
}

/** The first working day on or after `date` after `n` more working days (n = 0: the date itself when worked). */
function workdaysAfter(date: unknown, n: unknown, cal?: unknown): string | null {
  const d = day(date);
  if (!d) return null;
  const c = calendarOf(cal);
  let left = Math.max(0, Math.trunc(Number(n) || 0));
  for (let i = 0; i < MAX_DAYS; i++) {
    if (worked(c, d)) {
      if (left === 0) return text(d);
      left--;
    }
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return null;
}

/** The calendar months from `from` to `to` (January to March is 2; the day of the month does not count). */
function monthsBetween(from: unknown, to: unknown): number | null {
  const a = day(from);
  const b = day(to);
  if (!a || !b) return null;
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
}

/**
 * The periods of `unit` from `from` through `till`, both days included: the whole periods counted
 * from `from` (a month from the 15th ends on the 14th of the next), and of a period that is only
 * begun the part its days are of that period's days (14 of February's 28 days from the 15th: 0.5).
 * A rental line billed per month from 15 January through 28 February is 1.5 months.
 */
function periodsBetween(from: unknown, till: unknown, unit: unknown): number | null {
  const a = day(from);
  const b = day(till);
  if (!a || !b) return null;
  const u = String(unit);
  if (!DAYS[u] && !MONTHS[u]) throw new ExpressionError('definition', `period unit ${u}`);
  const end = text(new Date(b.getTime() + DAY_MS));
  if (end <= text(a)) return 0;
  // Whole periods first, by calendar (a month is not 30 days); a guess from the days keeps it short.
  const days = (Date.parse(end) - a.getTime()) / DAY_MS;
  let whole = Math.max(0, Math.floor(days / (DAYS[u] ?? MONTHS[u] * 31)) - 1);
  while (shift(a, whole + 1, u) <= end) whole++;
  const begun = Date.parse(shift(a, whole, u));
  const rest = (Date.parse(end) - begun) / DAY_MS;
  if (rest === 0) return whole;
  const length = (Date.parse(shift(a, whole + 1, u)) - begun) / DAY_MS;
  return out(new D(whole).plus(new D(rest).div(length)));
}

/**
 * The period (1 to `periods`) of a year beginning at `start` that `date` falls in, the year cut
 * into `periods` equal parts of months (12 months, 4 quarters): a journal's period in its book year.
 */
function periodOf(date: unknown, start: unknown, periods: unknown = 12): number | null {
  const months = monthsBetween(start, date);
  const n = Math.trunc(Number(periods) || 12);
  if (months === null) return null;
  if (n < 1 || 12 % n !== 0) throw new ExpressionError('definition', `period_of periods ${String(periods)}`);
  return Math.min(n, Math.max(1, Math.floor(months / (12 / n)) + 1));
}

/** The parts that are not empty, each trimmed, joined by single spaces: a name from its parts. */
function joinWords(...parts: unknown[]): string {
  return parts
    .map((p) => (p === null || p === undefined ? '' : String(p).trim()))
    .filter((p) => p !== '')
    .join(' ');
}

const OPERATIONS: Record<string, (...args: never[]) => unknown> = {
  '+': add,
  '-': subtract,
  '*': multiply,
  '/': divide,
  round,
  round_up: roundUp,
  add_period: addPeriod,
  end_of_period: endOfPeriod,
  calendar,
  workdays_after: workdaysAfter,
  is_workday: isWorkday,
  join_words: joinWords,
  months_between: monthsBetween,
  periods_between: periodsBetween,
  period_of: periodOf,
};
for (const [name, op] of Object.entries(OPERATIONS))
  jsonLogic.add_operation(name, op as (...args: unknown[]) => unknown);

/** The operators this module adds or replaces, for the rules' allow-list. */
export const EXPRESSION_OPERATORS = Object.keys(OPERATIONS).concat('calendar_of');

/** A calendar row's fields, in the order `calendar` takes them. */
const CALENDAR_FIELDS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'Holidays'];

const expanded = new WeakMap<object, unknown>();
/**
 * The expression as it is evaluated: `{"calendar_of": ["WorkableDays", "DeliverRelation.WorkableDays"]}`
 * — the first of these list fields that names a calendar row — becomes reads of that row's fields.
 */
export function expandExpression(expr: unknown): unknown {
  if (expr === null || typeof expr !== 'object') return expr;
  const known = expanded.get(expr);
  if (known !== undefined) return known;
  let result: unknown;
  if (Array.isArray(expr)) result = expr.map(expandExpression);
  else {
    const [op, args] = Object.entries(expr)[0] ?? [];
    if (op === 'calendar_of') {
      const paths = (Array.isArray(args) ? args : [args]).filter((p): p is string => typeof p === 'string');
      const branches = paths.flatMap((p) => [
        { var: `${p}.AutoID` },
        { calendar: CALENDAR_FIELDS.map((f) => ({ var: `${p}.${f}` })) },
      ]);
      result = branches.length ? { if: [...branches, null] } : null;
    } else {
      result = Object.fromEntries(Object.entries(expr).map(([k, v]) => [k, expandExpression(v)]));
    }
  }
  expanded.set(expr, result);
  return result;
}
