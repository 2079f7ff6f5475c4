// The coded errors of the server: each code has its HTTP status and the message it says, with
// arguments. Nothing here knows HTTP; the API layer (api/errors.ts) alone turns an AppError into
// an answer of the documented shape. docs/api-guide.md lists every code; a test keeps both in step.
import { message, type MessageId } from '../definitions/language/index.ts';

interface ErrorDef {
  status: number;
  message: MessageId;
  /** Nothing was done and the same call may simply be made again (answered with Retry-After). */
  retryable?: true;
  /** Fields every answer of this code carries. */
  extra?: Record<string, unknown>;
}

export const ERRORS = {
  BAD_REQUEST: { status: 400, message: 'errors.bad_request' },
  VALIDATION: { status: 400, message: 'errors.validation' },
  LOGIN_FAILED: { status: 400, message: 'errors.login_failed' },
  // The token endpoint's refusals carry the error code of OAuth 2.0 (RFC 6749 §5.2) besides.
  UNSUPPORTED_GRANT: { status: 400, message: 'errors.unsupported_grant', extra: { error: 'unsupported_grant_type' } },
  CLIENT_FAILED: { status: 401, message: 'errors.client_failed', extra: { error: 'invalid_client' } },
  VIEW_FROM_DEFINITIONS: { status: 400, message: 'layouts.from_definitions' },
  NOT_AUTHENTICATED: { status: 403, message: 'errors.not_authenticated', extra: { Authenticated: false } },
  NO_RIGHTS: { status: 403, message: 'errors.no_rights', extra: { Authenticated: true } },
  MODULE_INACTIVE: { status: 403, message: 'errors.module_inactive', extra: { Authenticated: true } },
  ACCOUNT_LOCKED: { status: 403, message: 'errors.account_locked', extra: { Authenticated: false } },
  SSO_MIGRATION_REQUIRED: {
    status: 403,
    message: 'errors.sso_migration_required',
    extra: { Authenticated: false },
  },
  OUTSIDE_ROW_LIMITS: { status: 403, message: 'errors.outside_row_limits', extra: { Authenticated: true } },
  ITEM_NOT_FOUND: { status: 404, message: 'errors.item_not_found' },
  UNKNOWN_CONTROL: { status: 404, message: 'errors.unknown_control' },
  NO_SUCH_CALL: { status: 404, message: 'errors.no_such_call' },
  CONCURRENCY: { status: 409, message: 'errors.concurrency' },
  IN_USE: { status: 409, message: 'errors.in_use' },
  RECORD_READ_ONLY: { status: 409, message: 'errors.record_read_only' },
  TRANSACTION_CONFLICT: { status: 409, message: 'errors.transaction_conflict', retryable: true },
  BODY_TOO_LARGE: { status: 413, message: 'errors.body_too_large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'errors.unsupported_media_type' },
  TOO_MANY_REQUESTS: { status: 429, message: 'errors.too_many_requests', retryable: true },
  UPLOAD_QUOTA: { status: 429, message: 'files.quota_files' },
  RATE_LIMITED: { status: 429, message: 'errors.rate_limited' },
  REPORT_IMPORT_FAILED: { status: 400, message: 'reports.import_failed' },
  REPORT_TOO_LARGE: { status: 400, message: 'reports.too_many_rows' },
  INTERNAL: { status: 500, message: 'errors.internal' },
  DATABASE_UNAVAILABLE: { status: 503, message: 'errors.database_unavailable', retryable: true },
  QUERY_TIMEOUT: { status: 503, message: 'errors.query_timeout', retryable: true },
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof ERRORS;

/** A message under a field: the form shows it beneath that field. */
export interface FieldMessage {
  id: MessageId;
  args: readonly unknown[];
}

export class AppError extends Error {
  readonly status: number;
  readonly id: MessageId;
  readonly retryable: boolean;

  constructor(
    readonly code: ErrorCode,
    readonly args: unknown[] = [],
    readonly fields: Record<string, FieldMessage[]> = {},
    readonly extra: Record<string, unknown> = {},
    /** A more precise message than the code's own (BAD_REQUEST names what was wrong). */
    id?: MessageId,
  ) {
    const def: ErrorDef = ERRORS[code];
    super(message(id ?? def.message, ...args));
    this.status = def.status;
    this.id = id ?? def.message;
    this.retryable = def.retryable === true;
    this.extra = { ...def.extra, ...(def.retryable ? { Retryable: true } : {}), ...extra };
  }
}

export const notFound = () => new AppError('ITEM_NOT_FOUND');
export const notAuthenticated = () => new AppError('NOT_AUTHENTICATED');
export const forbidden = () => new AppError('NO_RIGHTS');
export const unknownControl = (name: string) => new AppError('UNKNOWN_CONTROL', [name]);

/** A bad request, said by one of the `request.*` messages with its arguments. */
export const badRequest = (id: MessageId & `request.${string}`, ...args: unknown[]) =>
  new AppError('BAD_REQUEST', args, {}, {}, id);

/**
 * A 400 saying a definition's text (an action guard's message, `{0}` filled with `fill`): the
 * answer says it in the user's language.
 */
export const refusedBy = (text: string, ...fill: unknown[]) =>
  new AppError('BAD_REQUEST', [text, ...fill], {}, {}, 'validation.check');

/** A row the user can open to put right what a refusal is about (the product without an object type). */
export interface RowToOpen {
  Table: string;
  AutoID: number;
}

export const isRowToOpen = (x: unknown): x is RowToOpen =>
  typeof x === 'object' && x !== null && 'Table' in x && 'AutoID' in x;

/** A 400 said by a message of the catalogue that is not about the request's shape. */
export const refused = (id: MessageId, ...args: unknown[]) => new AppError('BAD_REQUEST', args, {}, {}, id);

/** A 400 whose problems are per field: the form shows each under its field. */
export function invalidFields(fields: Record<string, FieldMessage[]>): AppError {
  return new AppError('VALIDATION', [Object.keys(fields).join(', ')], fields);
}
