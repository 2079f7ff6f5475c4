// Rights check for the shell and pages (spec 6 "Permission model"). Security entries (ID, Action,
// Grant) are cached in a valtio store; entries not yet known are fetched from the server, then
// checked. Until an entry is known it counts as not granted, so controls appear once it is.
import { useEffect, useState } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { api } from '../api/index.ts';
import type { ScreenInfo, SecurityEntry } from '../api/index.ts';

export type Action = 'read' | 'create' | 'update' | 'delete' | 'createOrUpdate' | 'execute';

/** The server's action codes (spec 6 "Authentication"); execute (actions, transitions) has no number and goes by name. */
export const ACTION_CODES: Record<Action, string> = {
  read: '1.1',
  update: '1.2',
  create: '1.3',
  delete: '1.4',
  createOrUpdate: '1.5',
  execute: 'execute',
};

/** One right code or a list of them (a page may take lists of permissions). */
export type Rights = string | readonly string[] | null | undefined;

export interface PermissionState {
  /** Grant per `${ID}|${Action}`; absent = not yet known. */
  known: Record<string, boolean>;
  /** Everything is allowed (development builds only, see debugMode). */
  debug: boolean;
}

const key = (id: string, action: string) => `${id}|${action}`;
const codes = (rights: Rights): string[] =>
  (rights == null ? [] : typeof rights === 'string' ? [rights] : [...rights]).filter(Boolean);

/** The entries a check of these rights for this action needs. */
export function entriesFor(rights: Rights, action: Action): SecurityEntry[] {
  return codes(rights).map((ID) => ({ ID, Action: ACTION_CODES[action] }));
}

/** Debug mode: only a development build, and only when localStorage debugPermissions is '1'. */
export function debugMode(dev: boolean | undefined, storage: Pick<Storage, 'getItem'> | null | undefined): boolean {
  if (dev !== true) return false;
  try {
    return storage?.getItem('debugPermissions') === '1';
  } catch {
    return false;
  }
}

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

// Vite replaces import.meta.env at build time; the optional chain keeps plain node (tsx) working.
const DEV = (import.meta as ImportMeta & { env?: { DEV?: boolean } }).env?.DEV;

export const permissions = proxy<PermissionState>({ known: {}, debug: debugMode(DEV, browserStorage()) });

/**
 * Whether the action is allowed: once its entries are known, none of them says Grant false.
 * A screen without a right code for the action needs no right. Reads a snapshot in components.
 */
export function can(rights: Rights, action: Action, state: Readonly<PermissionState> = permissions): boolean {
  if (state.debug) return true;
  const wanted = entriesFor(rights, action);
  if (wanted.length === 0) return true;
  const grants = wanted.map((e) => state.known[key(e.ID, e.Action)]);
  return !grants.includes(false) && grants.includes(true);
}

/** Entries of the list that are neither cached nor asked for already; duplicates dropped. */
export function unknownEntries(
  entries: readonly SecurityEntry[],
  known: Readonly<Record<string, boolean>>,
  pending: ReadonlySet<string> = new Set(),
): SecurityEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => {
    const k = key(e.ID, e.Action);
    if (k in known || pending.has(k) || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const pending = new Map<string, Promise<void>>();

/** Fetch the entries not yet known; resolves once every entry of the list is known (or failed). */
export async function ensure(
  entries: readonly SecurityEntry[],
  fetch: (list: SecurityEntry[]) => Promise<SecurityEntry[]> = api.authorization,
): Promise<void> {
  if (permissions.debug) return;
  const asked = unknownEntries(entries, permissions.known, new Set(pending.keys()));
  if (asked.length > 0) {
    const request = fetch(asked.map(({ ID, Action }) => ({ ID, Action }))).then(
      (answer) => {
        // Spec 1 §6: allowed unless a matching entry says Grant false; an entry the answer leaves
        // out, or answers without a Grant, denies nothing.
        for (const e of asked) permissions.known[key(e.ID, e.Action)] = true;
        for (const entry of answer) {
          permissions.known[key(entry.ID, entry.Action)] = entry.Grant !== false;
          if (entry.Grant === false) console.warn(`Not authorized: right ${entry.ID}, action ${entry.Action}`);
        }
      },
      // The spec: a failed authorization call is logged; the entries stay unknown (not allowed).
      (error: unknown) => console.error('Authorization call failed', error),
    );
    for (const e of asked) pending.set(key(e.ID, e.Action), request);
    void request.finally(() => asked.forEach((e) => pending.delete(key(e.ID, e.Action))));
  }
  await Promise.all(entries.flatMap((e) => pending.get(key(e.ID, e.Action)) ?? []));
}

/** Forget every entry: a different user may be logged in next. */
export function clearPermissions(): void {
  permissions.known = {};
  pending.clear();
}

export interface ScreenRights {
  /** The screen's entries are known (or their fetch failed). */
  ready: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
}

/** A page's create/update/delete rights, fetched on mount and re-read when the cache changes. */
export function useScreenRights(screen: Pick<ScreenInfo, 'rights'>): ScreenRights {
  const snap = useSnapshot(permissions);
  const { create, update, delete: remove } = screen.rights ?? {};
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    setReady(false);
    void ensure([
      ...entriesFor(create, 'create'),
      ...entriesFor(update, 'update'),
      ...entriesFor(remove, 'delete'),
    ]).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [create, update, remove]);
  return {
    ready,
    create: ready && can(create, 'create', snap),
    update: ready && can(update, 'update', snap),
    delete: ready && can(remove, 'delete', snap),
  };
}
