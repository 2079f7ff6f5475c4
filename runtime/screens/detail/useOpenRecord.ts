// The record a detail screen shows follows its router entry (?id): a row click pushes an entry
// for the record, so Back closes it and Forward opens it again. When the router moves away from
// a record with unsaved changes, the user is asked first; Cancel returns to the record's entry.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  back,
  currentEntry,
  previousOnPage,
  pushParams,
  replaceParams,
  returnTo,
  router,
  type RouteParams,
} from '../../ui/navigation/index.ts';
import { settleChanges } from '../settleChanges.ts';
import type { RecordEditor } from '../useRecordEditor.ts';

/** The record id a route names: a whole number (0 = a new record), else none. */
export function recordIdOf(params: RouteParams): number | null {
  const text = params.id;
  if (text === undefined || !/^\d+$/.test(text)) return null;
  return Number(text);
}

export interface OpenRecord {
  /** The record shown (0 = new), or null. */
  shown: number | null;
  open: (autoid: number) => void;
  /** Asks about unsaved changes, then closes; false when the user kept it open. */
  requestClose: () => Promise<boolean>;
  /** Close without asking (the record is gone). */
  leave: () => void;
  /** A new record was saved: its entry names it from now on. */
  saved: (autoid: number) => void;
}

export function useOpenRecord(params: RouteParams, editor: RecordEditor): OpenRecord {
  const wanted = recordIdOf(params);
  const entryId = currentEntry(useSnapshot(router))?.id ?? null;
  const [shown, setShown] = useState<{ id: number; entry: number | null } | null>(null);
  const asking = useRef(false);
  const editorRef = useRef(editor);
  editorRef.current = editor;
  const wantedRef = useRef(wanted);
  wantedRef.current = wanted;

  const show = useCallback((id: number | null, entry: number | null) => {
    const current = editorRef.current;
    if (id === null) {
      setShown(null);
      current.reset();
      return;
    }
    setShown({ id, entry });
    // A new record that was just saved is the record now shown: nothing to load.
    if (Number(current.record?.AutoID ?? -1) !== id || id === 0) void current.load(id);
  }, []);

  useEffect(() => {
    if (asking.current) return;
    const shownId = shown?.id ?? null;
    if (wanted === shownId) return;
    if (!shown || !editorRef.current.hasMutations) {
      show(wanted, entryId);
      return;
    }
    // The router moved away from a record with changes (Back, Forward): ask before leaving it.
    asking.current = true;
    void settleChanges(editorRef.current).then((settled) => {
      asking.current = false;
      if (!settled) {
        if (shown.entry !== null) returnTo(shown.entry);
        return;
      }
      show(wantedRef.current, currentEntry(router)?.id ?? null);
    });
  }, [wanted, entryId, shown, show]);

  const leave = useCallback(() => {
    const previous = previousOnPage(router);
    // Opened from the overview: step back to it; opened at start (?id=): drop the id in place.
    if (previous && recordIdOf(previous.params) === null) back();
    else replaceParams({});
  }, []);

  const requestClose = useCallback(async () => {
    if (!(await settleChanges(editorRef.current))) return false;
    leave();
    return true;
  }, [leave]);

  const open = useCallback((autoid: number) => pushParams({ id: String(autoid) }), []);
  const saved = useCallback((autoid: number) => {
    setShown((s) => (s ? { ...s, id: autoid } : s));
    replaceParams({ id: String(autoid) });
  }, []);

  return { shown: shown?.id ?? null, open, requestClose, leave, saved };
}
