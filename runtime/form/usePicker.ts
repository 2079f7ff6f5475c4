// The list picker's controller: the pure reducer plus searching (debounced), paging (throttled)
// and fetching the selected entry's text. Components only draw what it answers.
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { PICKER_PAGE_SIZE } from '../../definitions/language/index.ts';
import { CallFailed, type LookupEntry } from '../api/index.ts';
import type { ListClient } from './context.ts';
import {
  PICKER_SCROLL_THROTTLE_MS,
  PICKER_SEARCH_DEBOUNCE_MS,
  acceptedEntry,
  archiveFlag,
  createHighlighted,
  entryValue,
  focusOpenDelay,
  hasPickerValue,
  initialPicker,
  pickerKey,
  pickerReducer,
  searchText,
  shouldLoadMore,
  throttle,
} from './rules/index.ts';
import type { ListConfig } from './types.ts';

export interface PickerOptions {
  value: unknown;
  /** The record's `<Field>_Descr`, when the server sent it. */
  descr?: unknown;
  config: ListConfig;
  parameters: Record<string, unknown>;
  client: ListClient;
  /** The chosen entry's AutoID (a list) or code (a catalogue), or null. */
  onChange: (value: number | string | null) => void;
  /** Makes a new row ("+ Nieuw", the entry after the list's own); absent when the user may not. */
  create?: () => void;
}

const errorText = (error: unknown) =>
  error instanceof CallFailed
    ? error.body?.Error || error.message
    : error instanceof Error
      ? error.message
      : String(error);

export function usePicker({ value, descr, config, parameters, client, onChange, create }: PickerOptions) {
  const [state, dispatch] = useReducer(pickerReducer, typeof descr === 'string' ? descr : '', initialPicker);
  const [singleError, setSingleError] = useState<string | null>(null);
  const known = useRef<{ id: unknown; text: string }>({ id: value, text: typeof descr === 'string' ? descr : '' });
  const request = useRef(0);
  const opening = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stopOpening = () => {
    clearTimeout(opening.current);
    opening.current = undefined;
  };
  useEffect(() => stopOpening, []);
  const paramKey = JSON.stringify(parameters);

  // The selection's text: known after an accept, from the record, else fetched (SingleMethod).
  useEffect(() => {
    if (known.current.id === value && (known.current.text || !hasPickerValue(value))) {
      dispatch({ type: 'selected', text: known.current.text });
      return;
    }
    setSingleError(null);
    if (!hasPickerValue(value)) {
      known.current = { id: value, text: '' };
      dispatch({ type: 'selected', text: '' });
      return;
    }
    if (typeof descr === 'string' && descr) {
      known.current = { id: value, text: descr };
      dispatch({ type: 'selected', text: descr });
      return;
    }
    let live = true;
    client.single(config.SingleMethod, value).then(
      (entry) => {
        if (live) {
          known.current = { id: value, text: entry.Descr };
          dispatch({ type: 'selected', text: entry.Descr });
        }
      },
      (error) => {
        if (live) setSingleError(errorText(error));
      },
    );
    return () => {
      live = false;
    };
  }, [value, descr, config.SingleMethod, client]);

  const load = (page: number, searchKey: string) => {
    const id = ++request.current;
    dispatch({ type: 'loading' });
    const body = { searchKey, page, pageSize: PICKER_PAGE_SIZE, ...archiveFlag(config.ListMethod), ...parameters };
    client.list(config.ListMethod, body).then(
      (answer) => {
        if (id === request.current)
          dispatch({ type: 'results', items: answer.Data, page, hasMore: answer.Meta.HasMore });
      },
      (error) => {
        // Search failures are logged only (spec 1 section 8).
        console.error('list search failed', config.ListMethod, error);
        if (id === request.current) dispatch({ type: 'failed' });
      },
    );
  };
  const loadRef = useRef(load);
  loadRef.current = load;

  // Typing searches after a pause; opening the dropdown searches at once with the empty text.
  const search = searchText(state);
  useEffect(() => {
    if (!state.open) return;
    const timer = setTimeout(() => loadRef.current(0, search), search ? PICKER_SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [state.open, search, paramKey]);

  const stateRef = useRef(state);
  stateRef.current = state;
  const loadMore = useMemo(
    () =>
      throttle(() => {
        const s = stateRef.current;
        if (shouldLoadMore(s)) loadRef.current(s.page + 1, searchText(s));
      }, PICKER_SCROLL_THROTTLE_MS),
    [],
  );

  const accept = (entry: LookupEntry | null) => {
    stopOpening();
    const next = entry ? entryValue(entry, config) : null;
    known.current = { id: next, text: entry ? entry.Descr : '' };
    setSingleError(null);
    dispatch({ type: 'accept', entry });
    if (next !== (hasPickerValue(value) ? value : null)) onChange(next);
  };

  /** Answers whether the key was handled (the input then prevents its default). */
  const onKey = (key: string, keyCode: number | undefined, blur: () => void): boolean => {
    const effect = pickerKey(key, keyCode);
    if (!effect) return false;
    switch (effect.kind) {
      case 'move':
        dispatch({ type: 'move', by: effect.by, extra: create ? 1 : 0 });
        return true;
      case 'accept': {
        // Enter on "+ Nieuw" makes a row; Tab leaves it, as it leaves any entry not chosen.
        if (create && key === 'Enter' && createHighlighted(stateRef.current)) {
          create();
          return true;
        }
        const entry = acceptedEntry(stateRef.current);
        if (entry) accept(entry);
        return key === 'Enter' && stateRef.current.open;
      }
      // Escape closes an open list only; with the list closed it reaches the dialog, which closes.
      case 'blur':
        if (!stateRef.current.open) return false;
        blur();
        return true;
      case 'advanced':
        dispatch({ type: 'advanced', open: true });
        return true;
    }
  };

  return {
    state,
    singleError,
    /**
     * Focus shows the value as it is; the list opens after focusOpenDelay (at once from a click),
     * unless told not to (focus coming back from a dialog the picker opened).
     */
    focus: (fromAnotherElement: boolean, open = true) => {
      stopOpening();
      dispatch({ type: 'focus' });
      if (!open) return;
      const delay = focusOpenDelay(fromAnotherElement);
      if (delay) opening.current = setTimeout(() => dispatch({ type: 'open' }), delay);
      else dispatch({ type: 'open' });
    },
    open: () => {
      stopOpening();
      dispatch({ type: 'open' });
    },
    type: (text: string) => {
      stopOpening();
      dispatch({ type: 'type', text });
    },
    blur: () => {
      stopOpening();
      dispatch({ type: 'blur' });
    },
    /** Reads the chosen row's text again (its record may have been changed in a dialog). */
    refresh: () => {
      if (!hasPickerValue(value)) return;
      const id = value;
      client.single(config.SingleMethod, id).then(
        (entry) => {
          if (known.current.id !== id) return;
          known.current = { id, text: entry.Descr };
          dispatch({ type: 'selected', text: entry.Descr });
        },
        (error) => setSingleError(errorText(error)),
      );
    },
    closeAdvanced: () => dispatch({ type: 'advanced', open: false }),
    openAdvanced: () => dispatch({ type: 'advanced', open: true }),
    accept,
    onKey,
    loadMore,
  };
}
