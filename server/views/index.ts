// Saved views of the grids: the module's public entry.
export {
  availableColumns,
  availableFilters,
  createLayout,
  deleteLayout,
  layout,
  layouts,
  makeDefault,
  mayResetUser,
  permissionsOf,
  resetUser,
  shareableGroups,
  userDefaults,
  updateLayout,
  userLayout,
} from './views.ts';
export { deleteUserViews } from './store.ts';
export type { CreateRequest, LayoutAnswer, ViewContext, ViewPrincipal } from './views.ts';
export type { LayoutColumn, LayoutContent } from './payload.ts';
