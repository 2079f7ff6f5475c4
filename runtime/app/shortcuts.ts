// A user's favourite and recently opened screens, kept in this browser per user (localStorage),
// so the menu and the home page can offer them first. Names of screens the user can no longer
// read are kept but not shown: a right given back brings them back.
import { proxy, subscribe } from 'valtio';

export const RECENT_MAX = 8;
const FAVOURITES_MAX = 50;

export const shortcuts = proxy({ user: '', favourites: [] as string[], recent: [] as string[] });

const keyOf = (user: string) => `menu:${user}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Loads the user's shortcuts (after sign-in); a damaged entry counts as none. */
export function loadShortcuts(user: string): void {
  let saved: { favourites?: unknown; recent?: unknown } = {};
  try {
    saved = JSON.parse(storage()?.getItem(keyOf(user)) ?? '{}') as typeof saved;
  } catch {
    /* none */
  }
  const names = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  shortcuts.user = user;
  shortcuts.favourites = names(saved.favourites).slice(0, FAVOURITES_MAX);
  shortcuts.recent = names(saved.recent).slice(0, RECENT_MAX);
}

subscribe(shortcuts, () => {
  if (!shortcuts.user) return;
  storage()?.setItem(
    keyOf(shortcuts.user),
    JSON.stringify({ favourites: shortcuts.favourites, recent: shortcuts.recent }),
  );
});

export function toggleFavourite(name: string): void {
  shortcuts.favourites = shortcuts.favourites.includes(name)
    ? shortcuts.favourites.filter((n) => n !== name)
    : [...shortcuts.favourites, name].slice(-FAVOURITES_MAX);
}

/** A screen was opened: first among the recent ones. */
export function visited(name: string): void {
  if (shortcuts.recent[0] === name) return;
  shortcuts.recent = [name, ...shortcuts.recent.filter((n) => n !== name)].slice(0, RECENT_MAX);
}
