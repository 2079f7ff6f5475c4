// Routes with parameters: path patterns, ?route=relations&id=42 at start, and the entries a page
// pushes for its own parameters (an open record), which Back closes and Forward opens again.
import { describe, expect, it } from 'vitest';
import type { ScreenInfo } from '../../runtime/api/index.ts';
import {
  formPath,
  matchPath,
  patternParams,
  routeOfPath,
  routePattern,
  splitParams,
} from '../../runtime/ui/navigation/paths.ts';
import {
  back,
  currentEntry,
  goState,
  initialState,
  navigate,
  navigateState,
  onPopState,
  previousOnPage,
  pushParams,
  pushParamsState,
  replaceParams,
  returnTo,
  router,
  setupRouter,
  startOf,
} from '../../runtime/ui/navigation/router.ts';
import type { HistoryPort } from '../../runtime/ui/navigation/router.ts';
import { present } from '../support/present.ts';

const routes: ScreenInfo[] = [
  { name: 'relations', kind: 'detail', table: 'relations', title: 'Relaties' },
  { name: 'costcodes', kind: 'systemtable', table: 'costcodes', title: 'Kostenplaatsen' },
  {
    name: 'membershiprequest',
    kind: 'maintenance',
    table: 'membershiprequests',
    title: 'Aanvraag',
    path: '/membershiprequest/:requestid',
  },
];

type FakeHistory = HistoryPort & { stack: unknown[]; at: number; go(delta: number): void };

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
      h.go(-1);
    },
    go(delta: number) {
      h.at = Math.max(0, Math.min(h.stack.length - 1, h.at + delta));
      onPopState(h.stack[h.at]);
    },
  };
  return h;
}

describe('path patterns', () => {
  it('name their parameters', () => {
    expect(patternParams('/membershiprequest/:requestid')).toEqual(['requestid']);
    expect(patternParams('/frontoffice/object/:id?')).toEqual(['id']);
  });
  it('match a path and decode its values; literal parts ignore case', () => {
    expect(matchPath('/membershiprequest/:requestid', '/membershiprequest/42')).toEqual({ requestid: '42' });
    expect(matchPath('/membershiprequest/:requestid', '/MembershipRequest/a%20b/')).toEqual({ requestid: 'a b' });
    expect(matchPath('/frontoffice/object/:id', '/frontoffice/object/7?x=1')).toEqual({ id: '7' });
  });
  it('refuse a path of another shape', () => {
    expect(matchPath('/membershiprequest/:requestid', '/membershiprequest')).toBeNull();
    expect(matchPath('/membershiprequest/:requestid', '/membershiprequest/1/2')).toBeNull();
    expect(matchPath('/membershiprequest/:requestid', '/register/1')).toBeNull();
    expect(matchPath('/a/:id', '/a/%E0%A4%A')).toBeNull();
  });
  it('take an optional parameter or leave it out', () => {
    expect(matchPath('/relations/:id?', '/relations')).toEqual({});
    expect(matchPath('/relations/:id?', '/relations/42')).toEqual({ id: '42' });
  });
  it('form a path from parameters, encoded; a missing required one gives none', () => {
    expect(formPath('/membershiprequest/:requestid', { requestid: 'a/b' })).toBe('/membershiprequest/a%2Fb');
    expect(formPath('/relations/:id?', {})).toBe('/relations');
    expect(formPath('/membershiprequest/:requestid', {})).toBeNull();
    const params = { requestid: '12' };
    expect(
      matchPath('/membershiprequest/:requestid', present(formPath('/membershiprequest/:requestid', params), 'a path')),
    ).toEqual(params);
  });
  it('give a detail screen an optional record id, and find routes by path', () => {
    expect(routePattern(routes[0])).toBe('/relations/:id?');
    expect(routePattern(routes[1])).toBe('/costcodes');
    expect(routeOfPath(routes, '/membershiprequest/9')).toEqual({
      name: 'membershiprequest',
      params: { requestid: '9' },
    });
    expect(routeOfPath(routes, '/relations/5')).toEqual({ name: 'relations', params: { id: '5' } });
    expect(routeOfPath(routes, '/nothing')).toBeNull();
  });
  it("split a route's parameters from the grid's query", () => {
    // Exact names: ID is the grid's filter on the ID column, id the record.
    expect(splitParams(routes[0], '?ID=R5&id=42')).toEqual({ params: { id: '42' }, query: '?ID=R5' });
    expect(splitParams(routes[0], '?Descr=x&$dataset=1')).toEqual({ params: {}, query: '?Descr=x&%24dataset=1' });
    expect(splitParams(routes[1], '?id=3')).toEqual({ params: {}, query: '?id=3' });
  });
});

describe('start with parameters', () => {
  it('?route=relations&id=42 opens record 42 of that screen', () => {
    expect(startOf(routes, '?route=relations&id=42&Descr=x')).toEqual({
      route: 'relations',
      params: { id: '42' },
      query: '?Descr=x',
    });
    const { route, params, query } = startOf(routes, '?route=relations&id=42');
    const state = initialState(routes, route, query, 0, params);
    expect(currentEntry(state)).toMatchObject({ name: 'relations', params: { id: '42' } });
  });
  it("a route named by its path carries the path's parameters", () => {
    expect(startOf(routes, '?route=/membershiprequest/7')).toEqual({
      route: 'membershiprequest',
      params: { requestid: '7' },
      query: '',
    });
  });
  it('an unknown start route falls back without the parameters', () => {
    const state = initialState(routes, 'nope', '', 0, { id: '1' });
    // The first route of the menu (titles sorted: Aanvraag), without the parameters asked for another.
    expect(currentEntry(state)).toMatchObject({ name: 'membershiprequest', params: {} });
  });
});

describe('entries a page pushes', () => {
  it('share the page; a navigation makes a new page', () => {
    let state = initialState(routes, 'relations');
    state = present(pushParamsState(state, { id: '42' }), 'a pushed entry');
    expect(state.entries.map((e) => [e.name, e.page, e.params])).toEqual([
      ['relations', 0, {}],
      ['relations', 0, { id: '42' }],
    ]);
    expect(previousOnPage(state)?.params).toEqual({});
    state = present(navigateState(state, 'costcodes'), 'the costcodes route');
    expect(state.entries[2].page).toBe(2);
    expect(previousOnPage(state)).toBeNull();
    state = goState(state, 1);
    expect(currentEntry(state)?.params).toEqual({ id: '42' });
  });
  it('Back closes the record, Forward opens it again, with browser history', () => {
    const history = fakeHistory();
    setupRouter(routes, { search: '?route=relations', history });
    const page = present(currentEntry(router), 'a current entry').page;
    pushParams({ id: '42' });
    expect(currentEntry(router)).toMatchObject({ page, params: { id: '42' } });
    expect(history.stack).toEqual([{ appRoute: 0 }, { appRoute: 1 }]);
    back();
    expect(currentEntry(router)).toMatchObject({ page, params: {} });
    history.go(1);
    expect(currentEntry(router)).toMatchObject({ page, params: { id: '42' } });
  });
  it('a new record gets its id in place, without a new entry', () => {
    setupRouter(routes, { search: '?route=relations', history: fakeHistory() });
    pushParams({ id: '0' });
    const { id } = present(currentEntry(router), 'a current entry');
    replaceParams({ id: '77' });
    expect(currentEntry(router)).toMatchObject({ id, params: { id: '77' } });
    expect(router.entries).toHaveLength(2);
  });
  it('returns to an entry by its id (Back that was cancelled)', () => {
    const history = fakeHistory();
    setupRouter(routes, { search: '?route=relations', history });
    pushParams({ id: '42' });
    const open = present(currentEntry(router), 'a current entry').id;
    back();
    returnTo(open);
    expect(currentEntry(router)?.id).toBe(open);
    expect(history.at).toBe(1);
  });
  it('without browser history the router moves by itself', () => {
    setupRouter(routes, { search: '?route=relations' });
    pushParams({ id: '1' });
    const open = present(currentEntry(router), 'a current entry').id;
    back();
    expect(currentEntry(router)?.params).toEqual({});
    returnTo(open);
    expect(currentEntry(router)?.params).toEqual({ id: '1' });
    expect(navigate('costcodes', {})).toBe(true);
  });
});
