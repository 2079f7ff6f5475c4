// The notices of background exports, bottom left: progress while the job runs, then a link that
// downloads the file, or that it failed. Each stays until the user closes it.
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { fileUrls } from '../api/index.ts';
import { FileLink } from '../files/index.ts';
import { dismissJob, jobPercent, jobs, type JobNotice } from './jobs.ts';
import './live.css';

function Notice({ job }: { job: JobNotice }) {
  const { t, i18n } = useLingui();
  const label = job.label ?? t`Export`;
  const percent = jobPercent(job);
  const current = job.current.toLocaleString(i18n.locale || 'nl');
  const total = job.total.toLocaleString(i18n.locale || 'nl');
  return (
    <div
      role="status"
      className={`live-job${job.failed ? ' live-job--failed' : job.finished ? ' live-job--done' : ''}`}
    >
      <div className="live-job-head">
        <strong className="live-job-title">{label}</strong>
        <button
          type="button"
          className="live-job-close"
          aria-label={t`Melding sluiten`}
          title={t`Melding sluiten`}
          onClick={() => dismissJob(job.id)}
        >
          ×
        </button>
      </div>
      {!job.finished && (
        <>
          <div
            className="app-progress"
            role="progressbar"
            aria-label={t`Voortgang`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className="app-progress-bar" style={{ width: `${percent}%` }} />
            <span className="app-progress-text">{percent}%</span>
          </div>
          <span className="live-job-text">
            {job.kind === 'reports'
              ? job.total > 0
                ? t`Afdrukken: ${current} van ${total} documenten`
                : t`Afdrukken…`
              : job.total > 0
                ? t`Exporteren: ${current} van ${total} rijen`
                : t`Exporteren…`}
          </span>
        </>
      )}
      {job.finished && !job.failed && (
        <span className="live-job-text">
          {t`Het bestand is klaar.`}{' '}
          <FileLink
            path={fileUrls.export(job.id)}
            name="export.xlsx"
            label={t`${label} downloaden`}
          >{t`Downloaden`}</FileLink>
        </span>
      )}
      {job.failed && (
        <span className="live-job-text">
          {job.kind === 'reports' ? t`Het afdrukken is mislukt.` : t`Het exporteren is mislukt.`}
        </span>
      )}
    </div>
  );
}

export function JobNotices() {
  const { list } = useSnapshot(jobs);
  if (list.length === 0) return null;
  return (
    <div className="live-jobs">
      {list.map((job) => (
        <Notice key={job.id} job={job} />
      ))}
    </div>
  );
}
