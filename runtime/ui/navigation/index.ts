// Navigation's public entry: the in-memory router, route patterns, the route table, the page a
// component is drawn in, and leaving a page with unsaved changes.
export { leaveTo, useLeaveGuard } from './leaving.ts';
export { NoScreenRight, refusedRoute } from './NoRights.tsx';
export {
  back,
  currentEntry,
  currentScreen,
  navigate,
  onPopState,
  pageQuery,
  previousOnPage,
  pushParams,
  replaceParams,
  replaceRoutes,
  returnTo,
  router,
  setupRouter,
} from './router.ts';
export type { HistoryEntry, HistoryPort, RouterState } from './router.ts';
export { formPath } from './paths.ts';
export type { RouteParams } from './paths.ts';
export { HistoryEntryContext, useHistoryEntry } from './historyEntry.ts';
export { breadcrumbs, HOME_ROUTE, matchesSearch, menuGroups } from './routes.ts';
export type { Crumb, MenuGroup } from './routes.ts';
export { homeScreen, loginScreen, reloadScreens, routeTable } from './routeTable.ts';
