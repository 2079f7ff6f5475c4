// Single sign-on through OpenID Connect (spec 3 §3, §8): identity providers, the authorization-code
// flow and the user it signs on. docs/identity.md describes it.
export { SIGN_ON_CODES, SIGN_ON_OUTCOMES, SignOnError, type SignOnCode } from './codes.ts';
export { claimMapping, claimsUsedTwice } from './claims.ts';
export { migrationDue } from './accounts.ts';
export { FLOW_COOKIE, FLOW_MINUTES } from './flows.ts';
export { isLocalPath, localPathOr, DEFAULT_RETURN_TO, LOGIN_PAGE } from './return-to.ts';
export { offeredProviders, providerByCode, forgetConnections, isLoopback, type IdentityProvider } from './providers.ts';
export { beginSignOn, finishSignOn, continueSignOn, beginMigration } from './sign-on.ts';
