// Shared runtime state: permissions, the unsaved-changes guard and the local licence entry.
export {
  ACTION_CODES,
  can,
  clearPermissions,
  debugMode,
  ensure,
  entriesFor,
  permissions,
  unknownEntries,
  useScreenRights,
} from './permissions.ts';
export type { Action, PermissionState, Rights, ScreenRights } from './permissions.ts';
export { useBeforeUnload, warnOnUnload } from './unsaved.ts';
export { checkLicence, keepLicence, LICENCE_PREFIX } from './licence.ts';
