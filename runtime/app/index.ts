// The shell's public entry.
export { App } from './App.tsx';
export { licenceChanged } from './shell.ts';
export { leaveTo, useLeaveGuard } from './leaving.ts';
export {
  back, currentEntry, currentScreen, goState, initialState, navigate, navigateState, onPopState, pageQuery, previousOnPage, pushParams,
  pushParamsState, replaceParams, replaceParamsState, replaceRoutes, returnTo, router, setupRouter, startOf,
} from './router.ts';
export type { HistoryEntry, HistoryPort, RouterState } from './router.ts';
export { formPath, matchPath, patternParams, routeOfPath, routePattern, splitParams } from './paths.ts';
export type { RouteParams } from './paths.ts';
export { HistoryEntryContext, useHistoryEntry } from './historyEntry.ts';
export { breadcrumbs, DEFAULT_START_ROUTE, menuGroups, startRoute } from './routes.ts';
export type { Crumb, MenuGroup } from './routes.ts';
