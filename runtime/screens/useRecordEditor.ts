// Editing one record of a table: its form definition, load (new or by AutoID), change tracking
// (has-mutations), save with the spec's error handling and the table's confirms, discard, and a
// quiet reload that tells when the record is gone (no longer visible to the user). The logic is
// the headless controller in editor/; this binds it to a page: one controller per table, the
// page's dialogs, and the form read again when the definitions change. Pages only draw what this
// returns.
import { useEffect, useMemo, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../api/index.ts';
import type { ApiErrorBody } from '../api/index.ts';
import type { FormAnswer } from '../form/index.ts';
import { definitions } from '../live/index.ts';
import { confirm, showAlert, toast } from '../ui/dialogs/index.ts';
import { createRecordEditorController, type RecordEditorDeps, type RefreshOutcome, type Row } from './editor/index.ts';

export type { RefreshOutcome } from './editor/index.ts';

export interface RecordEditor {
  /** The table edited. */
  table: string;
  form: FormAnswer | null;
  record: Row | null;
  /** The record as last loaded or saved (what discard returns to). */
  stored: Row | null;
  loading: boolean;
  saving: boolean;
  hasMutations: boolean;
  serverError: ApiErrorBody | null;
  /** Load a blank record (autoid 0, with defaults over the server's) or an existing one; false when loading failed. */
  load: (autoid: number | (() => Promise<number>), options?: { defaults?: Row }) => Promise<boolean>;
  change: (record: Row) => void;
  /** Save after the table's confirms; true on success (toast shown, flag cleared). */
  save: () => Promise<boolean>;
  /** Back to the record as last loaded or saved. */
  discard: () => void;
  /** The record as it is now (after a save: as saved), outside the render cycle. */
  current: () => Row | null;
  /** Read the open record again (after an action): 'gone' when the server no longer shows it (404). */
  reload: () => Promise<'ok' | 'gone' | 'failed'>;
  /**
   * Read the open record again without losing the user's edits (see the controller's refresh).
   * An editor without it (a stand-in) has every live change of its record told as someone else's.
   */
  refresh?: (options?: { takeNewer?: boolean }) => Promise<RefreshOutcome>;
  reset: () => void;
}

/** The page's calls and dialogs. */
const pageDeps: RecordEditorDeps = {
  calls: api,
  confirm: (question) => confirm(question),
  alert: (text) => {
    showAlert(text);
  },
  toast: (text) => {
    toast('success', text);
  },
};

export function useRecordEditor(table: string): RecordEditor {
  const controller = useMemo(() => createRecordEditorController(table, pageDeps), [table]);
  // sync: a change is drawn in the same turn as the key press, so the caret of the field stays put.
  const state = useSnapshot(controller.store, { sync: true });

  // The definitions changed (live event): the form is read again; the record and its edits stay.
  const definitionsVersion = useSnapshot(definitions).version;
  const seenVersion = useRef(definitionsVersion);
  useEffect(() => {
    if (seenVersion.current === definitionsVersion) return;
    seenVersion.current = definitionsVersion;
    controller.actions.formChanged();
  }, [definitionsVersion, controller]);

  const { actions } = controller;
  return {
    table,
    form: state.form as FormAnswer | null,
    record: state.record,
    stored: state.stored,
    loading: state.loading,
    saving: state.saving,
    hasMutations: state.hasMutations,
    serverError: state.serverError as ApiErrorBody | null,
    load: actions.load,
    change: actions.change,
    save: actions.save,
    discard: actions.discard,
    current: actions.current,
    reload: actions.reload,
    refresh: actions.refresh,
    reset: actions.reset,
  };
}
