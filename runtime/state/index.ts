// Shared runtime state: permissions and the unsaved-changes guard.
export { ACTION_CODES, can, clearPermissions, debugMode, ensure, entriesFor, permissions, unknownEntries, useScreenRights } from './permissions.ts';
export type { Action, PermissionState, Rights, ScreenRights } from './permissions.ts';
export { useBeforeUnload, warnOnUnload } from './unsaved.ts';
