// Whether the window is narrow (a phone): the layout's one breakpoint, as app.css has it.
import { useEffect, useState } from 'react';

const NARROW = '(max-width: 767px)';

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
