// Step 1 of an import (spec 1 section 2, "start import"): the destination (the page's table
// chosen), the spreadsheet, Overwrite, the notations of numbers, booleans and dates, a dry run,
// the destination's template and advanced mode. Start is enabled once a file is chosen; a refusal
// of the server shows its Error on the form.
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { IMPORT } from '../../../definitions/language/index.ts';
import {
  isNetworkFailure,
  transfer,
  type ImportDestination,
  type ImportNotations,
  type ImportTask,
} from '../../api/index.ts';
import { Modal } from '../../ui/dialogs/index.ts';
import { FilePicker, problemText, uploadFailure } from '../../files/index.ts';
import { startFailure } from './failures.ts';
import { canStart, DEFAULT_NOTATIONS, fileProblem, IMPORT_ACCEPT } from './model.ts';
import { booleanOptions, dateOptions, decimalOptions, type NotationOption } from './notations.ts';
import { downloadTemplate } from './template.ts';
import './import.css';

export interface StartImportModalProps {
  /** The page's table, chosen at first. */
  table: string;
  destinations: readonly ImportDestination[];
  /** Whether the user's imports may have more than 5,000 rows; null until known. */
  advancedMode: boolean | null;
  /** The advanced-mode link: verify to turn it on, or turn it off. */
  onAdvancedMode: () => void;
  onStarted: (task: ImportTask) => void;
  onClose: () => void;
}

function NotationSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: NotationOption<T>[];
  onChange: (v: T) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </>
  );
}

export function StartImportModal({
  table,
  destinations,
  advancedMode,
  onAdvancedMode,
  onStarted,
  onClose,
}: StartImportModalProps) {
  const { t, i18n } = useLingui();
  const limit = IMPORT.VerificationRows.toLocaleString(i18n.locale || 'nl');
  const destinationId = useId();
  const fileNameId = useId();
  const dryRunHint = useId();
  const [destination, setDestination] = useState(
    () => destinations.find((d) => d.ID.toLowerCase() === table.toLowerCase())?.ID ?? destinations[0]?.ID ?? '',
  );
  const [file, setFile] = useState<File | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const [dryRun, setDryRun] = useState(false);
  const [notations, setNotations] = useState<ImportNotations>(DEFAULT_NOTATIONS);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ error: string; details: string[] } | null>(null);
  const notation =
    <K extends keyof ImportNotations>(key: K) =>
    (value: ImportNotations[K]) =>
      setNotations((n) => ({ ...n, [key]: value }));

  const choose = ([chosen]: File[]) => {
    if (!chosen) return;
    const problem = fileProblem(chosen);
    if (problem) {
      setFailure({
        error:
          problem.kind === 'type'
            ? t`Kies een Excel-bestand (.xlsx of .xls).`
            : problemText({ kind: 'too_large', name: chosen.name, megabytes: problem.megabytes }),
        details: [],
      });
      return;
    }
    setFailure(null);
    setFile(chosen);
  };

  const start = async () => {
    if (!file || !canStart({ destination, file, busy })) return;
    setBusy(true);
    setFailure(null);
    try {
      const task = await transfer.startImport({
        Destination: destination,
        File: file,
        Overwrite: overwrite,
        DryRun: dryRun,
        ...notations,
      });
      onStarted(task);
    } catch (error) {
      console.error(`StartImport ${destination} failed`, error);
      setFailure(
        isNetworkFailure(error)
          ? { error: uploadFailure(error), details: [] }
          : startFailure(error, t`De import kon niet worden gestart.`),
      );
      setBusy(false);
    }
  };

  const close = () => {
    if (busy) return false;
    onClose();
    return true;
  };

  return (
    <Modal
      title={t`Importeren`}
      onClose={close}
      className="import-dialog"
      busy={busy}
      footer={
        <>
          <button
            type="button"
            className="app-button app-button--primary"
            disabled={!canStart({ destination, file, busy })}
            aria-busy={busy || undefined}
            onClick={() => void start()}
          >
            {busy ? t`Bezig met uploaden…` : t`Import starten`}
          </button>
          <button type="button" className="app-button" disabled={busy} onClick={close}>{t`Annuleren`}</button>
        </>
      }
    >
      <div className="import-form">
        <label htmlFor={destinationId}>{t`Bestemming`}</label>
        <select id={destinationId} value={destination} disabled={busy} onChange={(e) => setDestination(e.target.value)}>
          {destinations.map((d) => (
            <option key={d.ID} value={d.ID}>
              {d.Descr}
            </option>
          ))}
        </select>

        <span className="import-label">{t`Bestand`}</span>
        <div className="import-file">
          <FilePicker
            label={t`Bestand`}
            accept={IMPORT_ACCEPT}
            busy={busy}
            autoFocus
            describedBy={fileNameId}
            onFiles={choose}
          />
          <span id={fileNameId} className={`import-file-name${file ? '' : ' import-file-name--none'}`}>
            {file ? file.name : t`Geen bestand gekozen`}
          </span>
        </div>

        <NotationSelect
          label={t`Decimale notatie`}
          value={notations.DecimalFormat}
          options={decimalOptions()}
          onChange={notation('DecimalFormat')}
        />
        <NotationSelect
          label={t`Ja/nee-notatie`}
          value={notations.BooleanFormat}
          options={booleanOptions()}
          onChange={notation('BooleanFormat')}
        />
        <NotationSelect
          label={t`Datumnotatie`}
          value={notations.DateFormat}
          options={dateOptions()}
          onChange={notation('DateFormat')}
        />

        <label className="import-check">
          <input type="checkbox" checked={overwrite} disabled={busy} onChange={(e) => setOverwrite(e.target.checked)} />
          <span>{t`Bestaande records overschrijven`}</span>
        </label>
        <label className="import-check">
          <input
            type="checkbox"
            checked={dryRun}
            disabled={busy}
            aria-describedby={dryRunHint}
            onChange={(e) => setDryRun(e.target.checked)}
          />
          <span>
            {t`Proefimport`}
            <span
              id={dryRunHint}
              className="import-hint"
            >{t`Controleert elke rij zonder iets op te slaan; het uitvoerbestand zegt per rij wat er zou gebeuren.`}</span>
          </span>
        </label>

        <div className="import-links">
          <button
            type="button"
            className="import-link"
            disabled={!destination}
            onClick={() => void downloadTemplate({ Destination: destination })}
          >
            {t`Sjabloon downloaden`}
          </button>
          <button
            type="button"
            className="import-link"
            aria-disabled={advancedMode === null || undefined}
            onClick={() => {
              if (advancedMode !== null) onAdvancedMode();
            }}
          >
            {advancedMode ? t`Geavanceerde modus: aan` : t`Geavanceerde modus: uit`}
          </button>
          {!advancedMode && (
            <span className="import-hint">{t`Zonder geavanceerde modus hoogstens ${limit} rijen per import.`}</span>
          )}
        </div>

        {failure && (
          <div className="import-alert" role="alert">
            {failure.error}
            {failure.details.length > 0 && (
              <ul>
                {failure.details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}
