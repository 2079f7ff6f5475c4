// Route patterns with parameters, such as '/membershiprequest/:requestid' or '/relations/:id?'.
// The address bar never changes (the router lives in memory), but a route can still be asked for
// by path at start (?route=/membershiprequest/7) and an entry can carry its parameters.
import type { ScreenInfo } from '../../api/index.ts';

export type RouteParams = Readonly<Record<string, string>>;

interface Segment {
  literal?: string;
  param?: string;
  optional?: boolean;
}

function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function parse(pattern: string): Segment[] {
  return segments(pattern).map((s) => {
    if (!s.startsWith(':')) return { literal: s.toLowerCase() };
    const optional = s.endsWith('?');
    return { param: s.slice(1, optional ? -1 : undefined), optional };
  });
}

function decode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The names of a pattern's parameters, in order. */
export function patternParams(pattern: string): string[] {
  return parse(pattern).flatMap((s) => (s.param ? [s.param] : []));
}

/** The parameters of a path that matches the pattern (literal parts ignore case), else null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const parts = parse(pattern);
  const given = segments(path.split(/[?#]/)[0]);
  if (given.length > parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const value = given[i];
    if (value === undefined) {
      if (part.param && part.optional) continue;
      return null;
    }
    if (part.literal !== undefined) {
      if (value.toLowerCase() !== part.literal) return null;
      continue;
    }
    const decoded = decode(value);
    if (decoded === null) return null;
    params[part.param!] = decoded;
  }
  return params;
}

/** The path of a pattern for these parameters; null when a required one is missing. */
export function formPath(pattern: string, params: RouteParams = {}): string | null {
  const out: string[] = [];
  for (const part of parse(pattern)) {
    if (part.literal !== undefined) {
      out.push(part.literal);
      continue;
    }
    const value = params[part.param!];
    if (value === undefined || value === '') {
      if (part.optional) continue;
      return null;
    }
    out.push(encodeURIComponent(value));
  }
  return `/${out.join('/')}`;
}

/** A route's pattern: its own path, else its name, with an optional record id on detail screens. */
export function routePattern(screen: Pick<ScreenInfo, 'name' | 'kind'> & { path?: string }): string {
  if (screen.path) return screen.path;
  return screen.kind === 'detail' ? `/${screen.name}/:id?` : `/${screen.name}`;
}

/** A screen's deep link ('/frontoffice/object/{id}') as a route pattern ('/frontoffice/object/:id'). */
const deepLinkPattern = (link: string) => link.replace(/\{([A-Za-z]+)\}/g, ':$1');

/**
 * The route a path names, with its parameters; the first route whose pattern matches wins, then
 * a screen's deep link (an address such as /frontoffice/object/42 opens that record).
 */
export function routeOfPath(
  routes: readonly ScreenInfo[],
  path: string,
): { name: string; params: Record<string, string> } | null {
  for (const route of routes) {
    const params = matchPath(routePattern(route), path);
    if (params) return { name: route.name, params };
  }
  for (const route of routes) {
    const params = route.deepLink ? matchPath(deepLinkPattern(route.deepLink), path) : null;
    if (params) return { name: route.name, params };
  }
  return null;
}

/**
 * Query names that are parameters of the route (?route=relations&id=42) become its parameters;
 * the rest stays the grid's query. Names match exactly: the grid matches its filter names without
 * regard to case, so `ID=R001` stays a filter on the ID column while `id=42` opens record 42.
 */
export function splitParams(
  route: ScreenInfo | undefined,
  query: string,
): { params: Record<string, string>; query: string } {
  if (!route) return { params: {}, query };
  const names = new Set(patternParams(routePattern(route)));
  const rest = new URLSearchParams(query);
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    if (!names.has(key)) continue;
    params[key] = value;
    rest.delete(key);
  }
  const text = rest.toString();
  return { params, query: text ? `?${text}` : '' };
}
