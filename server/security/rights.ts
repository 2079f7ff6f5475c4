// Deciding rights from grants: an action is allowed only if some grant of the user's groups
// allows it and no matching grant denies it. A full-access group grants everything; a deny
// elsewhere still denies. CreateOrUpdate grants and denies both create and update.
import { ACTION_CODES as CODES, type RightAction } from '../../definitions/language/index.ts';
import type { GrantRow } from './identity.ts';

/** Action codes of spec 1 section 6. */
export const ACTION_CODES: Record<string, RightAction> = CODES;

function matches(grantAction: string | null, action: RightAction): boolean {
  if (grantAction === action) return true;
  if (grantAction === 'createorupdate')
    return action === 'create' || action === 'update' || action === 'createorupdate';
  return false;
}

export interface Decision {
  allowed: boolean;
  grantedBy: string[];
  deniedBy: string[];
}

export function decide(grants: GrantRow[], right: string | undefined, action: RightAction): Decision {
  const grantedBy = new Set<string>();
  const deniedBy = new Set<string>();
  for (const g of grants) {
    if (g.fullaccess) grantedBy.add(g.group);
    if (!right || g.rightcode !== right) continue;
    if (action === 'createorupdate') {
      // Asking for create-or-update needs both.
      if (g.grant === false && (matches(g.action, 'create') || matches(g.action, 'update'))) deniedBy.add(g.group);
    } else if (matches(g.action, action)) {
      (g.grant === false ? deniedBy : grantedBy).add(g.group);
    }
  }
  if (action === 'createorupdate' && right) {
    const both = ['create', 'update'].every((a) =>
      grants.some(
        (g) => g.fullaccess || (g.rightcode === right && g.grant !== false && matches(g.action, a as RightAction)),
      ),
    );
    if (!both) grantedBy.clear();
  }
  return { allowed: grantedBy.size > 0 && deniedBy.size === 0, grantedBy: [...grantedBy], deniedBy: [...deniedBy] };
}
