// The catalogue of errors the API answers, each with its HTTP status and message id, in the
// documented shape {Error, ModelState, TranslationModelState: {ModelState}}.
import { message, type MessageId } from '../../definitions/language/index.ts';

export interface FieldMessage { id: MessageId; args: unknown[] }

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly id: MessageId,
    readonly args: unknown[] = [],
    readonly fields: Record<string, FieldMessage[]> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message(id, ...args));
  }

  body(): Record<string, unknown> {
    const modelState: Record<string, string[]> = {};
    const translation: Record<string, { Key: MessageId; Value: string[] }[]> = {};
    for (const [field, messages] of Object.entries(this.fields)) {
      modelState[field] = messages.map((m) => message(m.id, ...m.args));
      translation[field] = messages.map((m) => ({ Key: m.id, Value: m.args.map(String) }));
    }
    return { Error: this.message, ModelState: modelState, TranslationModelState: { ModelState: translation }, ...this.extra };
  }
}

export const notFound = () => new ApiError(404, 'errors.item_not_found');
export const forbidden = () => new ApiError(403, 'errors.no_rights', [], {}, { Authenticated: true });
export const badRequest = (what: string, fields: Record<string, FieldMessage[]> = {}) => new ApiError(400, 'errors.bad_request', [what], fields);
export const unknownControl = (name: string) => new ApiError(404, 'errors.unknown_control', [name]);

/** A 400 whose problems are per field: the form shows each under its field. */
export function invalidFields(fields: Record<string, FieldMessage[]>): ApiError {
  return new ApiError(400, 'errors.validation', [Object.keys(fields).join(', ')], fields);
}
