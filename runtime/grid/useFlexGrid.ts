// React binding of a grid controller: one store per mounted grid, first load on mount,
// and a reload of page 1 whenever the owner's refresh token changes.
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../api/index.ts';
import { createGridController, type GridDeps } from './controller.ts';

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
    storage: sessionStore(),
    ...deps,
  }));
  useEffect(() => {
    void controller.actions.init(query);
    return () => controller.actions.dispose();
    // The URL query is read once, when the grid opens (spec 1 section 2), so it is no dependency.
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
