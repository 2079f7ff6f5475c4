// Editing one record of a table: its form definition, load (new or by AutoID), change tracking
// (has-mutations), save with the spec's error handling and the table's confirms, discard, and a
// quiet reload that tells when the record is gone (no longer visible to the user). Pages only
// draw what this returns.
import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api, CallFailed } from '../api/index.ts';
import type { ApiErrorBody } from '../api/index.ts';
import { confirm, showAlert, toast } from '../ui/dialogs/index.ts';
import { confirmsFor } from '../form/index.ts';
import type { FormAnswer } from '../form/index.ts';
import { definitions } from '../live/index.ts';
import { describeFailure, retrievingFailed as retrieving, savingFailed as saving } from './failures.ts';

type Row = Record<string, unknown>;

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
   * Read the open record again without losing the user's edits. With the TimeStamp the form holds,
   * nobody saved it since: what the server keeps of it (totals of its rows) is taken in quietly,
   * every field the user changed kept ('same'). With another TimeStamp someone saved it: it is left
   * as it is ('changed'), unless `takeNewer` and the user changed nothing, when it is shown as now.
   * An editor without it (a stand-in) has every live change of its record told as someone else's.
   */
  refresh?: (options?: { takeNewer?: boolean }) => Promise<RefreshOutcome>;
  reset: () => void;
}

export type RefreshOutcome = 'same' | 'changed' | 'gone' | 'failed';

const blank = (value: unknown) => value === null || value === undefined || value === '';

const sameValue = (a: unknown, b: unknown) => (blank(a) && blank(b)) || JSON.stringify(a) === JSON.stringify(b);

/** Whether two versions of a record hold the same values (an empty text counts as none). */
export function sameValues(a: Row, b: Row | null): boolean {
  if (!b) return false;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].every((key) => sameValue(a[key], b[key]));
}

/** Whether two reads of a record are of the same version (a record without a TimeStamp never is). */
export function sameVersion(a: Row | null, b: Row | null): boolean {
  const stamp = (row: Row | null) => row?.TimeStamp;
  return stamp(a) !== undefined && stamp(a) !== null && String(stamp(a)) === String(stamp(b));
}

/**
 * The record read again over the one the user is editing: every value as read, but those the user
 * changed since it was loaded (`stored`), which stay as the user has them.
 */
export function withEdits(read: Row, edited: Row, stored: Row): Row {
  const merged: Row = { ...read };
  for (const key of Object.keys(edited)) if (!sameValue(edited[key], stored[key])) merged[key] = edited[key];
  return merged;
}

const saved = () => i18n._(msg({ id: 'batch_action_succeeded', message: 'Opgeslagen' }));

/**
 * A changed type loses the properties the new type lacks: the server counts what is lost and
 * kept, and the user says whether to go on. Nothing lost, nothing asked.
 */
async function typeChangeAccepted(table: string, field: string | undefined, record: Row, stored: Row | null): Promise<boolean> {
  const id = Number(record.AutoID ?? 0);
  if (!field || !id || !stored || record[field] === stored[field]) return true;
  try {
    const impact = await api.typeChange(table, id, (record[field] as number | null) ?? null);
    return impact.Lost === 0 || (await confirm(impact.Message)) === 'yes';
  } catch (error) {
    console.error(error);
    showAlert(saving());
    return false;
  }
}

export function useRecordEditor(table: string): RecordEditor {
  const [form, setForm] = useState<FormAnswer | null>(null);
  const [record, setRecord] = useState<Row | null>(null);
  const [stored, setStored] = useState<Row | null>(null);
  const [loading, setLoading] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [hasMutations, setMutations] = useState(false);
  const [serverError, setServerError] = useState<ApiErrorBody | null>(null);
  const formRef = useRef<FormAnswer | null>(null);
  const recordRef = useRef<Row | null>(null);
  /** The record as last loaded or saved, which discard returns to. */
  const storedRef = useRef<Row | null>(null);
  const generation = useRef(0);
  /** Moves when a save starts and when it ends. */
  const saves = useRef(0);

  const show = (row: Row | null) => {
    recordRef.current = row;
    storedRef.current = row;
    setRecord(row);
    setStored(row);
    setMutations(false);
  };

  // The definitions changed (live event): the form is read again; the record and its edits stay.
  const definitionsVersion = useSnapshot(definitions).version;
  const seenVersion = useRef(definitionsVersion);
  useEffect(() => {
    if (seenVersion.current === definitionsVersion) return;
    seenVersion.current = definitionsVersion;
    if (!formRef.current) return;
    formRef.current = null;
    api.getForm(table).then((answer) => {
      formRef.current = answer as unknown as FormAnswer;
      setForm(formRef.current);
    }, (error) => console.warn(`GetForm ${table} after a definitions change`, error));
  }, [definitionsVersion, table]);

  const load = useCallback(async (autoid: number | (() => Promise<number>), options: { defaults?: Row } = {}) => {
    const mine = ++generation.current;
    setLoading(true);
    setServerError(null);
    show(null);
    try {
      const formPromise = formRef.current ? Promise.resolve(formRef.current) : (api.getForm(table) as Promise<unknown> as Promise<FormAnswer>);
      const id = typeof autoid === 'function' ? await autoid() : autoid;
      const [definition, item] = await Promise.all([formPromise, id ? api.getItem(table, id) : api.getNew(table)]);
      if (mine !== generation.current) return false;
      formRef.current = definition;
      setForm(definition);
      show(id ? item : { ...item, ...options.defaults });
      return true;
    } catch (error) {
      if (mine !== generation.current) return false;
      console.error(error);
      const failure = describeFailure(error, retrieving());
      setServerError(failure.serverError);
      showAlert(retrieving());
      return false;
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, [table]);

  const change = useCallback((next: Row) => {
    recordRef.current = next;
    setRecord(next);
    // Typed back to what is stored, the record has nothing to save (and nothing to ask about).
    setMutations(!sameValues(next, storedRef.current));
  }, []);

  const save = useCallback(async () => {
    const current = recordRef.current;
    if (!current) return false;
    // The table's confirms: each question that applies must be answered yes.
    for (const question of confirmsFor(formRef.current?.Confirms, current)) {
      if ((await confirm(question)) !== 'yes') return false;
    }
    if (!(await typeChangeAccepted(table, formRef.current?.TypeField, current, storedRef.current))) return false;
    setSaving(true);
    // A quiet read that overlaps the save may have read the record before it: it is not the news.
    saves.current++;
    try {
      const answer = await api.save(table, current);
      // Keep fields the save answer leaves out (e.g. list descriptions).
      const merged = { ...current, ...answer };
      show(merged);
      setServerError(null);
      toast('success', saved());
      return true;
    } catch (error) {
      const failure = describeFailure(error, saving());
      setServerError(failure.serverError);
      if (failure.alert) showAlert(saving());
      return false;
    } finally {
      saves.current++;
      setSaving(false);
    }
  }, [table]);

  const discard = useCallback(() => {
    recordRef.current = storedRef.current;
    setRecord(storedRef.current);
    setMutations(false);
    setServerError(null);
  }, []);

  const reload = useCallback(async (): Promise<'ok' | 'gone' | 'failed'> => {
    const id = Number(recordRef.current?.AutoID ?? 0);
    if (!id) return 'ok';
    const mine = ++generation.current;
    try {
      const item = await api.getItem(table, id);
      if (mine === generation.current) {
        show(item);
        setServerError(null);
      }
      return 'ok';
    } catch (error) {
      if (error instanceof CallFailed && error.status === 404) return 'gone';
      console.error(error);
      showAlert(retrieving());
      return 'failed';
    }
  }, [table]);

  const refresh = useCallback(async ({ takeNewer = false }: { takeNewer?: boolean } = {}): Promise<RefreshOutcome> => {
    const id = Number(recordRef.current?.AutoID ?? 0);
    if (!id) return 'same';
    // Another load, reload or save meanwhile decides what the form holds: this read is then ignored.
    const mine = generation.current;
    const savesBefore = saves.current;
    // A save under way answers with the record as it is then.
    if (savesBefore % 2 === 1) return 'same';
    let item: Row;
    try {
      item = await api.getItem(table, id);
    } catch (error) {
      if (error instanceof CallFailed && error.status === 404) return 'gone';
      console.warn(`GetItem ${table} ${id}`, error);
      return 'failed';
    }
    const stored = storedRef.current;
    const edited = recordRef.current;
    if (mine !== generation.current || savesBefore !== saves.current || !stored || !edited || Number(edited.AutoID) !== id) return 'same';
    if (!sameVersion(item, stored)) {
      if (!takeNewer || !sameValues(edited, stored)) return 'changed';
      show(item);
      return 'same';
    }
    const merged = withEdits(item, edited, stored);
    recordRef.current = merged;
    storedRef.current = item;
    setRecord(merged);
    setStored(item);
    setMutations(!sameValues(merged, item));
    return 'same';
  }, [table]);

  const reset = useCallback(() => {
    generation.current++;
    show(null);
    setServerError(null);
    setLoading(false);
  }, []);

  const current = useCallback(() => recordRef.current, []);

  return { table, form, record, stored, loading, saving: isSaving, hasMutations, serverError, load, change, save, discard, current, reload, refresh, reset };
}
