// The e-mail transport: SMTP through nodemailer, with the host, port, TLS, account, sender and
// time-out of the mail server settings. One pooled connection set per settings, reused by every
// message until the settings change. The message's key is its Message-ID, so a receiver (and a
// reader of the outbox) can tell a repeated delivery of the same message.
import type { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type Mail from 'nodemailer/lib/mailer';
import type { Queryable } from '../db/pool.ts';
import { fileById, type FileStore } from '../files/index.ts';
import { decryptSecret } from '../security/secrets.ts';
import { checkPayload } from './outbox.ts';
import type { MailSettings } from './settings.ts';
import type { EmailPayload, Transport, TransportResult } from './types.ts';

export interface EmailDeps {
  settings(): Promise<MailSettings>;
  /** The store and the database the attachments named by FileID are read from. */
  files?: { db: Queryable; store: FileStore };
  /** Connections kept open to the server at once. */
  maxConnections?: number;
}

let cached: { key: string; transporter: Transporter<SMTPPool.SentMessageInfo> } | null = null;

function transporterFor(settings: MailSettings, maxConnections: number): Transporter<SMTPPool.SentMessageInfo> {
  const key = JSON.stringify([
    settings.host,
    settings.port,
    settings.useTls,
    settings.userName,
    settings.password,
    settings.timeoutSeconds,
    maxConnections,
  ]);
  if (cached?.key === key) return cached.transporter;
  cached?.transporter.close();
  const ms = settings.timeoutSeconds * 1000;
  const options: SMTPPool.Options = {
    pool: true,
    maxConnections,
    maxMessages: Infinity,
    host: settings.host ?? undefined,
    port: settings.port,
    // Port 465 speaks TLS from the start; others upgrade with STARTTLS, required when TLS is on.
    secure: settings.useTls && settings.port === 465,
    requireTLS: settings.useTls && settings.port !== 465,
    ignoreTLS: !settings.useTls,
    auth: settings.userName ? { user: settings.userName, pass: settings.password ?? '' } : undefined,
    connectionTimeout: ms,
    greetingTimeout: ms,
    socketTimeout: ms,
  };
  const transporter = nodemailer.createTransport(options);
  cached = { key, transporter };
  return transporter;
}

/** Closes the pooled connections (a test's or a process's end). */
export function closeEmailConnections(): void {
  cached?.transporter.close();
  cached = null;
}

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

async function attachmentsOf(payload: EmailPayload, deps: EmailDeps): Promise<Mail.Attachment[]> {
  const out: Mail.Attachment[] = [];
  for (const a of payload.attachments ?? []) {
    if (a.contentBase64 !== undefined) {
      out.push({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') });
      continue;
    }
    const row = a.fileId && deps.files ? await fileById(deps.files.db, a.fileId) : null;
    if (!row || !deps.files) throw new MissingAttachment(a.filename);
    out.push({
      filename: a.filename,
      contentType: a.contentType,
      content: await streamToBuffer(deps.files.store.open(row.sha256)),
    });
  }
  return out;
}

class MissingAttachment extends Error {
  constructor(name: string) {
    super(`attachment ${name}: the file is not there`);
  }
}

/** An SMTP answer of 5xx is permanent (the address does not exist); anything else may pass later. */
function failure(err: unknown): TransportResult {
  const code = typeof err === 'object' && err !== null && 'responseCode' in err ? Number(err.responseCode) : NaN;
  const reason = err instanceof Error ? err.message : String(err);
  return { ok: false, retry: !(code >= 500 && code < 600) && !(err instanceof MissingAttachment), reason };
}

/** The text with its `{{sealed.name}}` places filled from the encrypted values (undecryptable: left empty). */
function unseal(text: string | undefined, sealed: Record<string, string> | undefined): string | undefined {
  if (!text || !sealed) return text;
  return text.replace(/\{\{sealed\.([A-Za-z][A-Za-z0-9_]*)\}\}/g, (_, name: string) =>
    Object.hasOwn(sealed, name) ? (decryptSecret(sealed[name]) ?? '') : '',
  );
}

export function emailTransport(deps: EmailDeps): Transport {
  return async (payload, ctx) => {
    if (!('to' in payload)) return { ok: false, retry: false, reason: 'not an e-mail' };
    try {
      checkPayload('email', payload);
    } catch (err) {
      return { ok: false, retry: false, reason: err instanceof Error ? err.message : String(err) };
    }
    const settings = await deps.settings();
    if (!settings.host) return { ok: false, retry: true, reason: 'no mail server is set (mailserversettings.Host)' };
    const from =
      payload.from ??
      (settings.senderAddress ? { address: settings.senderAddress, name: settings.senderName ?? undefined } : null);
    if (!from) return { ok: false, retry: false, reason: 'no sender address' };
    try {
      const transporter = transporterFor(settings, deps.maxConnections ?? 5);
      const mail: Mail.Options = {
        from: from.name ? { name: from.name, address: from.address } : from.address,
        to: payload.to,
        cc: payload.cc,
        bcc: payload.bcc,
        subject: payload.subject,
        text: unseal(payload.text, payload.sealed),
        html: unseal(payload.html, payload.sealed),
        messageId: `<${ctx.messageKey}>`,
        attachments: await attachmentsOf(payload, deps),
        disableFileAccess: true,
        disableUrlAccess: true,
      };
      if (ctx.signal.aborted) return { ok: false, retry: true, reason: 'timed out' };
      const info = await Promise.race([
        transporter.sendMail(mail),
        new Promise<never>((_, reject) =>
          ctx.signal.addEventListener('abort', () => reject(new Error('timed out')), { once: true }),
        ),
      ]);
      return { ok: true, detail: String(info.response ?? '') };
    } catch (err) {
      return failure(err);
    }
  };
}
