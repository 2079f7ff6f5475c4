// The outbox (core table `outboxmessages`): every outgoing e-mail, webhook call and mobile message
// is a row written in the transaction of the change that caused it, so a rolled-back change sends
// nothing and a committed one is never lost. The sender job (sender.ts) sends the due rows through
// the transport registered for their kind.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/pool.ts';
import { refused } from '../errors.ts';
import {
  MESSAGE_STATUS,
  type EmailPayload,
  type MessageKind,
  type MessagePayload,
  type MobilePayload,
  type OutboxMessage,
  type Transport,
  type WebhookPayload,
} from './types.ts';

export const OUTBOX_TABLE = 'outboxmessages';

const transports = new Map<MessageKind, Transport>();

/** The transport that sends messages of `kind`; a later registration replaces an earlier one. */
export function registerTransport(kind: MessageKind, send: Transport): void {
  transports.set(kind, send);
}

export function transportOf(kind: string): Transport | undefined {
  return kind === 'email' || kind === 'webhook' || kind === 'mobile' ? transports.get(kind) : undefined;
}

const isEmail = (kind: MessageKind, p: MessagePayload): p is EmailPayload => kind === 'email' && 'to' in p;
const isWebhook = (kind: MessageKind, p: MessagePayload): p is WebhookPayload => kind === 'webhook' && 'url' in p;
const isMobile = (kind: MessageKind, p: MessagePayload): p is MobilePayload => kind === 'mobile' && 'phone' in p;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isTexts = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** A stored payload read back: the message of its kind, or null when it is not one. */
export function payloadOf(kind: string, value: unknown): MessagePayload | null {
  if (!isObject(value)) return null;
  if (kind === 'email' && isTexts(value.to) && typeof value.subject === 'string') {
    const p: EmailPayload = { ...value, to: value.to, subject: value.subject };
    return p;
  }
  if (kind === 'webhook' && typeof value.url === 'string' && typeof value.method === 'string') {
    const method = value.method;
    if (method !== 'GET' && method !== 'POST' && method !== 'PUT' && method !== 'DELETE') return null;
    const p: WebhookPayload = { ...value, url: value.url, method };
    return p;
  }
  if (kind === 'mobile' && typeof value.phone === 'string') {
    const p: MobilePayload = { ...value, phone: value.phone };
    return p;
  }
  return null;
}

/** CR or LF (or NUL) in a header value would let it add headers of its own. */
const HEADER_BREAK = /[\r\n\0]/;

/** Refuses a payload that cannot be a message of its kind, and header injection in an e-mail. */
export function checkPayload(kind: MessageKind, payload: MessagePayload): void {
  if (isEmail(kind, payload)) {
    const addresses = [...payload.to, ...(payload.cc ?? []), ...(payload.bcc ?? [])];
    if (!addresses.length) throw refused('messages.no_recipient');
    const headers = [payload.subject, ...addresses, payload.from?.address ?? '', payload.from?.name ?? ''];
    for (const a of payload.attachments ?? []) headers.push(a.filename, a.contentType);
    if (headers.some((h) => HEADER_BREAK.test(h))) throw refused('messages.header_injection');
    return;
  }
  if (isWebhook(kind, payload)) {
    for (const [name, value] of Object.entries(payload.headers ?? {}))
      if (HEADER_BREAK.test(name) || HEADER_BREAK.test(value)) throw refused('messages.header_injection');
    return;
  }
  if (isMobile(kind, payload)) {
    if (!payload.phone.trim()) throw refused('messages.no_recipient');
    return;
  }
  throw refused('messages.invalid_payload', kind);
}

/** What the grid shows of a message: its recipients and its subject. */
function summary(kind: MessageKind, payload: MessagePayload): { recipients: string; subject: string } {
  if (isEmail(kind, payload))
    return {
      recipients: [...payload.to, ...(payload.cc ?? [])].join(', ').slice(0, 1000),
      subject: payload.subject.slice(0, 255),
    };
  if (isWebhook(kind, payload)) return { recipients: payload.url.slice(0, 1000), subject: payload.method };
  if (isMobile(kind, payload))
    return { recipients: payload.phone, subject: (payload.template ?? payload.text ?? '').slice(0, 255) };
  return { recipients: '', subject: '' };
}

/**
 * Queues one message in the caller's transaction (`db` is its client): sent by the sender job
 * once committed and due; nothing is sent if the transaction rolls back. Answers the outbox id.
 */
export async function enqueueMessage(db: Queryable, message: OutboxMessage): Promise<number> {
  checkPayload(message.kind, message.payload);
  const { recipients, subject } = summary(message.kind, message.payload);
  const key = `${randomUUID()}@outbox`;
  const row = await db.query<{ autoid: number }>(
    `INSERT INTO ${OUTBOX_TABLE} (kind, status, ignored, testmode, recipients, subject, executeat, attempts, messagekey, payload, sourcetable, sourceid, automation)
     VALUES ($1, $2, false, false, $3, $4, coalesce($5::timestamptz, now()), 0, $6, $7, $8, $9, $10) RETURNING autoid`,
    [
      message.kind,
      String(MESSAGE_STATUS.New),
      recipients,
      subject,
      message.executeAt ?? null,
      key,
      JSON.stringify(message.payload),
      message.source?.table ?? null,
      message.source?.autoId ?? null,
      message.source?.automation ?? null,
    ],
  );
  return Number(row.rows[0].autoid);
}
