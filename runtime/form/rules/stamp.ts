// User-stamp text area: the current person and a short date-time go in front of the text.
import { formatShortDateTime } from './datetime.ts';

export function userStampPrefix(person: string, now: Date): string {
  return `${person} ${formatShortDateTime(now)}: `;
}

export function applyUserStamp(text: string | null | undefined, person: string, now: Date): string {
  return `${userStampPrefix(person, now)}${text ?? ''}`;
}
