// In-memory router: moves by route name, never touches the address bar. Every navigation pushes a
// browser history entry (same URL, state {appRoute: index}) so Back/Forward walk this history.
// An entry carries its route's parameters (a detail screen's open record: {id}); a page can push
// an entry of its own with other parameters (opening a record), so Back closes what it opened
// and Forward opens it again while the page itself stays mounted.
import { proxy } from 'valtio';
import type { ScreenInfo } from '../../api/index.ts';
import { routeOfPath, splitParams, type RouteParams } from './paths.ts';
import { startRoute } from './routes.ts';

export interface HistoryEntry {
  /** Unique in the page's life: Back/Forward show an entry again, a navigation makes a new one. */
  id: number;
  /** The page drawn for the entry: entries a page pushed for its own parameters share its page. */
  page: number;
  name: string;
  params: RouteParams;
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
  /** Moves by several entries (window.history.go); without it the router moves by itself. */
  go?(delta: number): void;
  readonly state: unknown;
}

export const emptyRouter = (): RouterState => ({ routes: [], entries: [], index: -1, nextId: 0 });

/**
 * Start state: the requested route (?route=), else the default, else the first menu route.
 * firstId continues the ids of an earlier router (a new route table after a login), so an id
 * never names two entries.
 */
export function initialState(
  routes: readonly ScreenInfo[],
  requested?: string | null,
  query = '',
  firstId = 0,
  params: RouteParams = {},
): RouterState {
  const name = startRoute(routes, requested);
  const entry = name ? { id: firstId, page: firstId, name, params: name === requested ? params : {}, query } : null;
  return { routes, entries: entry ? [entry] : [], index: entry ? 0 : -1, nextId: entry ? firstId + 1 : firstId };
}

function push(state: RouterState, entry: Omit<HistoryEntry, 'id'>): RouterState {
  const entries = [...state.entries.slice(0, state.index + 1), { ...entry, id: state.nextId }];
  return { ...state, entries, index: entries.length - 1, nextId: state.nextId + 1 };
}

/** A new state with the route pushed (forward entries dropped), or null when the route is unknown. */
export function navigateState(state: RouterState, name: string, params: RouteParams = {}): RouterState | null {
  if (!state.routes.some((r) => r.name === name)) return null;
  return push(state, { page: state.nextId, name, params, query: '' });
}

/** The current page pushes an entry with other parameters (it stays mounted); null without a page. */
export function pushParamsState(state: RouterState, params: RouteParams): RouterState | null {
  const current = currentEntry(state);
  if (!current) return null;
  return push(state, { page: current.page, name: current.name, params, query: current.query });
}

/** The current entry's parameters replaced, in place (a new record got its id). */
export function replaceParamsState(state: RouterState, params: RouteParams): RouterState {
  const current = currentEntry(state);
  if (!current) return state;
  const entries = state.entries.map((e, i) => (i === state.index ? { ...e, params } : e));
  return { ...state, entries };
}

/** Move to a history index (clamped); Back is index - 1. */
export function goState(state: RouterState, index: number): RouterState {
  const clamped = Math.max(0, Math.min(index, state.entries.length - 1));
  return clamped === state.index ? state : { ...state, index: clamped };
}

export function currentEntry(state: RouterState): HistoryEntry | null {
  return state.entries[state.index] ?? null;
}

/** The entry before the current one, when it belongs to the same page (Back stays on the page). */
export function previousOnPage(state: RouterState): HistoryEntry | null {
  const current = currentEntry(state);
  const previous = state.entries[state.index - 1];
  return current && previous && previous.page === current.page ? previous : null;
}

export function currentScreen(state: RouterState): ScreenInfo | null {
  const entry = currentEntry(state);
  return entry ? (state.routes.find((r) => r.name === entry.name) ?? null) : null;
}

/** The page's start query without the router's own `route` parameter. */
export function pageQuery(search: string): { route: string | null; query: string } {
  const params = new URLSearchParams(search);
  const route = params.get('route');
  params.delete('route');
  const query = params.toString();
  return { route, query: query ? `?${query}` : '' };
}

/**
 * The start route with its parameters: ?route=/membershiprequest/7 names it by path, and query
 * names that are parameters of the route (?route=relations&id=42) become its parameters.
 */
export function startOf(
  routes: readonly ScreenInfo[],
  search: string,
): { route: string | null; params: RouteParams; query: string } {
  const { route, query } = pageQuery(search);
  const byPath = route?.startsWith('/') ? routeOfPath(routes, route) : null;
  const name = byPath?.name ?? route;
  const split = splitParams(
    routes.find((r) => r.name === name),
    query,
  );
  return { route: name, params: { ...split.params, ...byPath?.params }, query: split.query };
}

export const router = proxy<RouterState>(emptyRouter());
let port: HistoryPort | null = null;

function apply(next: RouterState) {
  router.routes = next.routes;
  router.entries = next.entries;
  router.index = next.index;
  router.nextId = next.nextId;
}

export function setupRouter(
  routes: readonly ScreenInfo[],
  options: { search?: string; history?: HistoryPort } = {},
): void {
  const { route, params, query } = startOf(routes, options.search ?? '');
  apply(initialState(routes, route, query, router.nextId, params));
  port = options.history ?? null;
  port?.replaceState({ ...(port.state as object | null), appRoute: router.index }, '');
}

/** A new route table in place (the definitions changed): the history stays where it is. */
export function replaceRoutes(routes: readonly ScreenInfo[]): void {
  router.routes = routes;
}

export function navigate(name: string, params: RouteParams = {}): boolean {
  const next = navigateState(router, name, params);
  if (!next) {
    // The spec: an unmatched route only logs a 404.
    console.log(`404: route "${name}" not found`);
    return false;
  }
  apply(next);
  port?.pushState({ appRoute: router.index }, '');
  return true;
}

/** The current page opens something of its own (a record) as a history entry: Back closes it. */
export function pushParams(params: RouteParams): void {
  const next = pushParamsState(router, params);
  if (!next) return;
  apply(next);
  port?.pushState({ appRoute: router.index }, '');
}

export function replaceParams(params: RouteParams): void {
  apply(replaceParamsState(router, params));
}

export function back(): void {
  if (port) port.back();
  else apply(goState(router, router.index - 1));
}

/** Return to an entry by its id (a page that kept what Back tried to close). */
export function returnTo(entryId: number): void {
  const target = router.entries.findIndex((e) => e.id === entryId);
  if (target < 0 || target === router.index) return;
  if (port?.go) port.go(target - router.index);
  else apply(goState(router, target));
}

/** popstate handler: follow the browser to the entry it stepped to. */
export function onPopState(state: unknown): void {
  const index = (state as { appRoute?: unknown } | null)?.appRoute;
  if (typeof index === 'number' && index !== router.index) apply(goState(router, index));
}
