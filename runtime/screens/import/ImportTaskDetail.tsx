// The import task detail card (spec 1 section 3): where the import goes, its file, its state, a
// progress bar with the rows done, the counts (created and updated once it has ended), how long it
// took, the result (green only for ProcessResult 1, else red with the error), the failed rows with
// every problem, and the input and output files to download.
import { useLingui } from '@lingui/react/macro';
import { fileUrls, type ImportProgress, type ImportTask } from '../../api/index.ts';
import { FileLink } from '../../files/index.ts';
import { ImportFailedRows } from './ImportFailedRows.tsx';
import { resultLabel, stateLabel } from './labels.ts';
import { Cancelled, isActive, isSuccess, percentOf, Processed, progressOf, shownState } from './model.ts';

export interface ImportTaskDetailProps {
  task: ImportTask;
  progress: ImportProgress | null;
  /** The destination's label (the task holds its table name). */
  destination: string;
  /** Cancel, offered while the task is pending or running. */
  onCancel?: () => void;
  cancelling?: boolean;
}

export function ImportTaskDetail({ task, progress, destination, onCancel, cancelling = false }: ImportTaskDetailProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale || 'nl';
  const number = (n: number) => n.toLocaleString(locale);
  const state = shownState(task, progress !== null);
  const percent = percentOf(task, progress);
  const rows = progressOf(task, progress);
  const current = number(rows.current);
  const total = number(rows.total);
  const over = state === Processed || state === Cancelled;
  const seconds =
    task.ProcessDuration == null
      ? null
      : Number(task.ProcessDuration).toLocaleString(locale, { maximumFractionDigits: 1 });
  const date = task.ProcessDate ? new Date(task.ProcessDate) : null;
  const input = task.Filename ?? '';
  const output = task.OutputFilename ?? '';
  const results = task.Results;
  const written: [string, number][] =
    results && results.Created !== null && results.Updated !== null
      ? [
          [t`Aangemaakt`, results.Created],
          [t`Bijgewerkt`, results.Updated],
        ]
      : [[t`Verwerkt`, task.ProcessedRecords]];
  const counts: [string, number][] = [
    [t`Totaal`, task.TotalRecords],
    ...written,
    [t`Mislukt`, task.FailedRecords],
    [t`Overgeslagen`, task.SkippedRecords],
  ];

  return (
    <div className="import-task">
      <dl className="import-facts">
        <div>
          <dt>{t`Bestemming`}</dt>
          <dd>{destination}</dd>
        </div>
        <div>
          <dt>{t`Bestand`}</dt>
          <dd>{task.Filename ?? '–'}</dd>
        </div>
        <div>
          <dt>{t`Status`}</dt>
          <dd data-state={state}>{stateLabel(state)}</dd>
        </div>
        {task.DryRun && (
          <div>
            <dt>{t`Proefimport`}</dt>
            <dd>{t`Ja, er is niets opgeslagen`}</dd>
          </div>
        )}
        {date && !Number.isNaN(date.getTime()) && (
          <div>
            <dt>{t`Verwerkt op`}</dt>
            <dd>{date.toLocaleString(locale)}</dd>
          </div>
        )}
        {seconds !== null && (
          <div>
            <dt>{t`Duur`}</dt>
            <dd>{t`${seconds} s`}</dd>
          </div>
        )}
      </dl>
      <div className="import-progress-row">
        <div
          className="app-progress import-progress"
          role="progressbar"
          aria-label={t`Voortgang`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="app-progress-bar" style={{ width: `${percent}%` }} />
          <span className="app-progress-text">{percent.toLocaleString(locale)}%</span>
        </div>
        {onCancel && isActive(task) && (
          <button
            type="button"
            className="app-button"
            disabled={cancelling}
            aria-busy={cancelling || undefined}
            onClick={onCancel}
          >{t`Import annuleren`}</button>
        )}
      </div>
      <p className="import-rows">
        {rows.total > 0 ? t`${current} van ${total} rijen` : isActive(task) ? t`Het bestand wordt gelezen…` : ''}
      </p>
      <dl className="import-counts">
        {counts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{number(value)}</dd>
          </div>
        ))}
      </dl>
      <div aria-live="polite">
        {over && (
          <div className={`import-result import-result--${isSuccess(task) ? 'success' : 'failure'}`} role="status">
            <strong>{state === Cancelled ? stateLabel(Cancelled) : resultLabel(task.ProcessResult)}</strong>
            {task.ErrorMessage && <span className="import-error">{task.ErrorMessage}</span>}
          </div>
        )}
      </div>
      {over && results && <ImportFailedRows autoid={task.AutoID} results={results} failed={task.FailedRecords} />}
      <div className="import-files">
        {input && (
          <FileLink
            path={fileUrls.importFile(task.AutoID, false)}
            name={input}
            label={t`Invoerbestand ${input} downloaden`}
          >
            {t`Invoerbestand downloaden`}
          </FileLink>
        )}
        {output && (
          <FileLink
            path={fileUrls.importFile(task.AutoID, true)}
            name={output}
            label={t`Uitvoerbestand ${output} downloaden`}
          >
            {t`Uitvoerbestand downloaden`}
          </FileLink>
        )}
      </div>
    </div>
  );
}
