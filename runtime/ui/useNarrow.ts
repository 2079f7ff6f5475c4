// Whether the window is narrow (a phone): the layout's one breakpoint, as app.css has it.
import { useEffect, useState } from 'react';

const NARROW = '(max-width: 767px)';

/** Whether the window is narrow now (outside React, or at a moment such as a dialog opening). */
export function isNarrow(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches;
}

export function useNarrow(): boolean {
  const [query] = useState(() =>
    typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(NARROW) : null,
  );
  const [narrow, setNarrow] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return undefined;
    const changed = () => setNarrow(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, [query]);
  return narrow;
}
