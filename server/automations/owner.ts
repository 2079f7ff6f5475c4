// The principal an automation acts as: its owner, with the owner's rights, row limits and field
// limits, on every read and write it makes. An automation a pack ships without an owner acts as
// the engine (the pack's definitions are trusted as much as its code); one made by a user without
// an owner, or whose owner can no longer sign in, does not act at all.
import type { Queryable } from '../db/pool.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { principalData } from '../security/identity.ts';
import { SYSTEM_PRINCIPAL, type Principal } from '../security/principal.ts';
import { userPrincipal } from '../security/principal-of.ts';

export async function ownerOf(
  db: Queryable,
  snapshot: Snapshot,
  automation: Record<string, unknown>,
): Promise<Principal | null> {
  const owner = Number(automation.Owner);
  if (!Number.isInteger(owner) || owner <= 0) return automation.CreatedBy === 'system' ? SYSTEM_PRINCIPAL : null;
  const data = await principalData(db, owner);
  if (!data) return null;
  const principal = userPrincipal(data.user, data.grants, data.limits, false, (name) =>
    snapshot.effective.tables.get(name.toLowerCase()),
  );
  return principal.active ? principal : null;
}
