// Time input: text HH:mm; a missing minute counts as 0 ('8' → '08:00').
const pad = (n: number) => String(n).padStart(2, '0');

/** The typed time as HH:mm, hours capped at 23 and minutes at 59; null when empty or unreadable. */
export function normalizeTime(text: string | null | undefined): string | null {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return null;
  let hours: string;
  let minutes: string;
  if (/^\d{3,4}$/.test(trimmed)) {
    // '830' and '0830' are typed without a separator.
    hours = trimmed.slice(0, trimmed.length - 2);
    minutes = trimmed.slice(-2);
  } else {
    const match = /^(\d{1,2})(?:[:.](\d{0,2}))?$/.exec(trimmed);
    if (!match) return null;
    hours = match[1];
    minutes = match[2] ?? '';
  }
  const h = Math.min(Number(hours), 23);
  const m = Math.min(Number(minutes || '0'), 59);
  return `${pad(h)}:${pad(m)}`;
}

/** The API's time ('HH:mm' or 'HH:mm:ss') as shown text. */
export function timeText(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 5) : '';
}
