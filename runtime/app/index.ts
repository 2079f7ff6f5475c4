// The shell's public entry.
export { App } from './App.tsx';
export { back, currentEntry, currentScreen, goState, initialState, navigate, navigateState, onPopState, pageQuery, router, setupRouter } from './router.ts';
export type { HistoryEntry, HistoryPort, RouterState } from './router.ts';
export { HistoryEntryContext, useHistoryEntry } from './historyEntry.ts';
export { breadcrumbs, DEFAULT_START_ROUTE, menuGroups, startRoute } from './routes.ts';
export type { Crumb, MenuGroup } from './routes.ts';
