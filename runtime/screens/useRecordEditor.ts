// Editing one record of a table: its form definition, load (new or by AutoID), change tracking
// (has-mutations), save with the spec's error handling. Pages only draw what this returns.
import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { useCallback, useRef, useState } from 'react';
import { api } from '../api/index.ts';
import type { ApiErrorBody } from '../api/index.ts';
import { showAlert, toast } from '../app/dialogs/index.ts';
import type { FormAnswer } from '../form/index.ts';
import { describeFailure } from './failures.ts';

type Row = Record<string, unknown>;

export interface RecordEditor {
  form: FormAnswer | null;
  record: Row | null;
  loading: boolean;
  saving: boolean;
  hasMutations: boolean;
  serverError: ApiErrorBody | null;
  /** Load a blank record (autoid 0) or an existing one; false when loading failed. */
  load: (autoid: number | (() => Promise<number>)) => Promise<boolean>;
  change: (record: Row) => void;
  /** Save; true on success (toast shown, flag cleared). */
  save: () => Promise<boolean>;
  reset: () => void;
}

const retrieving = () => i18n._(msg({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' }));
const saving = () => i18n._(msg({ id: 'errors.error_saving', message: 'Fout bij het opslaan van de gegevens.' }));
const saved = () => i18n._(msg({ id: 'batch_action_succeeded', message: 'Opgeslagen' }));

export function useRecordEditor(table: string): RecordEditor {
  const [form, setForm] = useState<FormAnswer | null>(null);
  const [record, setRecord] = useState<Row | null>(null);
  const [loading, setLoading] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [hasMutations, setMutations] = useState(false);
  const [serverError, setServerError] = useState<ApiErrorBody | null>(null);
  const formRef = useRef<FormAnswer | null>(null);
  const recordRef = useRef<Row | null>(null);
  const generation = useRef(0);

  const load = useCallback(async (autoid: number | (() => Promise<number>)) => {
    const mine = ++generation.current;
    setLoading(true);
    setServerError(null);
    setMutations(false);
    setRecord(null);
    recordRef.current = null;
    try {
      const formPromise = formRef.current ? Promise.resolve(formRef.current) : (api.getForm(table) as Promise<unknown> as Promise<FormAnswer>);
      const id = typeof autoid === 'function' ? await autoid() : autoid;
      const [definition, item] = await Promise.all([formPromise, id ? api.getItem(table, id) : api.getNew(table)]);
      if (mine !== generation.current) return false;
      formRef.current = definition;
      recordRef.current = item;
      setForm(definition);
      setRecord(item);
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
    setMutations(true);
  }, []);

  const save = useCallback(async () => {
    const current = recordRef.current;
    if (!current) return false;
    setSaving(true);
    try {
      const answer = await api.save(table, current);
      // Keep fields the save answer leaves out (e.g. list descriptions).
      const merged = { ...current, ...answer };
      recordRef.current = merged;
      setRecord(merged);
      setMutations(false);
      setServerError(null);
      toast('success', saved());
      return true;
    } catch (error) {
      const failure = describeFailure(error, saving());
      setServerError(failure.serverError);
      if (failure.alert) showAlert(saving());
      return false;
    } finally {
      setSaving(false);
    }
  }, [table]);

  const reset = useCallback(() => {
    generation.current++;
    recordRef.current = null;
    setRecord(null);
    setMutations(false);
    setServerError(null);
    setLoading(false);
  }, []);

  return { form, record, loading, saving: isSaving, hasMutations, serverError, load, change, save, reset };
}
