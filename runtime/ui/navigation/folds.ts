// Which menu groups are open. A user with access to everything starts with the administration
// folded (its many screens would push the business areas away); once a user folds or unfolds a
// group, the groups they folded are remembered and every other group is open. A search shows
// every group that finds something, and the group holding the current screen is always open.
import type { MenuGroup } from './routes.ts';

export interface FoldContext {
  /** The user may do everything (an administrator). */
  fullAccess: boolean;
  /** The groups the user folded, once they folded or unfolded one (null: never). */
  folded: readonly string[] | null;
  /** The current route's name. */
  current?: string;
  /** The menu's search. */
  filter?: string;
}

export function groupOpen(group: MenuGroup, context: FoldContext): boolean {
  if (context.filter?.trim()) return true;
  if (context.current && group.routes.some((r) => r.name === context.current)) return true;
  if (context.folded) return !context.folded.includes(group.key);
  return !(context.fullAccess && group.administrative);
}

/**
 * The folded groups after the user toggled one: the groups folded as remembered (or by default),
 * with the toggled one folded when it shows open, unfolded when it shows folded.
 */
export function toggledFolds(groups: readonly MenuGroup[], context: FoldContext, key: string): string[] {
  const remembered = { ...context, filter: '', current: undefined };
  const folded = groups.filter((g) => !groupOpen(g, remembered)).map((g) => g.key);
  // Groups not in the menu now (a search, a right taken away) stay as they were.
  const kept = (context.folded ?? []).filter((k) => !groups.some((g) => g.key === k));
  const group = groups.find((g) => g.key === key);
  const others = folded.filter((k) => k !== key);
  return group && groupOpen(group, context) ? [...kept, ...others, key] : [...kept, ...others];
}
