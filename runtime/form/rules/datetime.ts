// Date-time input (spec 1 section 9 "Date formats", "Date input caps", "Input behaviour"):
// shown as D-M-YYYY[ HH:mm[:ss]], sent as 'YYYY-MM-DD', 'YYYY-MM-DDTHH:mm' or 'YYYY-MM-DDTHH:mm:ss'.
export type DateKind = 'date' | 'datetime' | 'datetime-seconds';
type Part = 'day' | 'month' | 'year' | 'hour' | 'minute' | 'second';

const PARTS: Record<DateKind, Part[]> = {
  date: ['day', 'month', 'year'],
  datetime: ['day', 'month', 'year', 'hour', 'minute'],
  'datetime-seconds': ['day', 'month', 'year', 'hour', 'minute', 'second'],
};
const CAPS: Record<Part, number> = { day: 31, month: 12, year: 9999, hour: 23, minute: 59, second: 59 };
const WIDTH: Record<Part, number> = { day: 2, month: 2, year: 4, hour: 2, minute: 2, second: 2 };

const pad = (n: number | string, width = 2) => String(n).padStart(width, '0');

export function dateKind(fieldType: string): DateKind {
  return fieldType === 'datetime' || fieldType === 'datetime-seconds' ? fieldType : 'date';
}

/** One typed part, cut to its width and capped (day 31, month 12, year 9999, hour 23, minute and second 59). */
export function capPart(part: Part, text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, WIDTH[part]);
  if (digits === '') return '';
  return Number(digits) > CAPS[part] ? String(CAPS[part]) : digits;
}

/** A two-digit year is in this century. */
export function expandYear(year: string): string {
  return year.length === 2 ? `20${year}` : year;
}

/** The typed text split into its visible parts, each capped. */
export function typedParts(text: string, kind: DateKind): string[] {
  const pieces = text.trim() === '' ? [] : text.trim().split(/[^0-9]+/);
  return PARTS[kind].map((part, i) => capPart(part, pieces[i] ?? ''));
}

/** The typed text with each part capped, keeping what the user typed between parts. */
export function capTyped(text: string, kind: DateKind): string {
  let index = 0;
  const parts = PARTS[kind];
  return text.replace(/\d+/g, (digits) => {
    const part = parts[index++];
    return part ? capPart(part, digits) : '';
  });
}

/**
 * The API value once every visible part is filled, else undefined (nothing is raised yet);
 * null for empty text. A year of 1 or 3 digits is still being typed.
 */
export function apiFromText(text: string, kind: DateKind): string | null | undefined {
  if (text.trim() === '') return null;
  const parts = typedParts(text, kind);
  if (parts.some((p) => p === '')) return undefined;
  const [day, month, rawYear, hour, minute, second] = parts;
  const year = expandYear(rawYear);
  if (year.length !== 4 || Number(day) < 1 || Number(month) < 1) return undefined;
  const date = `${year}-${pad(month)}-${pad(day)}`;
  if (kind === 'date') return date;
  const time = `${pad(hour)}:${pad(minute)}`;
  return kind === 'datetime' ? `${date}T${time}` : `${date}T${time}:${pad(second)}`;
}

/** The API value ('YYYY-MM-DD[THH:mm[:ss]]', possibly with more precision) as shown text. */
export function textFromApi(value: unknown, kind: DateKind): string {
  if (typeof value !== 'string') return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
  if (!match) return '';
  const [, year, month, day, hour = '00', minute = '00', second = '00'] = match;
  const date = `${Number(day)}-${Number(month)}-${year}`;
  if (kind === 'date') return date;
  return kind === 'datetime' ? `${date} ${hour}:${minute}` : `${date} ${hour}:${minute}:${second}`;
}

/** Now, as an API value of the kind (a double-click on the input sets it). */
export function nowApiValue(now: Date, kind: DateKind): string {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}:${pad(now.getMinutes())}`;
  if (kind === 'date') return date;
  return kind === 'datetime' ? `${date}T${time}` : `${date}T${time}:${pad(now.getSeconds())}`;
}

/** The short date-time D-M-YYYY HH:mm. */
export function formatShortDateTime(now: Date): string {
  return `${now.getDate()}-${now.getMonth() + 1}-${now.getFullYear()} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/** The shown format, for a placeholder. */
export function dateFormatText(kind: DateKind): string {
  return kind === 'date' ? 'D-M-YYYY' : kind === 'datetime' ? 'D-M-YYYY HH:mm' : 'D-M-YYYY HH:mm:ss';
}
