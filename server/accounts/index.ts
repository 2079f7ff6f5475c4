// The life of an account: new user requests and their evaluation, activation and password
// recovery by e-mailed single-use links, and the account-request settings.
import type { ActionBehaviour } from '../business/index.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { approve, refuse } from './requests.ts';

export { linkUsable, MAX_TOKEN_LENGTH, type LinkPurpose } from './links.ts';
export { choosePassword, RECOVERY_ANSWER_MS, sendRecovery, type NewPassword } from './passwords.ts';
export {
  ACCOUNT_REQUEST,
  register,
  registrationTerms,
  REQUEST_STATUS,
  REQUESTS_TABLE,
  type Registration,
} from './requests.ts';
export { accountSettings, type AccountSettings } from './settings.ts';

/**
 * The screen actions of new user requests: `approveUserRequest` (prompts User,
 * SecurityGroup) and `refuseUserRequest` (prompt Reason).
 */
export function accountBehaviours(snapshot: () => Snapshot, publicUrl: string): ReadonlyMap<string, ActionBehaviour> {
  return new Map<string, ActionBehaviour>([
    [
      'approveUserRequest',
      (client, model, principal, autoId, values) =>
        approve(client, model, principal, autoId, values, { snapshot: snapshot(), publicUrl }),
    ],
    [
      'refuseUserRequest',
      (client, model, principal, autoId, values) => refuse(client, model, principal, autoId, values, snapshot()),
    ],
  ]);
}
