// React binding of a grid controller: one store per mounted grid, first load on mount, a reload of
// page 1 whenever the owner's refresh token or the user's language changes, the state kept for Back/Forward per router
// history entry, and the news of others' changes to its table (live events).
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api, type FlexRequest } from '../api/index.ts';
import { showAlert } from '../ui/dialogs/index.ts';
import { useHistoryEntry } from '../ui/navigation/index.ts';
import { EVENT_TYPES, recordChange, sameTable, useLiveEvents } from '../live/index.ts';
import { createGridController, type GridDeps } from './controller.ts';
import { keepGrid, keptGrid, memoryKey } from './gridMemory.ts';

/** What the owner fixes on every request, beyond the user's filters: a parent's rows, a data set. */
export type GridScope = Pick<FlexRequest, 'dataFilter' | 'dataSet'>;

export interface UseFlexGridOptions {
  control: string;
  query?: string;
  refreshToken?: number;
  scope?: GridScope;
  /** The user's language: the server answers the column titles in it, so another one reloads page 1. */
  locale?: string;
  deps?: Partial<GridDeps>;
}

function sessionStore(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function useFlexGrid({ control, query, refreshToken, scope, locale, deps }: UseFlexGridOptions) {
  // Read at each request, so a new scope needs no new controller (the grid keeps its view and filters).
  const scopeRef = useRef(scope);
  scopeRef.current = scope;
  const [controller] = useState(() =>
    createGridController(control, {
      flexData: (c, request) => api.flexData(c, { ...request, ...scopeRef.current }),
      userLayout: (c) => api.userLayout(c),
      layout: (id) => api.layout(id),
      storage: sessionStore(),
      loadFailed: () =>
        showAlert(i18n._(msg({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' }))),
      ...deps,
    }),
  );
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
  // Page 1 again, keeping the user's filters, when the owner asks (refreshToken), when another
  // data set (or parent) means other rows, or when the language changes the server's titles.
  const reloadKey = JSON.stringify([refreshToken, scope ?? null, locale]);
  const lastReload = useRef(reloadKey);
  useEffect(() => {
    if (lastReload.current === reloadKey) return;
    lastReload.current = reloadKey;
    controller.actions.refresh(true);
  }, [controller, reloadKey]);
  // Changes of others do not reload the rows under the user's eyes: the grid says it is out of date.
  useLiveEvents((message) => {
    const change = recordChange(message);
    if ((change && sameTable(change.table, control)) || message.EventType === EVENT_TYPES.DefinitionsChanged)
      controller.actions.markStale();
  });
  /** The request of the rows as they show now, with the owner's scope: what an export takes. */
  const currentRequest = (): FlexRequest => ({ ...controller.actions.currentRequest(), ...scopeRef.current });
  const state = useSnapshot(controller.store, { sync: true }); // sync keeps the caret of bound inputs in place
  return { state, actions: controller.actions, currentRequest };
}
