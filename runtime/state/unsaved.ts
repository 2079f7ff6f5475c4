// The browser's leave-page warning while a page holds unsaved changes.
import { useEffect } from 'react';

/** Whether a beforeunload event should warn; kept pure so the rule is testable. */
export function warnOnUnload(
  event: Pick<BeforeUnloadEvent, 'preventDefault'> & { returnValue?: unknown },
  dirty: boolean,
): boolean {
  if (!dirty) return false;
  event.preventDefault();
  // Older browsers need returnValue set to show the prompt.
  event.returnValue = '';
  return true;
}

export function useBeforeUnload(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const handler = (event: BeforeUnloadEvent) => warnOnUnload(event, true);
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, [dirty]);
}
