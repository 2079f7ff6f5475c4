// From a provider's claims to a user's attributes, by the provider's claims mapping. A claim
// fills one attribute only (OIDC-1008); a mapped claim must be a single short text (OIDC-1009);
// an e-mail must look like one and must not be marked unverified (OIDC-1007).
import type { IdentityProvider } from './providers.ts';
import { SIGN_ON_CODES, SignOnError } from './codes.ts';

export interface MappedClaims {
  subject: string;
  username: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  relation: string | null;
  securityGroup: string | null;
}

/** The attributes a provider maps, each with the claim that fills it. */
type Attribute = keyof Omit<MappedClaims, 'subject'>;

export function claimMapping(
  p: Pick<
    IdentityProvider,
    'claimusername' | 'claimemail' | 'claimfirstname' | 'claimlastname' | 'claimrelation' | 'claimsecuritygroup'
  >,
): [Attribute, string][] {
  const pairs: [Attribute, string | null][] = [
    ['username', p.claimusername],
    ['email', p.claimemail],
    ['firstName', p.claimfirstname],
    ['lastName', p.claimlastname],
    ['relation', p.claimrelation],
    ['securityGroup', p.claimsecuritygroup],
  ];
  const mapped: [Attribute, string][] = [];
  for (const [attribute, claim] of pairs) if (claim && claim.trim()) mapped.push([attribute, claim.trim()]);
  return mapped;
}

/** The claim names used for more than one attribute. */
export function claimsUsedTwice(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const n of names) (seen.has(n) ? twice : seen).add(n);
  return [...twice];
}

const MAX_CLAIM = 255;
const CONTROL = /[\u0000-\u001f\u007f]/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function single(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string' || value.length > MAX_CLAIM || CONTROL.test(value))
    throw new SignOnError(SIGN_ON_CODES.claimsInvalid);
  return value.trim() || null;
}

export function mapClaims(p: IdentityProvider, claims: Record<string, unknown>): MappedClaims {
  const mapping = claimMapping(p);
  if (claimsUsedTwice(mapping.map(([, c]) => c)).length) throw new SignOnError(SIGN_ON_CODES.claimUsedTwice);
  const subject = single(claims.sub);
  if (!subject) throw new SignOnError(SIGN_ON_CODES.incorrectRequest);
  const mapped: MappedClaims = {
    subject,
    username: null,
    email: null,
    firstName: null,
    lastName: null,
    relation: null,
    securityGroup: null,
  };
  for (const [attribute, claim] of mapping) mapped[attribute] = single(claims[claim]);
  if (mapped.email !== null && (!EMAIL.test(mapped.email) || claims.email_verified === false))
    throw new SignOnError(SIGN_ON_CODES.emailIncorrect);
  return mapped;
}
