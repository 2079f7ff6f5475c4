// Secrets the engine must use again (the SMTP password), kept encrypted at rest with AES-256-GCM.
// The key is SECRETS_KEY (base64 of 32 bytes; the same for every process of a cluster), else a key
// file in the data directory, made on first use and readable by its owner only. Like every
// password field, a secret is never answered back: only the engine reads it, to use it.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PREFIX = 'enc1:';
const KEY_FILE = 'secret.key';

let keyDir: string | null = null;
let key: Buffer | null = null;

/** Where the key file lives (the data directory); set at start. */
export function configureSecrets(dataDir: string): void {
  if (keyDir !== dataDir) key = null;
  keyDir = dataDir;
}

function secretKey(): Buffer {
  if (key) return key;
  const fromEnv = process.env.SECRETS_KEY;
  if (fromEnv) {
    const k = Buffer.from(fromEnv, 'base64');
    if (k.length !== 32) throw new Error('SECRETS_KEY must be the base64 of 32 bytes');
    return (key = k);
  }
  const file = path.join(keyDir ?? path.resolve(process.env.DATA_DIR ?? '.data'), KEY_FILE);
  try {
    key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    const made = randomBytes(32);
    try {
      writeFileSync(file, made.toString('base64'), { mode: 0o600, flag: 'wx' });
      key = made;
    } catch {
      // Another process made it first.
      key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    }
  }
  if (key.length !== 32) throw new Error(`${file} does not hold a key of 32 bytes`);
  return key;
}

export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The plain text of a stored secret; null when there is none or it cannot be read with this key. */
export function decryptSecret(stored: unknown): string | null {
  if (typeof stored !== 'string' || !stored.startsWith(PREFIX)) return null;
  try {
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', secretKey(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
