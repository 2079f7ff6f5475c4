// Comparing versions of one record: what counts as a change the user made, whether two reads are
// the same version, and a fresh read laid under the user's edits.
export type Row = Record<string, unknown>;

const blank = (value: unknown) => value === null || value === undefined || value === '';

const sameValue = (a: unknown, b: unknown) => (blank(a) && blank(b)) || JSON.stringify(a) === JSON.stringify(b);

/** Whether two versions of a record hold the same values (an empty text counts as none). */
export function sameValues(a: Row, b: Row | null): boolean {
  if (!b) return false;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].every((key) => sameValue(a[key], b[key]));
}

/** Whether two reads of a record are of the same version (a record without a TimeStamp never is). */
export function sameVersion(a: Row | null, b: Row | null): boolean {
  const stamp = (row: Row | null) => row?.TimeStamp;
  return stamp(a) !== undefined && stamp(a) !== null && String(stamp(a)) === String(stamp(b));
}

/**
 * The record read again over the one the user is editing: every value as read, but those the user
 * changed since it was loaded (`stored`), which stay as the user has them.
 */
export function withEdits(read: Row, edited: Row, stored: Row): Row {
  const merged: Row = { ...read };
  for (const key of Object.keys(edited)) if (!sameValue(edited[key], stored[key])) merged[key] = edited[key];
  return merged;
}
