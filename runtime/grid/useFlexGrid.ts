// React binding of a grid controller: one store per mounted grid, first load on mount, a reload of
// page 1 whenever the owner's refresh token changes, and the state kept for Back/Forward per
// router history entry.
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../api/index.ts';
import { useHistoryEntry } from '../app/historyEntry.ts';
import { createGridController, type GridDeps } from './controller.ts';
import { keepGrid, keptGrid, memoryKey } from './gridMemory.ts';

export interface UseFlexGridOptions {
  control: string;
  query?: string;
  refreshToken?: number;
  deps?: Partial<GridDeps>;
}

function sessionStore(): Storage | undefined {
  try { return globalThis.sessionStorage; } catch { return undefined; }
}

export function useFlexGrid({ control, query, refreshToken, deps }: UseFlexGridOptions) {
  const [controller] = useState(() => createGridController(control, {
    flexData: (c, request) => api.flexData(c, request),
    userLayout: (c) => api.userLayout(c),
    layout: (id) => api.layout(id),
    storage: sessionStore(),
    ...deps,
  }));
  const historyEntry = useHistoryEntry();
  useEffect(() => {
    const key = historyEntry === null ? null : memoryKey(historyEntry, control);
    void controller.actions.init(query, key ? keptGrid(key) : undefined);
    return () => {
      const kept = controller.actions.capture();
      if (key && kept) keepGrid(key, kept);
      controller.actions.dispose();
    };
    // The URL query is read once, when the grid opens (spec 1 section 2); the history entry and
    // control are fixed for a mounted grid (PageHost and FlexGrid key by them).
  }, [controller]);
  const lastToken = useRef(refreshToken);
  useEffect(() => {
    if (lastToken.current === refreshToken) return;
    lastToken.current = refreshToken;
    controller.actions.refresh(true);
  }, [controller, refreshToken]);
  const state = useSnapshot(controller.store, { sync: true }); // sync keeps the caret of bound inputs in place
  return { state, actions: controller.actions };
}
