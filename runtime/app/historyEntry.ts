// Which router history entry a page is drawn in. Pages use it to keep their state for Back and
// Forward, which show the same entry again, apart from a fresh navigation, which makes a new one.
import { createContext, useContext } from 'react';

export const HistoryEntryContext = createContext<number | null>(null);

/** The entry's id, or null outside the router (a component drawn on its own). */
export function useHistoryEntry(): number | null {
  return useContext(HistoryEntryContext);
}
