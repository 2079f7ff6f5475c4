// How load and save failures reach the user (spec 1 section 8): the server's error body goes to
// the form; a failure without field messages also raises an alert with the keyed message.
import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { CallFailed } from '../api/index.ts';
import type { ApiErrorBody } from '../api/index.ts';

/** The spec's keyed messages for a failed load and a failed save. */
export const retrievingFailed = () =>
  i18n._(msg({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' }));
export const savingFailed = () =>
  i18n._(msg({ id: 'errors.error_saving', message: 'Fout bij het opslaan van de gegevens.' }));

export interface Failure {
  /** For GenericForm's serverError: ModelState per field and Error on top. */
  serverError: ApiErrorBody;
  /** True when no field message explains the failure, so the alert must. */
  alert: boolean;
}

const emptyBody = (text: string): ApiErrorBody => ({
  Error: text,
  ModelState: {},
  TranslationModelState: { ModelState: {} },
});

export function describeFailure(error: unknown, fallback: string): Failure {
  const body = error instanceof CallFailed && error.body && typeof error.body === 'object' ? error.body : null;
  if (!body) return { serverError: emptyBody(fallback), alert: true };
  const fieldMessages = Object.values(body.ModelState ?? {}).some((m) => m.length > 0);
  return { serverError: { ...emptyBody(fallback), ...body, Error: body.Error || fallback }, alert: !fieldMessages };
}

/**
 * The server's text when a write was refused because the record changed since it was read (409,
 * errors.concurrency: the message a save shows too); null for any other failure.
 */
export function concurrencyConflict(error: unknown): string | null {
  if (!(error instanceof CallFailed) || error.status !== 409) return null;
  const body = error.body && typeof error.body === 'object' ? error.body : null;
  if (body?.Key && body.Key !== 'errors.concurrency') return null;
  return body?.Error || savingFailed();
}
