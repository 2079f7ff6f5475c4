// Shared runtime state: permissions and the unsaved-changes guard.
export { can } from './permissions.ts';
export type { Action } from './permissions.ts';
export { useBeforeUnload, warnOnUnload } from './unsaved.ts';
