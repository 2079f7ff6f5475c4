import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScreenInfo } from '../../runtime/api/index.ts';
import {
  back,
  goState,
  initialState,
  navigate,
  navigateState,
  onPopState,
  pageQuery,
  router,
  setupRouter,
} from '../../runtime/ui/navigation/router.ts';
import type { HistoryPort, RouterState } from '../../runtime/ui/navigation/router.ts';
import { breadcrumbs, menuGroups, startRoute } from '../../runtime/ui/navigation/routes.ts';

const screen = (name: string, title: string, parent?: string): ScreenInfo => ({
  name,
  title,
  parent,
  kind: 'systemtable',
  table: name,
});
const routes = [
  screen('vatcodes', 'Btw-codes', 'admin'),
  screen('currencies', 'Valuta', 'admin'),
  screen('costcodes', 'Kostenplaatsen', 'admin'),
  screen('orders', 'Orders'),
  screen('orderlines', 'Orderregels', 'orders'),
];

type FakeHistory = HistoryPort & { stack: unknown[]; at: number };

function fakeHistory(): FakeHistory {
  const h: FakeHistory = {
    stack: [null],
    at: 0,
    get state() {
      return h.stack[h.at];
    },
    pushState(state: unknown) {
      h.stack.splice(h.at + 1);
      h.stack.push(state);
      h.at++;
    },
    replaceState(state: unknown) {
      h.stack[h.at] = state;
    },
    back() {
      if (h.at > 0) {
        h.at--;
        onPopState(h.stack[h.at]);
      }
    },
  };
  return h;
}

afterEach(() => vi.restoreAllMocks());

describe('start route', () => {
  it('starts on the requested route when it exists', () => {
    expect(startRoute(routes, 'currencies')).toBe('currencies');
  });
  it('starts on purchaseorderlines when that route exists', () => {
    expect(startRoute([...routes, screen('purchaseorderlines', 'Inkooporderregels')], null)).toBe('purchaseorderlines');
  });
  it('falls back to the first route of the menu when the default does not exist', () => {
    // The first group is 'admin' (first seen); its routes sort by title: Btw-codes first.
    expect(startRoute(routes, 'nope')).toBe('vatcodes');
    expect(menuGroups(routes)[0].routes.map((r) => r.name)).toEqual(['vatcodes', 'costcodes', 'currencies']);
  });
  it('starts on the home page, where there is one, when the default does not exist', () => {
    const home: ScreenInfo = { name: 'home', title: 'Start', kind: 'home', table: '' };
    expect(startRoute([...routes, home], null)).toBe('home');
    expect(startRoute([...routes, home, screen('purchaseorderlines', 'Inkooporderregels')], null)).toBe(
      'purchaseorderlines',
    );
  });
  it("groups the menu by parent, then settings and system tables apart; the runtime's own routes stay out", () => {
    const mixed: ScreenInfo[] = [
      { ...screen('users', 'Gebruikers', 'admin'), kind: 'maintenance' },
      { ...screen('mailsettings', 'E-mailinstellingen', 'admin'), kind: 'settings' },
      ...routes.map((r) => (r.parent === 'admin' ? r : { ...r, kind: 'maintenance' as const })),
      { name: 'home', title: 'Start', kind: 'home', table: '' },
    ];
    // Business areas first; the administration (Beheer, its settings, its system tables) after them, folded.
    expect(menuGroups(mixed).map((g) => [g.key, g.routes.map((r) => r.name), g.administrative])).toEqual([
      ['', ['orders'], false],
      ['orders', ['orderlines'], false],
      ['admin', ['users'], true],
      ['admin/settings', ['mailsettings'], true],
      ['admin/systemtables', ['vatcodes', 'costcodes', 'currencies'], true],
    ]);
    // A search matches the title as the user reads it, or the screen's name.
    expect(menuGroups(mixed, 'VALUTA').flatMap((g) => g.routes.map((r) => r.name))).toEqual(['currencies']);
    expect(menuGroups(mixed, 'costcodes').flatMap((g) => g.routes.map((r) => r.name))).toEqual(['costcodes']);
  });
  it("puts the screens under a screen right after that screen's group, whatever their titles", () => {
    const nested: ScreenInfo[] = [
      { ...screen('userlocations', 'Gebruikerslocaties', 'locations'), kind: 'maintenance' },
      { ...screen('locations', 'Locaties', 'backoffice'), kind: 'detail' },
      { ...screen('costcodes', 'Kostenplaatsen', 'admin'), kind: 'systemtable' },
      { ...screen('objecttypes', 'Objecttypen', 'objects'), kind: 'detail' },
      { ...screen('objects', 'Objecten', 'backoffice'), kind: 'detail' },
    ];
    expect(menuGroups(nested).map((g) => g.key)).toEqual(['backoffice', 'locations', 'objects', 'admin/systemtables']);
  });
  it('reads ?route= from the query and keeps the rest for the grid', () => {
    expect(pageQuery('?route=currencies&$dataset=1&ID=EUR')).toEqual({
      route: 'currencies',
      query: '?%24dataset=1&ID=EUR',
    });
    expect(pageQuery('')).toEqual({ route: null, query: '' });
  });
});

/** The state after navigating to a route of the table; a route it lacks fails the test. */
function navigated(state: RouterState, name: string): RouterState {
  const next = navigateState(state, name);
  if (!next) throw new Error(`no route ${name}`);
  return next;
}

describe('transitions', () => {
  it('navigates by name, dropping forward entries', () => {
    let state = initialState(routes, 'vatcodes', '?x=1');
    state = navigated(state, 'currencies');
    state = navigated(state, 'costcodes');
    state = goState(state, 0);
    state = navigated(state, 'orders');
    expect(state.entries.map((e) => e.name)).toEqual(['vatcodes', 'orders']);
    expect(state.index).toBe(1);
    // Only the start entry carries the page's query.
    expect(state.entries.map((e) => e.query)).toEqual(['?x=1', '']);
  });
  it('gives every entry its own id: Back shows the same entry again, a navigation makes a new one', () => {
    let state = initialState(routes, 'vatcodes');
    state = navigated(state, 'currencies');
    const currencies = state.entries[1].id;
    state = goState(state, 0);
    state = goState(state, 1);
    expect(state.entries[state.index].id).toBe(currencies);
    state = goState(state, 0);
    state = navigated(state, 'currencies');
    // The same route again after Back is a fresh visit: another id.
    expect(state.entries.map((e) => e.name)).toEqual(['vatcodes', 'currencies']);
    expect(state.entries[1].id).not.toBe(currencies);
    expect(new Set(state.entries.map((e) => e.id)).size).toBe(2);
    // A new route table (after a login) continues the ids.
    expect(initialState(routes, 'vatcodes', '', state.nextId).entries[0].id).toBe(state.nextId);
  });
  it('an unknown route gives no new state', () => {
    expect(navigateState(initialState(routes, 'vatcodes'), 'nope')).toBeNull();
  });
  it('back and forward clamp to the history', () => {
    let state = navigated(initialState(routes, 'vatcodes'), 'currencies');
    state = goState(state, state.index - 1);
    expect(state.entries[state.index].name).toBe('vatcodes');
    expect(goState(state, -1).index).toBe(0);
    expect(goState(state, 5).index).toBe(1);
  });
});

describe('breadcrumbs', () => {
  it('walk the parent chain; a parent that is not a route is a plain label', () => {
    expect(breadcrumbs(routes, 'currencies')).toEqual([
      { parent: 'admin', title: 'admin' },
      { route: 'currencies', title: 'Valuta' },
    ]);
    expect(breadcrumbs(routes, 'orderlines')).toEqual([
      { route: 'orders', title: 'Orders' },
      { route: 'orderlines', title: 'Orderregels' },
    ]);
  });
  it('stop at a cycle', () => {
    const cyclic = [screen('a', 'A', 'b'), screen('b', 'B', 'a')];
    expect(breadcrumbs(cyclic, 'a').map((c) => c.title)).toEqual(['B', 'A']);
  });
});

describe('store with browser history', () => {
  it('pushes a history entry per navigation and Back walks the in-memory history', () => {
    const history = fakeHistory();
    setupRouter(routes, { search: '?route=costcodes', history });
    expect(router.entries[router.index].name).toBe('costcodes');
    expect(navigate('currencies')).toBe(true);
    expect(navigate('orders')).toBe(true);
    expect(history.stack).toEqual([{ appRoute: 0 }, { appRoute: 1 }, { appRoute: 2 }]);
    const ids = router.entries.map((e) => e.id);
    back();
    expect(router.entries[router.index].name).toBe('currencies');
    expect(router.entries.map((e) => e.id)).toEqual(ids);
    // Forward: the browser steps to the next entry.
    history.at++;
    onPopState(history.stack[history.at]);
    expect(router.entries[router.index].name).toBe('orders');
  });
  it('a second setup (a login) never reuses an id of the first', () => {
    setupRouter(routes, { search: '?route=costcodes', history: fakeHistory() });
    navigate('currencies');
    const before = router.entries.map((e) => e.id);
    setupRouter(routes, { search: '?route=costcodes', history: fakeHistory() });
    expect(before).not.toContain(router.entries[0].id);
  });
  it('an unknown route only logs a 404', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const history = fakeHistory();
    setupRouter(routes, { history });
    const before = router.index;
    expect(navigate('nope')).toBe(false);
    expect(router.index).toBe(before);
    expect(history.stack).toHaveLength(1);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('404'));
  });
  it("ignores history entries that are not the router's (a modal's entry keeps the page)", () => {
    setupRouter(routes, { history: fakeHistory() });
    navigate('currencies');
    onPopState({ modal: 'x' });
    expect(router.entries[router.index].name).toBe('currencies');
  });
});
