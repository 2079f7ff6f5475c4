// The behaviour of the users table: a new password ends that user's sessions at once.
// (Deactivating or locking a user ends them too: sessions are only valid for active users.)
import type { WriteHooks } from '../data/records.ts';
import { endUserSessions } from './sessions.ts';

export function userAccountHooks(): WriteHooks {
  return {
    async afterWrite(client, { after, written }) {
      if (after && written.includes('Password')) await endUserSessions(client, Number(after.AutoID));
    },
  };
}
