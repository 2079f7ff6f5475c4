// The principal of a signed-in user: rights decided from the user's groups' grants.
import type { Principal } from './principal.ts';
import type { GrantRow } from './identity.ts';
import { decide } from './rights.ts';

export function userPrincipal(username: string, userId: number, grants: GrantRow[], allowAll = false): Principal & { userId: number; grants: GrantRow[] } {
  return {
    username,
    userId,
    grants,
    can: (right, action) => allowAll || decide(grants, right, action).allowed,
    rowFilter: () => null,
  };
}
