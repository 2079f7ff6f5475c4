// How load and save failures reach the user (spec 1 section 8): the server's error body goes to
// the form; a failure without field messages also raises an alert with the keyed message.
import { CallFailed } from '../api/index.ts';
import type { ApiErrorBody } from '../api/index.ts';

export interface Failure {
  /** For GenericForm's serverError: ModelState per field and Error on top. */
  serverError: ApiErrorBody;
  /** True when no field message explains the failure, so the alert must. */
  alert: boolean;
}

const emptyBody = (text: string): ApiErrorBody => ({ Error: text, ModelState: {}, TranslationModelState: { ModelState: {} } });

export function describeFailure(error: unknown, fallback: string): Failure {
  const body = error instanceof CallFailed && error.body && typeof error.body === 'object' ? error.body : null;
  if (!body) return { serverError: emptyBody(fallback), alert: true };
  const fieldMessages = Object.values(body.ModelState ?? {}).some((m) => m.length > 0);
  return { serverError: { ...emptyBody(fallback), ...body, Error: body.Error || fallback }, alert: !fieldMessages };
}
