// Keeps a closing modal mounted for the leave fade, so it can animate out before unmounting.
import { useEffect, useState } from 'react';
import { MODAL_LEAVE_MS } from './dialogs.ts';

export function useFade(open: boolean): { mounted: boolean; leaving: boolean } {
  const [mounted, setMounted] = useState(open);
  useEffect(() => {
    if (open) {
      setMounted(true);
      return;
    }
    const timer = setTimeout(() => setMounted(false), MODAL_LEAVE_MS);
    return () => clearTimeout(timer);
  }, [open]);
  return { mounted: open || mounted, leaving: !open && mounted };
}
