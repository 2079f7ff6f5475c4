// Adding documents to a record: choose one or more files (button or drop), the fields every new
// document needs (kind and language are required, spec 2 section 5), then the files upload in one
// request and a document is saved per file. A file whose save fails stays chosen with the
// server's message on the form, so trying again does not add the others twice.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useState } from 'react';
import { api, type ApiErrorBody, type UploadedFile, transfer } from '../../api/index.ts';
import { Modal, toast } from '../../ui/dialogs/index.ts';
import { FilePicker, formatSize, problemText, uploadFailure, uploadProblem } from '../../files/index.ts';
import { compileForm, GenericForm, type FormAnswer } from '../../form/index.ts';
import { describeFailure } from '../failures.ts';
import { documentForm, documentRow, fileFieldOf, missingFields, type Owner } from './documents.ts';

export interface AddDocumentsDialogProps {
  table: string;
  owner: Owner;
  onAdded: () => void;
  onClose: () => void;
}

type Row = Record<string, unknown>;

export function AddDocumentsDialog({ table, owner, onAdded, onClose }: AddDocumentsDialogProps) {
  const { t, i18n } = useLingui();
  const listId = useId();
  const [form, setForm] = useState<FormAnswer | null>(null);
  const [values, setValues] = useState<Row | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<ApiErrorBody | null>(null);

  const { table: ownerTable, autoid: ownerId } = owner;
  const { table: tableField, record: recordField } = owner.fields;
  useEffect(() => {
    let live = true;
    Promise.all([api.getForm(table), api.getNew(table)]).then(
      ([answer, blank]) => {
        if (!live) return;
        setForm(answer as unknown as FormAnswer);
        // The owner's fields are not shown, but the kind's picker reads them: it offers the kinds
        // that apply to the owner's table.
        setValues({ ...blank, [tableField]: ownerTable, [recordField]: ownerId });
      },
      (failure) => {
        if (live)
          setServerError(
            describeFailure(
              failure,
              t({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' }),
            ).serverError,
          );
      },
    );
    return () => {
      live = false;
    };
  }, [table, t, ownerTable, ownerId, tableField, recordField]);

  const shown = useMemo(() => (form ? documentForm(form, owner.fields) : null), [form, owner.fields]);
  const fileField = form ? fileFieldOf(form) : null;
  const missing = shown && values ? missingFields(shown, compileForm(shown, values).required, values) : [];
  const ready = Boolean(shown && values && fileField && files.length > 0 && missing.length === 0 && !busy);

  const choose = (chosen: File[]) => {
    setError(null);
    setFiles((current) => [
      ...current,
      ...chosen.filter((f) => !current.some((c) => c.name === f.name && c.size === f.size)),
    ]);
  };

  const add = async () => {
    if (!ready || !form || !values || !fileField) return;
    const problem = uploadProblem(files);
    if (problem) {
      setError(problemText(problem));
      return;
    }
    setError(null);
    setServerError(null);
    setBusy(t`Bezig met uploaden…`);
    let uploaded: UploadedFile[];
    try {
      uploaded = await transfer.upload(files, { table, field: fileField });
    } catch (failure) {
      setError(uploadFailure(failure));
      setBusy(null);
      return;
    }
    const left: File[] = [];
    for (const [index, file] of uploaded.entries()) {
      const number = index + 1;
      const total = uploaded.length;
      setBusy(t`Opslaan ${number} van ${total}…`);
      try {
        await api.save(table, documentRow(values, owner, fileField, file, form));
      } catch (failure) {
        setServerError(
          describeFailure(failure, t({ id: 'errors.error_saving', message: 'Fout bij het opslaan van de gegevens.' }))
            .serverError,
        );
        left.push(files[index]);
      }
    }
    setBusy(null);
    setFiles(left);
    const saved = uploaded.length - left.length;
    if (saved > 0) toast('success', t`${saved} document(en) toegevoegd`);
    if (left.length === 0) onAdded();
  };

  const remove = (file: File) => setFiles((current) => current.filter((f) => f !== file));
  const locale = i18n.locale || 'nl';

  return (
    <Modal
      title={t`Documenten toevoegen`}
      onClose={() => {
        if (!busy) onClose();
        return !busy;
      }}
      className="app-documents-dialog"
      busy={Boolean(busy)}
      footer={
        <>
          {busy && (
            <span className="app-documents-busy" role="status">
              {busy}
            </span>
          )}
          <button
            type="button"
            className="app-button app-button--primary"
            disabled={!ready}
            onClick={() => void add()}
          >{t`Toevoegen`}</button>
          <button
            type="button"
            className="app-button"
            disabled={Boolean(busy)}
            onClick={onClose}
          >{t`Annuleren`}</button>
        </>
      }
    >
      <div className="app-documents-files">
        <FilePicker
          label={t`Bestanden`}
          multiple
          autoFocus
          busy={Boolean(busy)}
          onFiles={choose}
          describedBy={files.length ? listId : undefined}
        />
        {files.length > 0 && (
          <ul className="files-list" id={listId} aria-label={t`Gekozen bestanden`}>
            {files.map((file) => (
              <li key={`${file.name}:${file.size}`}>
                <span>{file.name}</span> <span className="files-size">{formatSize(file.size, locale)}</span>{' '}
                <button
                  type="button"
                  className="app-button"
                  disabled={Boolean(busy)}
                  aria-label={t`${file.name} verwijderen`}
                  onClick={() => remove(file)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        {error && (
          <div className="files-error" role="alert">
            {error}
          </div>
        )}
      </div>
      {shown && values && (
        <GenericForm form={shown} value={values} onChange={setValues} serverError={serverError} table={table} />
      )}
      {!shown && !serverError && <div className="app-spinner" role="progressbar" aria-label={t`Bezig met laden...`} />}
      {!shown && serverError && <p className="app-error-text">{serverError.Error}</p>}
    </Modal>
  );
}
