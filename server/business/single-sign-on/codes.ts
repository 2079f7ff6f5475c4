// The single sign-on error codes of spec 3 §8. A failed sign-on sends the browser to the login
// page (or the provider's error page) with only the code in its address; the page says it in the
// user's language. Nothing else of the attempt (no code, token or claim) leaves the server.
export const SIGN_ON_CODES = {
  incorrectRequest: 'OIDC-1001',
  alreadyProcessed: 'OIDC-1002',
  accountDataMissing: 'OIDC-1003',
  relationMissing: 'OIDC-1004',
  securityMissing: 'OIDC-1005',
  usernameInUse: 'OIDC-1006',
  emailIncorrect: 'OIDC-1007',
  claimUsedTwice: 'OIDC-1008',
  claimsInvalid: 'OIDC-1009',
} as const;

/** Besides the spec's codes: the provider did not answer, and no account is linked to the sign-on. */
export const SIGN_ON_OUTCOMES = { unavailable: 'unavailable', noAccount: 'no-account' } as const;

export type SignOnCode =
  (typeof SIGN_ON_CODES)[keyof typeof SIGN_ON_CODES] | (typeof SIGN_ON_OUTCOMES)[keyof typeof SIGN_ON_OUTCOMES];

export class SignOnError extends Error {
  /** `page`: the provider's error page, once the provider is known. */
  constructor(
    readonly code: SignOnCode,
    readonly page?: string | null,
  ) {
    super(`single sign-on refused: ${code}`);
  }
}
