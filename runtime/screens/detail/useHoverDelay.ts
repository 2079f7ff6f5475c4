// Shows something after the pointer (or keyboard focus) has rested on an element for a while, as
// the change tracker does after 2 s (spec 1 section 9); leaving hides it again.
import { useCallback, useEffect, useRef, useState } from 'react';

export const CHANGE_TRACKER_DELAY_MS = 2000;

export function useHoverDelay(ms = CHANGE_TRACKER_DELAY_MS) {
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const enter = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown(true), ms);
  }, [ms]);
  const leave = useCallback(() => {
    clearTimeout(timer.current);
    setShown(false);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { shown, handlers: { onMouseEnter: enter, onMouseLeave: leave, onFocus: enter, onBlur: leave } };
}
