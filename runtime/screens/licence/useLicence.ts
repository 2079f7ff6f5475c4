// The licence page's state (spec 1 §4): loaded with Get (and PrCode while the licence has no
// product code), read-only until Edit or a paste that was read, Save back to read-only. After a
// Save the menu follows the licence's modules at once.
import { useCallback, useEffect, useRef, useState } from 'react';
import { canCopy, joinProductCode, readPastedLicence } from '../../../definitions/language/index.ts';
import { api, CallFailed, errorText } from '../../api/index.ts';
import type { LicenceAnswer } from '../../api/index.ts';
import { showAlert, toast } from '../../ui/dialogs/index.ts';
import { ensure, entriesFor, type Rights } from '../../state/index.ts';
import { copyText } from './clipboard.ts';
import { licenceChanged } from './licenceChanged.ts';
import { cannotRead, copied, copyFailed, retrieving, saved, saving as savingFailed } from './messages.ts';
import { EMPTY_FORM, formOf, pastedInto, sameForm, saveBody, type LicenceForm } from './model.ts';

/** A refused Save: the server's Error on the form, its field messages under their fields. */
export interface SaveFailure {
  error: string;
  fields: Readonly<Record<string, readonly string[]>>;
}

function failureOf(error: unknown): SaveFailure {
  const body = error instanceof CallFailed ? error.body : null;
  const text = body?.Error || savingFailed();
  // A field message that only repeats the Error on top is not said twice.
  const fields = Object.fromEntries(
    Object.entries(body?.ModelState ?? {}).map(([field, messages]) => [field, messages.filter((m) => m !== text)]),
  );
  return { error: text, fields };
}

async function loadLicence(): Promise<{ licence: LicenceAnswer; form: LicenceForm }> {
  const licence = await api.licence();
  const productCode = licence.productCode || (await api.licenceProductCode()).ProductCode;
  return { licence, form: formOf(licence, productCode) };
}

export function useLicence(updateRights: Rights) {
  const [licence, setLicence] = useState<LicenceAnswer | null>(null);
  const [loaded, setLoaded] = useState<LicenceForm>(EMPTY_FORM);
  const [form, setForm] = useState<LicenceForm>(EMPTY_FORM);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    loadLicence().then(
      (answer) => {
        if (!live.current) return;
        setLicence(answer.licence);
        setLoaded(answer.form);
        setForm(answer.form);
      },
      (error: unknown) => {
        console.error('Loading the licence failed', error);
        if (live.current) setLoadError(errorText(error, retrieving()));
      },
    );
    return () => {
      live.current = false;
    };
  }, []);

  const edit = useCallback(() => setEditing(true), []);

  /** Reads pasted text; answers whether it was read (the fields filled, the page editing). */
  const open = useCallback((text: string): boolean => {
    const pasted = readPastedLicence(text);
    if (!pasted) {
      toast('error', cannotRead());
      return false;
    }
    setForm((current) => pastedInto(current, pasted));
    setFailure(null);
    setEditing(true);
    return true;
  }, []);

  /** True when the licence was saved. */
  const save = useCallback(async (): Promise<boolean> => {
    setSaving(true);
    setFailure(null);
    let answer: LicenceAnswer;
    try {
      answer = await api.saveLicence(saveBody(form));
    } catch (error) {
      console.error('Saving the licence failed', error);
      if (live.current) {
        setFailure(failureOf(error));
        setSaving(false);
      }
      return false;
    }
    const next = formOf(answer, answer.productCode || joinProductCode(form.segments));
    if (live.current) {
      setLicence(answer);
      setLoaded(next);
      setForm(next);
      setEditing(false);
      setSaving(false);
    }
    toast('success', saved());
    // The menu and the rights follow the new modules; the page's own right is asked again.
    await licenceChanged();
    await ensure(entriesFor(updateRights, 'update'));
    return true;
  }, [form, updateRights]);

  const copy = useCallback(async () => {
    if (!canCopy(form.segments)) return;
    if (await copyText(joinProductCode(form.segments))) toast('success', copied());
    else showAlert(copyFailed());
  }, [form.segments]);

  return {
    licence,
    form,
    setForm,
    loadError,
    editing,
    saving,
    failure,
    dirty: editing && !sameForm(form, loaded),
    copyable: canCopy(form.segments),
    edit,
    open,
    save,
    copy,
  };
}

export type LicenceState = ReturnType<typeof useLicence>;
