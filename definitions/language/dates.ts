// Dates and times as the API writes them, checked the way PostgreSQL will take them: a real
// calendar day (no 30 February) in the years 1 to 9999 (PostgreSQL has no year 0). JavaScript's
// Date.parse is not a check: it rolls 2021-02-30 over to 2 March.
const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,6})?)?$/;
const ZONE = /(Z|[+-](0[0-9]|1[0-4]):?[0-5][0-9])$/;

const daysIn = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;

/** YYYY-MM-DD of a day that exists. */
export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

/** HH:mm, HH:mm:ss or HH:mm:ss.ffffff within a day. */
export const isTimeOfDay = (text: string): boolean => TIME.test(text);

/**
 * A date with an optional time (T or a space between) and, when `zone` allows it, an optional
 * zone (Z or ±hh:mm).
 */
export function isDateTime(text: string, opts: { zone?: boolean; timeRequired?: boolean } = {}): boolean {
  let rest = text;
  if (opts.zone) {
    const z = ZONE.exec(rest);
    if (z && rest.length > 10) rest = rest.slice(0, -z[0].length);
  }
  const date = rest.slice(0, 10);
  if (!isCalendarDate(date)) return false;
  if (rest.length === 10) return !opts.timeRequired;
  return (rest[10] === 'T' || rest[10] === ' ') && isTimeOfDay(rest.slice(11));
}
