// A sign-on flow: PKCE verifier, state and nonce made by openid-client, kept server-side under the
// SHA-256 of a random id the browser holds in an httpOnly cookie. The provider's answer is taken
// once (the flow is marked used before the code is exchanged), from the browser that started it,
// within ten minutes.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';
import type { Queryable } from '../../db/pool.ts';
import { SIGN_ON_CODES, SignOnError } from './codes.ts';

export const FLOW_COOKIE = 'signon';
export const FLOW_MINUTES = 10;

const idOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface NewFlow {
  /** Goes into the browser's cookie. */
  token: string;
  state: string;
  nonce: string;
  codeChallenge: string;
}

export async function startFlow(
  db: Queryable,
  providerId: number,
  returnTo: string,
  linkUserId: number | null,
): Promise<NewFlow> {
  const token = randomBytes(32).toString('base64url');
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  await db.query("DELETE FROM core_sign_on_flow WHERE expires_at < now() - interval '1 day'");
  await db.query(
    `INSERT INTO core_sign_on_flow (id, provider_id, state, nonce, code_verifier, return_to, link_user_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(mins => $8))`,
    [idOf(token), providerId, state, nonce, verifier, returnTo, linkUserId, FLOW_MINUTES],
  );
  return { token, state, nonce, codeChallenge: await client.calculatePKCECodeChallenge(verifier) };
}

export interface TakenFlow {
  providerId: number;
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
  linkUserId: number | null;
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The flow of the browser's cookie, taken for good: a missing or expired flow, or a state other
 * than the flow's, is an incorrect request (OIDC-1001); a flow taken before is OIDC-1002.
 */
export async function takeFlow(
  db: Queryable,
  token: string | undefined,
  state: string | undefined,
): Promise<TakenFlow> {
  if (!token || !state) throw new SignOnError(SIGN_ON_CODES.incorrectRequest);
  const row = (
    await db.query<{
      provider_id: string;
      state: string;
      nonce: string;
      code_verifier: string;
      return_to: string;
      link_user_id: string | null;
      used: boolean;
      expired: boolean;
    }>(
      `SELECT provider_id, state, nonce, code_verifier, return_to, link_user_id, used_at IS NOT NULL AS used,
              expires_at < now() AS expired
         FROM core_sign_on_flow WHERE id = $1`,
      [idOf(token)],
    )
  ).rows[0];
  if (!row || !sameText(row.state, state)) throw new SignOnError(SIGN_ON_CODES.incorrectRequest);
  if (row.used) throw new SignOnError(SIGN_ON_CODES.alreadyProcessed);
  if (row.expired) throw new SignOnError(SIGN_ON_CODES.incorrectRequest);
  const taken = await db.query('UPDATE core_sign_on_flow SET used_at = now() WHERE id = $1 AND used_at IS NULL', [
    idOf(token),
  ]);
  if (taken.rowCount !== 1) throw new SignOnError(SIGN_ON_CODES.alreadyProcessed);
  return {
    providerId: Number(row.provider_id),
    state: row.state,
    nonce: row.nonce,
    verifier: row.code_verifier,
    returnTo: row.return_to,
    linkUserId: row.link_user_id === null ? null : Number(row.link_user_id),
  };
}

/** A flow started and not yet answered (a migration the login started), to send the browser on to its provider. */
export async function openFlow(
  db: Queryable,
  token: string | undefined,
): Promise<{ providerId: number; flow: Omit<NewFlow, 'token'> }> {
  if (!token) throw new SignOnError(SIGN_ON_CODES.incorrectRequest);
  const row = (
    await db.query<{ provider_id: string; state: string; nonce: string; code_verifier: string }>(
      `SELECT provider_id, state, nonce, code_verifier FROM core_sign_on_flow
        WHERE id = $1 AND used_at IS NULL AND expires_at > now()`,
      [idOf(token)],
    )
  ).rows[0];
  if (!row) throw new SignOnError(SIGN_ON_CODES.incorrectRequest);
  return {
    providerId: Number(row.provider_id),
    flow: {
      state: row.state,
      nonce: row.nonce,
      codeChallenge: await client.calculatePKCECodeChallenge(row.code_verifier),
    },
  };
}
