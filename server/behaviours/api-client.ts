// The behaviour of the API clients table (security/api-clients.ts), on every path that writes it:
// a new client gets a random client id; a secret is at least MIN_SECRET_LENGTH characters (it is
// stored as an argon2 hash like a password, and answered only once, by the call that makes it);
// every scope names a table or a right the definitions know, and one its writer holds; and a
// change to what a token grants (disabled, a new secret, other scopes, user, grant type or rate
// limit) or the client's removal ends its tokens on every process at once.
import type { EffectiveField } from '../../definitions/language/index.ts';
import { invalidFields } from '../errors.ts';
import type { WriteHook } from '../data/write-hooks.ts';
import { registryOf } from '../metadata/registry.ts';
import { endClientTokens, MAX_SCOPES, MIN_SECRET_LENGTH, newClientId, scopeRights } from '../security/api-clients.ts';

/** The fields a token's grant is made of: a change ends the client's tokens (as a new secret does). */
const REVOKING = ['Enabled', 'Scopes', 'User', 'GrantType', 'RateLimit', 'WhitelistUntil'];

export const apiClientHook: WriteHook = {
  async beforeWrite(_client, { model, values, before, merged, principal }) {
    const field = (name: string): EffectiveField | undefined => model.byName.get(name.toLowerCase());
    const clientId = field('ClientId');
    // The client id is the engine's: made once, never typed (the field is read-only).
    if (!before && clientId) values.set(clientId, newClientId());
    const secretField = field('Secret');
    const secret = secretField && values.get(secretField);
    if (typeof secret === 'string' && secret.length < MIN_SECRET_LENGTH)
      throw invalidFields({ Secret: [{ id: 'validation.secret_too_short', args: [MIN_SECRET_LENGTH] }] });
    const scopes = typeof merged.Scopes === 'string' ? merged.Scopes : '';
    const { granted, unknown, count } = scopeRights(scopes, registryOf(model).snapshot);
    if (count > MAX_SCOPES) throw invalidFields({ Scopes: [{ id: 'validation.too_many_scopes', args: [MAX_SCOPES] }] });
    if (unknown.length) throw invalidFields({ Scopes: [{ id: 'validation.unknown_scope', args: [unknown[0]] }] });
    // Whoever manages clients hands out no right they lack themselves.
    const beyond = granted.find(({ right, action }) => !principal.can(right, action));
    if (beyond)
      throw invalidFields({
        Scopes: [{ id: 'validation.scope_beyond_rights', args: [`${beyond.right}:${beyond.action}`] }],
      });
    const limit = merged.RateLimit;
    if (limit !== null && limit !== undefined && !(Number(limit) >= 1))
      throw invalidFields({ RateLimit: [{ id: 'validation.rate_limit', args: [] }] });
  },
  async afterWrite(client, { before, after, written }) {
    const changed = REVOKING.some((name) => String(before?.[name] ?? '') !== String(after[name] ?? ''));
    if (before && (changed || written.includes('Secret'))) await endClientTokens(client, Number(after.AutoID));
  },
  async afterDelete(client, { before }) {
    await endClientTokens(client, Number(before.AutoID));
  },
};
