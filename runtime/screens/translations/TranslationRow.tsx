// One text of the translations task: the Dutch, what ships, and a box for the correction. Enter
// saves, Escape puts back what was there; Herstellen removes the correction.
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { TranslationEntry } from '../../api/index.ts';
import { shown } from './useTranslations.ts';

interface Props {
  entry: TranslationEntry;
  draft: string | undefined;
  error: string | undefined;
  busy: boolean;
  saved: boolean;
  editable: boolean;
  onDraft: (entry: TranslationEntry, value: string) => void;
  onSave: (entry: TranslationEntry, translation: string | null) => Promise<boolean>;
}

export function TranslationRow({ entry, draft, error, busy, saved, editable, onDraft, onSave }: Props) {
  const { t } = useLingui();
  const id = useId();
  const value = draft ?? shown(entry);
  const changed = draft !== undefined;
  return (
    <tr className={entry.Corrected ? 'translations-corrected' : undefined}>
      <td>
        <span id={`${id}-nl`} lang="nl">
          {entry.Dutch}
        </span>
        {entry.Source === 'runtime' && <span className="translations-tag">{t`Applicatie`}</span>}
      </td>
      <td>{entry.Shipped ?? <span className="translations-missing">{t`ontbreekt`}</span>}</td>
      <td>
        <input
          type="text"
          className="translations-input"
          value={value}
          readOnly={!editable || busy}
          aria-labelledby={`${id}-nl`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onDraft(entry, e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && changed) {
              e.preventDefault();
              void onSave(entry, value);
            }
            if (e.key === 'Escape' && changed) {
              e.preventDefault();
              e.stopPropagation();
              onDraft(entry, shown(entry));
            }
          }}
        />
        {error && (
          <div id={`${id}-error`} role="alert" className="translations-field-error">
            {error}
          </div>
        )}
        {saved && <div className="translations-saved" role="status">{t`Opgeslagen`}</div>}
      </td>
      <td>
        {editable && (
          <div className="translations-actions">
            <button
              type="button"
              className="app-button app-button--primary"
              disabled={!changed || busy}
              onClick={() => void onSave(entry, value)}
            >{t`Opslaan`}</button>
            {entry.Corrected !== null && (
              <button
                type="button"
                className="app-button"
                disabled={busy}
                onClick={() => void onSave(entry, null)}
              >{t`Herstellen`}</button>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}
