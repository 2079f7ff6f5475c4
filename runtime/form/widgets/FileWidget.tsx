// A file or image field: its value is a FileID. Choosing a file (button or drop) uploads it at
// once and sets the FileID; the name and size show, an image shows its preview (from the chosen
// file until the record is saved, from the server after), a stored file downloads by its name,
// and a refusal of the upload (too large 413, a type not allowed 415) shows under the field.
import { useLingui } from '@lingui/react/macro';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { fileUrls, transfer, type UploadedFile } from '../../api/index.ts';
import { FileLink, FilePicker, formatSize, problemText, uploadFailure, uploadProblem } from '../../files/index.ts';
import { fieldOptions, formContextOf } from '../context.ts';

interface Chosen {
  file: UploadedFile;
  preview: string | null;
}

export function FileWidget(props: WidgetProps) {
  const { t, i18n } = useLingui();
  const { id, value, disabled, readonly, onChange, label, registry } = props;
  const { property } = fieldOptions(props);
  const context = formContextOf(registry);
  const field = property.FieldName;
  const image = property.FieldType === 'image';
  const locked = Boolean(disabled || readonly);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (chosen?.preview) URL.revokeObjectURL(chosen.preview);
    },
    [chosen],
  );

  const fileId = typeof value === 'string' && value !== '' ? value : null;
  const autoid = Number(context.record.AutoID ?? 0);
  const table = context.table;
  const stored = Boolean(fileId && table && autoid > 0 && context.stored?.[field] === fileId);
  const mine = chosen && chosen.file.FileID === fileId ? chosen : null;
  const described = context.record[`${field}_Descr`];
  const name = mine?.file.FileName ?? (typeof described === 'string' && described ? described : t`Bestand`);
  const path = stored ? fileUrls.field(table!, autoid, field) : null;
  const preview =
    !image || !fileId ? null : stored ? `/${fileUrls.field(table!, autoid, field, true)}` : (mine?.preview ?? null);
  const infoId = `${id}__file`;
  const errorId = `${id}__error`;

  const choose = async (files: File[]) => {
    setError(null);
    const problem = uploadProblem(files);
    if (problem) {
      setError(problemText(problem));
      return;
    }
    setBusy(true);
    try {
      const [answer] = await transfer.upload(files.slice(0, 1), { table: table ?? '', field });
      setChosen({ file: answer, preview: image ? URL.createObjectURL(files[0]) : null });
      onChange(answer.FileID);
    } catch (failure) {
      setError(uploadFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="files-field">
      {fileId && (
        <div className="files-current" id={infoId}>
          {path ? (
            <FileLink path={path} name={name} label={t`${name} downloaden`} />
          ) : (
            <span className="files-name">{name}</span>
          )}
          {mine && <span className="files-size">{formatSize(mine.file.Size, i18n.locale || 'nl')}</span>}
          {!locked && !props.required && (
            <button
              type="button"
              className="app-button"
              aria-label={t`${label}: bestand verwijderen`}
              onClick={() => {
                setError(null);
                onChange(null);
              }}
            >
              {t`Verwijderen`}
            </button>
          )}
        </div>
      )}
      {preview && <img className="files-preview" src={preview} alt={t`Voorbeeld van ${name}`} />}
      {!locked && (
        <FilePicker
          label={label}
          inputId={id}
          accept={image ? 'image/*' : undefined}
          busy={busy}
          describedBy={[fileId ? infoId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
          onFiles={(files) => void choose(files)}
        />
      )}
      {!fileId && locked && <span className="files-name">{t`Geen bestand`}</span>}
      {error && (
        <div className="files-error" id={errorId} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
