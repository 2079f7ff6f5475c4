// The behaviour of the identity providers table (single sign-on), on every path that writes it: a
// claim fills one attribute only (OIDC-1008), the authorization server is an https address (plain
// http only for a provider on this computer), and the error page is a path of this site, so a
// refused sign-on never sends a browser elsewhere.
import { invalidFields, type FieldMessage } from '../errors.ts';
import type { WriteHook } from '../data/write-hooks.ts';
import { claimMapping, claimsUsedTwice, isLocalPath, isLoopback } from '../business/single-sign-on/index.ts';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

function serverRefusal(value: unknown): FieldMessage[] {
  try {
    const url = new URL(String(value));
    if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url))) return [];
  } catch {
    // Not an address at all: said the same way.
  }
  return [{ id: 'validation.https_address', args: [] }];
}

export const identityProviderHook: WriteHook = {
  async beforeWrite(_client, { merged }) {
    const refused: Record<string, FieldMessage[]> = {};
    const mapping = claimMapping({
      claimusername: text(merged.ClaimUsername),
      claimemail: text(merged.ClaimEmail),
      claimfirstname: text(merged.ClaimFirstName),
      claimlastname: text(merged.ClaimLastName),
      claimrelation: text(merged.ClaimRelation),
      claimsecuritygroup: text(merged.ClaimSecurityGroup),
    });
    const twice = claimsUsedTwice(mapping.map(([, claim]) => claim));
    if (twice.length) refused.ClaimUsername = [{ id: 'validation.claim_used_twice', args: [twice.join(', ')] }];
    const server = serverRefusal(merged.AuthorizationServerUrl);
    if (server.length) refused.AuthorizationServerUrl = server;
    if (text(merged.ErrorPage) !== null && !isLocalPath(merged.ErrorPage))
      refused.ErrorPage = [{ id: 'validation.local_path', args: [] }];
    if (Object.keys(refused).length) throw invalidFields(refused);
  },
};
