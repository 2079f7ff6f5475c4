// Which router page a component is drawn in. Pages use it to keep their state for Back and
// Forward, which show the same page again, apart from a fresh navigation, which makes a new one.
// Entries a page pushes for its own parameters (an open record) share the page's id.
import { createContext, useContext } from 'react';

export const HistoryEntryContext = createContext<number | null>(null);

/** The page's id, or null outside the router (a component drawn on its own). */
export function useHistoryEntry(): number | null {
  return useContext(HistoryEntryContext);
}
