// Coded errors (server/errors.ts) as the API answers them: the documented shape {Error,
// ModelState, TranslationModelState: {ModelState}} plus the Code, with the code's HTTP status.
import { message, type MessageId } from '../../definitions/language/index.ts';
import type { AppError } from '../errors.ts';

/** Seconds a client waits before it repeats a call answered as retryable. */
export const RETRY_AFTER_SECONDS = 5;

export function errorBody(err: AppError): Record<string, unknown> {
  const modelState: Record<string, string[]> = {};
  const translation: Record<string, { Key: MessageId; Value: string[] }[]> = {};
  for (const [field, messages] of Object.entries(err.fields)) {
    modelState[field] = messages.map((m) => message(m.id, ...m.args));
    translation[field] = messages.map((m) => ({ Key: m.id, Value: m.args.map(String) }));
  }
  return {
    Error: err.message, Code: err.code, Key: err.id, Args: err.args.map(String),
    ModelState: modelState, TranslationModelState: { ModelState: translation }, ...err.extra,
  };
}
