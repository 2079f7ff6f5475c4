// The menu groups a user folded, kept in this browser per user (localStorage, beside their
// favourites), and whether the user may do everything (their administration starts folded).
import { proxy } from 'valtio';

interface MenuFolds {
  user: string;
  fullAccess: boolean;
  /** The folded groups as remembered; null: none remembered (the default applies). */
  folded: string[] | null;
}

export const menuFolds = proxy<MenuFolds>({ user: '', fullAccess: false, folded: null });

const keyOf = (user: string) => `menu:${user}:folded`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Loads the user's folded groups (after sign-in); a damaged entry counts as none. */
export function loadMenuFolds(user: string, fullAccess: boolean): void {
  let saved: unknown = null;
  try {
    saved = JSON.parse(storage()?.getItem(keyOf(user)) ?? 'null');
  } catch {
    /* none */
  }
  menuFolds.user = user;
  menuFolds.fullAccess = fullAccess;
  menuFolds.folded = Array.isArray(saved) ? saved.filter((k): k is string => typeof k === 'string') : null;
}

export function setFolded(folded: string[]): void {
  menuFolds.folded = folded;
  if (menuFolds.user) storage()?.setItem(keyOf(menuFolds.user), JSON.stringify(folded));
}
