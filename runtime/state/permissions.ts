// Rights check for the shell and pages. Until users and sessions exist everything is permitted;
// the next issue fills this in from the screen's rights (read/create/update/delete codes).
import type { ScreenInfo } from '../api/index.ts';

export type Action = 'read' | 'create' | 'update' | 'delete';

export function can(_action: Action, _screen?: ScreenInfo | null): boolean {
  return true;
}
