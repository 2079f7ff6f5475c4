// Leaving a page that holds unsaved changes: the menu, the breadcrumbs and links within the app go
// through `leaveTo`, which asks the page's guard first (Opslaan / Niet opslaan / Annuleren, as the
// record dialog asks). The browser's own leave (reload, closing the tab) is the beforeunload
// warning of useBeforeUnload.
import { useEffect, useRef } from 'react';
import { askUnsaved } from '../dialogs/index.ts';
import type { RouteParams } from './paths.ts';
import { navigate } from './router.ts';

type Guard = () => Promise<boolean>;
let guard: Guard | null = null;

/** Navigates once the page being left allows it; false when the user stayed. */
export async function leaveTo(name: string, params: RouteParams = {}): Promise<boolean> {
  if (guard && !(await guard())) return false;
  return navigate(name, params);
}

/** While `dirty`, leaving the page asks first; Opslaan leaves only when `save` succeeded. */
export function useLeaveGuard(dirty: boolean, save: () => Promise<boolean>): void {
  const saving = useRef(save);
  saving.current = save;
  useEffect(() => {
    if (!dirty) return undefined;
    const mine: Guard = async () => {
      const answer = await askUnsaved();
      if (answer === 'cancel') return false;
      return answer === 'discard' || saving.current();
    };
    guard = mine;
    return () => {
      if (guard === mine) guard = null;
    };
  }, [dirty]);
}
