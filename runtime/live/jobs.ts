// Background jobs the user is told about (exports): progress while they run, then a notice with
// the download, or that it failed. Kept in a store the notices draw; the newest few are kept.
import { proxy } from 'valtio';
import type { JobProgress } from './events.ts';

export interface JobNotice {
  /** The download request's AutoID. */
  id: number;
  /** The job's kind: `export` (a grid's or a query's spreadsheet) or `reports` (a printed selection). */
  kind: string;
  /** What is exported (the request's description). */
  label: string | null;
  current: number;
  total: number;
  finished: boolean;
  failed: boolean;
}

const MAX_NOTICES = 5;

export const jobs = proxy({ list: [] as JobNotice[] });

function upsert(id: number, change: Partial<JobNotice>): void {
  const found = jobs.list.find((j) => j.id === id);
  if (found) {
    Object.assign(found, change);
    return;
  }
  jobs.list.push({ id, kind: 'export', label: null, current: 0, total: 0, finished: false, failed: false, ...change });
  if (jobs.list.length > MAX_NOTICES) jobs.list.splice(0, jobs.list.length - MAX_NOTICES);
}

/** An export (or printed selection) this page asked for: shown at once, before its first progress arrives. */
export function trackExport(id: number, label: string | null, kind = 'export'): void {
  upsert(id, label ? { label, kind } : { kind });
}

/** The kinds of job the user downloads from: grid and SQL exports, and printed grid selections. */
const DOWNLOADS = new Set(['export', 'reports']);

/** A JobProgress event of a job the user downloads from. */
export function jobProgressed(progress: JobProgress): void {
  if (!DOWNLOADS.has(progress.kind)) return;
  const { current, total, finished, failed, label } = progress;
  // The request's description names the export in every tab, also those that did not start it.
  const named = label && !jobs.list.find((j) => j.id === progress.requestId)?.label ? { label } : {};
  const kind = progress.kind;
  upsert(
    progress.requestId,
    failed ? { finished: true, failed: true, kind, ...named } : { current, total, finished, kind, ...named },
  );
}

export function dismissJob(id: number): void {
  const at = jobs.list.findIndex((j) => j.id === id);
  if (at >= 0) jobs.list.splice(at, 1);
}

/** Percent done, 0 to 100. */
export function jobPercent(job: Pick<JobNotice, 'current' | 'total' | 'finished'>): number {
  if (job.finished) return 100;
  return job.total > 0 ? Math.min(99, Math.floor((job.current / job.total) * 100)) : 0;
}
