// Pure helpers over the route table (the screens answer): start route, menu groups, breadcrumbs.
import type { ScreenInfo } from '../../api/index.ts';

/** The spec's default start route. */
export const DEFAULT_START_ROUTE = 'purchaseorderlines';
/** The runtime's own start page, where no start route exists. */
export const HOME_ROUTE = 'home';

/**
 * The menu's areas within a parent (spec 3 §2 lists system tables, settings and system tasks
 * apart): a parent's settings pages and system tables get groups of their own; its other
 * screens (business screens, system tasks) stay in the parent's group.
 */
export type MenuArea = 'screens' | 'settings' | 'systemtables';

export interface MenuGroup {
  /** Unique per group: the parent name ('' for top-level routes), then the area. */
  key: string;
  /** The parent name ('' for top-level routes). */
  parent: string;
  area: MenuArea;
  /** Administration (Beheer's screens, settings, system tables): after the business areas. */
  administrative: boolean;
  routes: ScreenInfo[];
}

/** The parent under which the application's administration sits (Beheer). */
export const ADMIN_PARENT = 'admin';

export interface Crumb {
  /** Set when the crumb is itself a route (clickable). */
  route?: string;
  /** The parent's name when it is not a route; the shell turns it into a label. */
  parent?: string;
  title: string;
}

const byTitle = (a: ScreenInfo, b: ScreenInfo) => a.title.localeCompare(b.title);

const areaOf = (route: ScreenInfo): MenuArea =>
  route.kind === 'settings' ? 'settings' : route.kind === 'systemtable' ? 'systemtables' : 'screens';
const AREA_ORDER: Record<MenuArea, number> = { screens: 0, settings: 1, systemtables: 2 };

/** Whether a route matches a menu search: its title (in the user's language) or its name. */
export function matchesSearch(route: ScreenInfo, filter: string): boolean {
  const needle = filter.trim().toLocaleLowerCase();
  return !needle || route.title.toLocaleLowerCase().includes(needle) || route.name.toLowerCase().includes(needle);
}

/**
 * Where a parent's groups go: a parent that is a route itself (the screens under Objecten) follows
 * the group holding that route, so an area's screens come after the area, not before it.
 */
function parentOrder(routes: readonly ScreenInfo[], parents: readonly string[]): (parent: string) => number[] {
  const byName = new Map(routes.map((r) => [r.name, r]));
  return (parent) => {
    const chain = [parent];
    for (let at = byName.get(parent); at && !chain.includes(at.parent ?? ''); at = byName.get(at.parent ?? ''))
      chain.unshift(at.parent ?? '');
    return chain.map((p) => parents.indexOf(p));
  };
}

/** Compares two orders position by position; a prefix comes first. */
function compareOrders(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/**
 * Routes grouped by parent and area: the business areas first, then the administration (Beheer's
 * screens, and every settings and system tables group); within each, parents in order of first
 * appearance (a parent that is a route right after the group of that route), within a parent its
 * screens, then settings, then system tables; routes sorted by title. The runtime's own routes
 * (login, home) are not in the menu.
 */
export function menuGroups(routes: readonly ScreenInfo[], filter = ''): MenuGroup[] {
  const groups = new Map<string, MenuGroup>();
  const parents: string[] = [];
  for (const route of routes) {
    if (route.kind === 'login' || route.kind === 'home') continue;
    const parent = route.parent ?? '';
    if (!parents.includes(parent)) parents.push(parent);
    const area = areaOf(route);
    const key = area === 'screens' ? parent : `${parent}/${area}`;
    const group = groups.get(key) ?? { key, parent, area, administrative: false, routes: [] };
    groups.set(key, group);
    if (matchesSearch(route, filter)) group.routes.push(route);
  }
  const order = parentOrder(routes, parents);
  const root = (parent: string) => parents[order(parent)[0]] ?? parent;
  const administrative = (g: MenuGroup) => g.area !== 'screens' || root(g.parent) === ADMIN_PARENT;
  return [...groups.values()]
    .filter((g) => g.routes.length > 0)
    .map((g) => ({ ...g, administrative: administrative(g), routes: [...g.routes].sort(byTitle) }))
    .sort(
      (a, b) =>
        Number(a.administrative) - Number(b.administrative) ||
        compareOrders(order(a.parent), order(b.parent)) ||
        AREA_ORDER[a.area] - AREA_ORDER[b.area],
    );
}

/** The requested route when it exists, else the default, else the home page, else the first route of the menu. */
export function startRoute(
  routes: readonly ScreenInfo[],
  requested?: string | null,
  fallback = DEFAULT_START_ROUTE,
): string | null {
  const exists = (name?: string | null) => !!name && routes.some((r) => r.name === name);
  if (exists(requested)) return requested!;
  if (exists(fallback)) return fallback;
  if (exists(HOME_ROUTE)) return HOME_ROUTE;
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
