// Pure helpers over the route table (the screens answer): start route, menu groups, breadcrumbs.
import type { ScreenInfo } from '../api/index.ts';

/** The spec's default start route. */
export const DEFAULT_START_ROUTE = 'purchaseorderlines';

export interface MenuGroup {
  /** The parent name ('' for top-level routes). */
  key: string;
  routes: ScreenInfo[];
}

export interface Crumb {
  /** Set when the crumb is itself a route (clickable). */
  route?: string;
  /** The parent's name when it is not a route; the shell turns it into a label. */
  parent?: string;
  title: string;
}

const byTitle = (a: ScreenInfo, b: ScreenInfo) => a.title.localeCompare(b.title);

/** Routes grouped by parent, groups in order of first appearance, routes sorted by title. */
export function menuGroups(routes: readonly ScreenInfo[], filter = ''): MenuGroup[] {
  const needle = filter.trim().toLowerCase();
  const groups = new Map<string, ScreenInfo[]>();
  for (const route of routes) {
    // The login route is reached by redirect, never from the menu.
    if (route.kind === 'login') continue;
    const key = route.parent ?? '';
    if (!groups.has(key)) groups.set(key, []);
    if (needle && !route.title.toLowerCase().includes(needle) && !route.name.toLowerCase().includes(needle)) continue;
    groups.get(key)!.push(route);
  }
  return [...groups].filter(([, list]) => list.length > 0).map(([key, list]) => ({ key, routes: [...list].sort(byTitle) }));
}

/** The requested route when it exists, else the default, else the first route of the menu. */
export function startRoute(routes: readonly ScreenInfo[], requested?: string | null, fallback = DEFAULT_START_ROUTE): string | null {
  const exists = (name?: string | null) => !!name && routes.some((r) => r.name === name);
  if (exists(requested)) return requested!;
  if (exists(fallback)) return fallback;
  return menuGroups(routes)[0]?.routes[0]?.name ?? null;
}

/** The parent chain from the top down to the route itself; a cycle stops the walk. */
export function breadcrumbs(routes: readonly ScreenInfo[], name: string): Crumb[] {
  const byName = new Map(routes.map((r) => [r.name, r]));
  const chain: Crumb[] = [];
  const seen = new Set<string>();
  let current: string | undefined = name;
  while (current && !seen.has(current)) {
    seen.add(current);
    const route = byName.get(current);
    if (route) {
      chain.unshift({ route: route.name, title: route.title });
      current = route.parent;
    } else {
      chain.unshift({ parent: current, title: current });
      current = undefined;
    }
  }
  return chain;
}
