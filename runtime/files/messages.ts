// What the user reads when an upload or a download fails: the server's own words when it
// answered, the runtime's when it could not (a broken connection, a check before sending).
import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { CallFailed, isNetworkFailure } from '../api/index.ts';
import type { UploadProblem } from './limits.ts';

export function problemText(problem: UploadProblem): string {
  switch (problem.kind) {
    case 'none':
      return i18n._(msg`Kies een of meer bestanden om te uploaden.`);
    case 'too_many':
      return i18n._(msg`Hoogstens ${problem.max} bestanden per upload.`);
    case 'too_large':
      return i18n._(msg`Het bestand ${problem.name} is groter dan ${problem.megabytes} MB.`);
    case 'zip_alone':
      return i18n._(
        msg`Een zip-bestand groter dan ${problem.megabytes} MB wordt alleen geüpload, zonder andere bestanden.`,
      );
  }
}

export function uploadFailure(error: unknown): string {
  if (isNetworkFailure(error))
    return i18n._(msg`Het uploaden is mislukt. Controleer de verbinding en probeer het opnieuw.`);
  if (error instanceof CallFailed && error.body?.Error) return error.body.Error;
  return i18n._(msg`Het uploaden is mislukt.`);
}

export function downloadFailure(error: unknown): string {
  if (error instanceof CallFailed && error.status === 404) return i18n._(msg`Het opgevraagde item bestaat niet`);
  if (error instanceof CallFailed && error.status !== 0 && error.body?.Error) return error.body.Error;
  return i18n._(msg({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' }));
}

/** A size as people read it: 512 B, 12,3 kB, 4,5 MB (in the page's language). */
export function formatSize(bytes: number, locale: string): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${value.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${units[unit]}`;
}
