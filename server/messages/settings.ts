// The mail server settings (core table `mailserversettings`, one row): how e-mail is sent, how
// long a message may stay in processing, and how often a failed one is tried again.
import type { Queryable } from '../db/pool.ts';
import { decryptSecret } from '../security/secrets.ts';

export const MAIL_SETTINGS_TABLE = 'mailserversettings';

export interface MailSettings {
  host: string | null;
  port: number;
  useTls: boolean;
  userName: string | null;
  /** The decrypted password; null when none was saved. */
  password: string | null;
  senderAddress: string | null;
  senderName: string | null;
  timeoutSeconds: number;
  maxProcessingMinutes: number;
  testMode: boolean;
  maxAttempts: number;
  retryMinutes: number;
}

export const DEFAULT_MAIL_SETTINGS: MailSettings = {
  host: null,
  port: 587,
  useTls: true,
  userName: null,
  password: null,
  senderAddress: null,
  senderName: null,
  timeoutSeconds: 30,
  maxProcessingMinutes: 10,
  testMode: false,
  maxAttempts: 5,
  retryMinutes: 1,
};

interface SettingsRow {
  host: string | null;
  port: number | null;
  usetls: boolean | null;
  username: string | null;
  password: string | null;
  senderaddress: string | null;
  sendername: string | null;
  timeoutseconds: number | null;
  maxprocessingminutes: number | null;
  testmode: boolean | null;
  maxattempts: number | null;
  retryminutes: number | null;
}

/** The settings row as the sender uses it; the defaults where a value is empty. */
export async function readMailSettings(db: Queryable): Promise<MailSettings> {
  const rows = await db.query<SettingsRow>(
    `SELECT host, port, usetls, username, password, senderaddress, sendername, timeoutseconds, maxprocessingminutes, testmode, maxattempts, retryminutes
       FROM ${MAIL_SETTINGS_TABLE} ORDER BY autoid LIMIT 1`,
  );
  const r = rows.rows[0];
  if (!r) return DEFAULT_MAIL_SETTINGS;
  const d = DEFAULT_MAIL_SETTINGS;
  return {
    host: r.host || null,
    port: r.port ?? d.port,
    useTls: r.usetls ?? d.useTls,
    userName: r.username || null,
    password: decryptSecret(r.password),
    senderAddress: r.senderaddress || null,
    senderName: r.sendername || null,
    timeoutSeconds: r.timeoutseconds ?? d.timeoutSeconds,
    maxProcessingMinutes: r.maxprocessingminutes ?? d.maxProcessingMinutes,
    testMode: r.testmode ?? d.testMode,
    maxAttempts: r.maxattempts ?? d.maxAttempts,
    retryMinutes: r.retryminutes ?? d.retryMinutes,
  };
}

/**
 * The settings read at most once per `ttlMs` (the e-mail transport asks for each message); a change
 * reaches every sender within that time.
 */
export function cachedMailSettings(db: Queryable, ttlMs = 5000): () => Promise<MailSettings> {
  let read: { at: number; settings: Promise<MailSettings> } | null = null;
  return () => {
    if (!read || Date.now() - read.at > ttlMs) {
      const settings = readMailSettings(db);
      read = { at: Date.now(), settings };
      settings.catch(() => (read = null));
    }
    return read.settings;
  };
}
