// Whether the server refuses the user the read right of a screen the menu still offers: the
// menu is read at sign-in, and a right taken away since would leave an empty grid with an error.
// Only a known refusal counts; while the answer is out (or when asking failed) the page shows.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { ScreenInfo } from '../api/index.ts';
import { can, ensure, entriesFor, permissions, unknownEntries } from '../state/index.ts';

export function useReadRefused(screen: Pick<ScreenInfo, 'rights'>): boolean {
  const snap = useSnapshot(permissions);
  const code = screen.rights?.read;
  useEffect(() => {
    void ensure(entriesFor(code, 'read'));
  }, [code]);
  const entries = entriesFor(code, 'read');
  return entries.length > 0 && unknownEntries(entries, snap.known).length === 0 && !can(code, 'read', snap);
}
