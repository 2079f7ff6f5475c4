// The dialog layer under the shell: notices, store-driven dialogs, and Escape for the top-most one.
import { useEffect } from 'react';
import { closeTop } from './dialogs.ts';
import { DialogStack } from './DialogStack.tsx';
import { Alerts, Toasts } from './Notices.tsx';

export function DialogLayer() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && closeTop()) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      {/* Store dialogs (confirm, unsaved changes) are asked from within page modals, so they stack above them. */}
      <div className="app-dialog-stack">
        <DialogStack />
      </div>
      <Alerts />
      <Toasts />
    </>
  );
}
