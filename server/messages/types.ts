// The shapes of outgoing messages (spec 3 §4, §9): what is queued in the outbox and what a
// transport answers for one try.

/** Outgoing message status (spec 3 §9). */
export const MESSAGE_STATUS = {
  New: 0,
  Processing: 1,
  Timeout: 2,
  Invalid: 3,
  Skipped: 4,
  FailedTryAgain: 5,
  Failed: 6,
  Succeeded: 7,
} as const;
export type MessageStatus = (typeof MESSAGE_STATUS)[keyof typeof MESSAGE_STATUS];

export type MessageKind = 'email' | 'webhook' | 'mobile';

export interface EmailAttachment {
  filename: string;
  contentType: string;
  /** A file of the file store (its FileID, the UUID a file field holds), read when the message is sent. */
  fileId?: string;
  contentBase64?: string;
}

export interface EmailPayload {
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  text?: string;
  html?: string;
  /** Absent: the sender of the mail server settings. */
  from?: { address: string; name?: string };
  attachments?: EmailAttachment[];
  /**
   * Values the outbox keeps encrypted (a link's token): `{{sealed.name}}` in the text and html is
   * replaced by the decrypted value only when the e-mail is sent, so the stored message (which
   * administrators of the outbox read) carries no working link.
   */
  sealed?: Record<string, string>;
}

export interface WebhookPayload {
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** The webhook definition row holding the secret; never the secret itself. */
  secretRef?: number;
}

export interface MobilePayload {
  /** The phone number in international form (+31...). */
  phone: string;
  /** A provider template and its variables (WhatsApp), or a plain text. */
  template?: string;
  variables?: Record<string, string>;
  text?: string;
}

export type MessagePayload = EmailPayload | WebhookPayload | MobilePayload;

export interface OutboxMessage {
  kind: MessageKind;
  /** Not before this time; absent: now. */
  executeAt?: Date;
  payload: MessagePayload;
  /** The record (and automation) that caused it. */
  source?: { table: string; autoId: number; automation?: number };
}

export type TransportResult = { ok: true; detail?: string } | { ok: false; retry: boolean; reason: string };

export interface TransportContext {
  /** The outbox row's AutoID. */
  messageId: number;
  /** This try's number, 1 for the first. */
  attempt: number;
  /** The message's idempotency key (the e-mail's Message-ID, a webhook's Idempotency-Key). */
  messageKey: string;
  signal: AbortSignal;
}

export type Transport = (payload: MessagePayload, ctx: TransportContext) => Promise<TransportResult>;
