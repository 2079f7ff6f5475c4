// The named table behaviours a definition can point to (`behaviour` of a table): what runs
// inside a write's transaction and after its commit. Looked up by name, so the generic calls
// name no table; the table schema's enum lists the same names, so an unknown one fails
// `definitions validate`.
import type { TableDef } from '../../definitions/language/index.ts';
import type { WriteHooks } from '../data/write.ts';
import type { Registry } from '../metadata/registry.ts';
import type { ActionBehaviour } from '../business/index.ts';
import { readStored } from '../data/records.ts';
import { recordChanged } from '../data/events.ts';
import { Ignored } from '../business/batch.ts';
import { liftSignInLock } from '../security/sign-in-lock.ts';
import { badRequest } from '../errors.ts';
import { dictionaryHooks } from './site-dictionary.ts';
export { DICTIONARY_TABLE_FIELD, dictionaryKind } from './site-dictionary.ts';
import { userAccountHooks } from './user-account.ts';
import { registerRecordBehaviour } from '../data/record-behaviours.ts';
import { rowLimitChecks } from './row-limit.ts';

export interface Behaviour {
  hooks: WriteHooks;
  /** After the commit. */
  committed(): Promise<unknown>;
}

type HookName = 'site-dictionary' | 'user-account';

const BEHAVIOURS: Record<HookName, (registry: Registry) => Behaviour> = {
  // Definitions changed: this process reloads now; others on NOTIFY.
  'site-dictionary': (registry) => ({ hooks: dictionaryHooks(registry), committed: () => registry.refresh() }),
  'user-account': (registry) => ({ hooks: userAccountHooks(registry), committed: async () => {} }),
};

/** The save hooks of a table whose rows are definitions or accounts (the save and delete calls run them). */
export function behaviourOf(names: TableDef['behaviour'], registry: Registry): Behaviour | undefined {
  const name = (Array.isArray(names) ? names : [names]).find(
    (n): n is HookName => n === 'site-dictionary' || n === 'user-account',
  );
  return name ? BEHAVIOURS[name](registry) : undefined;
}

/** The behaviours that hold on every write of their tables (data/record-behaviours.ts). */
export function installRecordBehaviours(): void {
  registerRecordBehaviour('row-limit', rowLimitChecks);
}

/**
 * The named server behaviours a screen action may run (`"behaviour": "<name>"`), for the few
 * actions no definition can express; each runs per record inside the batch item's transaction.
 * `runNow`: the selected scheduled tasks run now, once, on whichever process has a free worker.
 * `unlockSignIn`: the selected users' sign-in locks and failure counts go, from every address, so
 * they can sign in at once (the users table's update right decides who may).
 */
export function actionBehaviours(jobs: {
  send(kind: string, data: Record<string, unknown>): Promise<string>;
  knows(kind: string): boolean;
}): ReadonlyMap<string, ActionBehaviour> {
  return new Map<string, ActionBehaviour>([
    [
      'runNow',
      async (client, model, principal, autoId) => {
        const row = await readStored(client, model, principal, autoId);
        const kind = String(row.ID ?? '');
        if (!jobs.knows(kind)) throw badRequest('request.unknown_behaviour', kind);
        await jobs.send(kind, { requestedBy: principal.userId });
      },
    ],
    [
      'unlockSignIn',
      async (client, model, principal, autoId) => {
        // Accounts only: on any other table the AutoID would name some other user.
        if (![model.table.behaviour].flat().includes('user-account'))
          throw badRequest('request.unknown_behaviour', 'unlockSignIn');
        await readStored(client, model, principal, autoId, true);
        if (!(await liftSignInLock(client, autoId, principal.username))) throw new Ignored('actions.nothing_changes');
        await recordChanged(client, model, autoId, 'updated');
      },
    ],
  ]);
}
