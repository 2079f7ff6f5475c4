// In-memory router: moves by route name, never touches the address bar. Every navigation pushes a
// browser history entry (same URL, state {appRoute: index}) so Back/Forward walk this history.
import { proxy } from 'valtio';
import type { ScreenInfo } from '../api/index.ts';
import { startRoute } from './routes.ts';

export interface HistoryEntry {
  /** Unique in the page's life: Back/Forward show an entry again, a navigation makes a new one. */
  id: number;
  name: string;
  /** URL query for the grid; only the start entry carries the page's query. */
  query: string;
}

export interface RouterState {
  routes: readonly ScreenInfo[];
  entries: readonly HistoryEntry[];
  index: number;
  /** The id the next entry gets. */
  nextId: number;
}

/** What the router needs from window.history; injectable so the logic runs without a browser. */
export interface HistoryPort {
  pushState(state: unknown, unused: string): void;
  replaceState(state: unknown, unused: string): void;
  back(): void;
  readonly state: unknown;
}

export const emptyRouter = (): RouterState => ({ routes: [], entries: [], index: -1, nextId: 0 });

/**
 * Start state: the requested route (?route=), else the default, else the first menu route.
 * firstId continues the ids of an earlier router (a new route table after a login), so an id
 * never names two entries.
 */
export function initialState(routes: readonly ScreenInfo[], requested?: string | null, query = '', firstId = 0): RouterState {
  const name = startRoute(routes, requested);
  return { routes, entries: name ? [{ id: firstId, name, query }] : [], index: name ? 0 : -1, nextId: name ? firstId + 1 : firstId };
}

/** A new state with the route pushed (forward entries dropped), or null when the route is unknown. */
export function navigateState(state: RouterState, name: string): RouterState | null {
  if (!state.routes.some((r) => r.name === name)) return null;
  const entries = [...state.entries.slice(0, state.index + 1), { id: state.nextId, name, query: '' }];
  return { ...state, entries, index: entries.length - 1, nextId: state.nextId + 1 };
}

/** Move to a history index (clamped); Back is index - 1. */
export function goState(state: RouterState, index: number): RouterState {
  const clamped = Math.max(0, Math.min(index, state.entries.length - 1));
  return clamped === state.index ? state : { ...state, index: clamped };
}

export function currentEntry(state: RouterState): HistoryEntry | null {
  return state.entries[state.index] ?? null;
}

export function currentScreen(state: RouterState): ScreenInfo | null {
  const entry = currentEntry(state);
  return entry ? state.routes.find((r) => r.name === entry.name) ?? null : null;
}

/** The page's start query without the router's own `route` parameter. */
export function pageQuery(search: string): { route: string | null; query: string } {
  const params = new URLSearchParams(search);
  const route = params.get('route');
  params.delete('route');
  const query = params.toString();
  return { route, query: query ? `?${query}` : '' };
}

export const router = proxy<RouterState>(emptyRouter());
let port: HistoryPort | null = null;

function apply(next: RouterState) {
  router.routes = next.routes;
  router.entries = next.entries;
  router.index = next.index;
  router.nextId = next.nextId;
}

export function setupRouter(routes: readonly ScreenInfo[], options: { search?: string; history?: HistoryPort } = {}): void {
  const { route, query } = pageQuery(options.search ?? '');
  apply(initialState(routes, route, query, router.nextId));
  port = options.history ?? null;
  port?.replaceState({ ...(port.state as object | null), appRoute: router.index }, '');
}

export function navigate(name: string): boolean {
  const next = navigateState(router, name);
  if (!next) {
    // The spec: an unmatched route only logs a 404.
    console.log(`404: route "${name}" not found`);
    return false;
  }
  apply(next);
  port?.pushState({ appRoute: router.index }, '');
  return true;
}

export function back(): void {
  if (port) port.back();
  else apply(goState(router, router.index - 1));
}

/** popstate handler: follow the browser to the entry it stepped to. */
export function onPopState(state: unknown): void {
  const index = (state as { appRoute?: unknown } | null)?.appRoute;
  if (typeof index === 'number' && index !== router.index) apply(goState(router, index));
}
