// The licence (spec 1 §3/§7, spec 3 §6/§9): an activation code is issued by the vendor for a
// licence name, a product code, a set of modules and a last day, signed with the vendor's Ed25519
// key; the product checks it with the vendor's public key (LICENCE_PUBLIC_KEY), offline. The code
// is `<payload>.<signature>`, both base64url; the payload is the licence as JSON. A code for
// another product code or name, with a changed module list, expired or forged, is refused.
import { createPrivateKey, createPublicKey, randomInt, sign, verify, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { isModule, type ModuleCode } from '../../definitions/language/index.ts';

export interface LicenceTerms {
  name: string;
  productCode: string;
  modules: ModuleCode[];
  expires: string;
}

export type LicenceProblem = 'malformed' | 'forged' | 'other_product' | 'other_name' | 'expired' | 'no_key';

export class LicenceRefused extends Error {
  constructor(readonly problem: LicenceProblem) {
    super(`licence refused: ${problem}`);
  }
}

/** A key as configured: PEM text, or the path of a PEM file. */
function keyText(value: string): string {
  return value.includes('-----BEGIN') ? value : readFileSync(value, 'utf8');
}

export const publicKeyOf = (value: string): KeyObject => createPublicKey(keyText(value));

const canonical = (t: LicenceTerms) =>
  JSON.stringify({ n: t.name, p: t.productCode, m: [...t.modules].sort(), e: t.expires });

/** Issues an activation code (the vendor's tool: `npm run licence -- issue`). */
export function issueActivation(privateKey: string, terms: LicenceTerms): string {
  const payload = Buffer.from(canonical(terms));
  const signature = sign(null, payload, createPrivateKey(keyText(privateKey)));
  return `${payload.toString('base64url')}.${signature.toString('base64url')}`;
}

/**
 * The terms of an activation code, if it is signed by the key and issued for this product code
 * and licence name, and its last day has not passed.
 */
export function verifyActivation(
  code: string,
  key: KeyObject | null,
  expect: { productCode: string; name: string },
  today = new Date(),
): LicenceTerms {
  if (!key) throw new LicenceRefused('no_key');
  const [payloadText, signatureText, extra] = code.trim().split('.');
  if (
    !payloadText ||
    !signatureText ||
    extra !== undefined ||
    !/^[\w-]+$/.test(payloadText) ||
    !/^[\w-]+$/.test(signatureText)
  )
    throw new LicenceRefused('malformed');
  const payload = Buffer.from(payloadText, 'base64url');
  if (!verify(null, payload, key, Buffer.from(signatureText, 'base64url'))) throw new LicenceRefused('forged');
  let raw: { n?: unknown; p?: unknown; m?: unknown; e?: unknown };
  try {
    raw = JSON.parse(payload.toString('utf8'));
  } catch {
    throw new LicenceRefused('malformed');
  }
  if (
    typeof raw.n !== 'string' ||
    typeof raw.p !== 'string' ||
    !Array.isArray(raw.m) ||
    !raw.m.every(isModule) ||
    typeof raw.e !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}$/.test(raw.e)
  ) {
    throw new LicenceRefused('malformed');
  }
  if (raw.p !== expect.productCode) throw new LicenceRefused('other_product');
  if (raw.n.trim() !== expect.name.trim()) throw new LicenceRefused('other_name');
  if (raw.e < today.toISOString().slice(0, 10)) throw new LicenceRefused('expired');
  return { name: raw.n, productCode: raw.p, modules: raw.m, expires: raw.e };
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** This installation's product code: made the first time it is asked for, then kept. */
export async function productCode(db: pg.Pool): Promise<string> {
  const kept = (await db.query<{ product_code: string }>('SELECT product_code FROM core_installation')).rows[0];
  if (kept) return kept.product_code;
  const made = Array.from({ length: 32 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  // Two processes asking first at once: the first insert wins, and both answer its code.
  await db.query('INSERT INTO core_installation (product_code) VALUES ($1) ON CONFLICT (id) DO NOTHING', [made]);
  return (await db.query<{ product_code: string }>('SELECT product_code FROM core_installation')).rows[0].product_code;
}

export interface StoredLicence {
  name: string;
  productCode: string;
  activationCode: string;
  modules: ModuleCode[];
  expires: string;
  savedBy: string;
  savedAt: string;
}

/**
 * The licence as it stands: the one saved last if it is still valid (its signature checked again,
 * its day not past), and whether one was activated but none is valid now (`lapsed`).
 */
export async function readLicence(
  db: pg.Pool,
  key: KeyObject | null,
): Promise<{ current: StoredLicence | null; lapsed: boolean }> {
  const current = await currentLicence(db, key);
  const activated = current !== null || (await db.query('SELECT 1 FROM licences LIMIT 1')).rowCount === 1;
  return { current, lapsed: current === null && activated };
}

/**
 * The modules active now: a valid licence's; with none ever activated, those the installation's
 * setting names (LICENCE_MODULES); with one that lapsed (expired, or no longer signed by the
 * configured key), none: the setting is no way around a licence.
 */
export function activeModulesOf(
  state: { current: StoredLicence | null; lapsed: boolean },
  configured: readonly ModuleCode[],
): ModuleCode[] {
  if (state.current) return state.current.modules;
  return state.lapsed ? [] : [...configured];
}

/** The licence saved last, if it is still valid (its signature checked again, its day not past). */
async function currentLicence(db: pg.Pool, key: KeyObject | null): Promise<StoredLicence | null> {
  const row = (
    await db.query<{
      licensename: string;
      productcode: string;
      activationcode: string;
      modifiedby: string;
      createdate: string | Date;
    }>(
      'SELECT licensename, productcode, activationcode, modifiedby, createdate FROM licences ORDER BY autoid DESC LIMIT 1',
    )
  ).rows[0];
  if (!row) return null;
  try {
    const terms = verifyActivation(row.activationcode, key, {
      productCode: row.productcode.replace(/-/g, ''),
      name: row.licensename,
    });
    return {
      name: terms.name,
      productCode: row.productcode,
      activationCode: row.activationcode,
      modules: terms.modules,
      expires: terms.expires,
      savedBy: row.modifiedby,
      savedAt: new Date(row.createdate).toISOString(),
    };
  } catch {
    return null;
  }
}
