// The rule for a saved view's name, one for the server and the runtime: letters, digits, spaces
// and common punctuation, trimmed with inner runs of spaces made one, at most 50 characters,
// unique per grid regardless of case. A name is compared and stored as `cleanLayoutName` makes it.
import { LAYOUT_NAME_MAX_LENGTH } from './constants.ts';

/** Letters, digits, spaces and - _ . ( ) & / */
export const LAYOUT_NAME_PATTERN = /^[\p{L}\p{N} _.()&/-]+$/u;

export type LayoutNameProblem = 'required' | 'too_long' | 'characters' | 'taken';

/** The name as it is stored: trimmed, each run of white space one space. */
export const cleanLayoutName = (name: string): string => name.trim().replace(/\s+/g, ' ');

/** What is wrong with a new view's name among the `taken` names of its grid, or null. */
export function layoutNameProblem(name: string, taken: readonly string[]): LayoutNameProblem | null {
  const text = cleanLayoutName(name);
  if (!text) return 'required';
  if (text.length > LAYOUT_NAME_MAX_LENGTH) return 'too_long';
  if (!LAYOUT_NAME_PATTERN.test(text)) return 'characters';
  const lower = text.toLowerCase();
  if (taken.some((t) => cleanLayoutName(t).toLowerCase() === lower)) return 'taken';
  return null;
}
