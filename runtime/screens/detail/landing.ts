// Where a record the user just created landed among a detail screen's data sets: the grid's own
// data set when it holds the record, else the first other one that does (a new order is a basket:
// it shows under Alle, not under Open), else none the user may see; a record the user cannot see at
// all (deleted meanwhile) is no news.
type Row = Record<string, unknown>;

export interface LandingSet {
  name: string;
  title: string;
}

/** Where the record is: in the grid's data set, in another one, in none, or not to be seen at all. */
export type Landing =
  { kind: 'here' } | { kind: 'elsewhere'; set: LandingSet } | { kind: 'outside' } | { kind: 'gone' };

/**
 * Asks `holds` for the current data set first, then the others in their order, and stops at the
 * first that holds the record; when none does, whether the table holds it for the user (`null`).
 * A screen without data sets asks nothing.
 */
export async function findLanding(
  sets: readonly LandingSet[],
  current: string | null,
  holds: (set: LandingSet | null) => Promise<boolean>,
): Promise<Landing> {
  // Without data sets the grid shows every row the user may see.
  if (!sets.length) return { kind: 'here' };
  const here = sets.find((s) => s.name === current);
  if (here && (await holds(here))) return { kind: 'here' };
  for (const set of sets) {
    if (set === here) continue;
    if (await holds(set)) return { kind: 'elsewhere', set };
  }
  return (await holds(null)) ? { kind: 'outside' } : { kind: 'gone' };
}

/** How a notice names a record: its ID, else its description, else its number. */
export function landedName(row: Row | null | undefined): string {
  for (const value of [row?.ID, row?.Descr]) {
    if (value !== null && value !== undefined && String(value).trim() !== '') return String(value);
  }
  return `#${String(row?.AutoID ?? '')}`;
}
