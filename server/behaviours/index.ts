// The named table behaviours a definition can point to (`behaviour` of a table): what runs
// inside a write's transaction and after its commit. Looked up by name, so the generic calls
// name no table; the table schema's enum lists the same names, so an unknown one fails
// `definitions validate`.
import type { TableDef } from '../../definitions/language/index.ts';
import type { WriteHooks } from '../data/records.ts';
import type { Registry } from '../metadata/registry.ts';
import type { ActionBehaviour } from '../business/index.ts';
import { readStored } from '../data/records.ts';
import { badRequest } from '../errors.ts';
import { dictionaryHooks } from './site-dictionary.ts';
export { DICTIONARY_TABLE_FIELD, dictionaryKind } from './site-dictionary.ts';
import { userAccountHooks } from './user-account.ts';

export interface Behaviour {
  hooks: WriteHooks;
  /** After the commit. */
  committed(): Promise<unknown>;
}

type BehaviourName = NonNullable<TableDef['behaviour']>;

const BEHAVIOURS: Record<BehaviourName, (registry: Registry) => Behaviour> = {
  // Definitions changed: this process reloads now; others on NOTIFY.
  'site-dictionary': (registry) => ({ hooks: dictionaryHooks(registry), committed: () => registry.refresh() }),
  'user-account': (registry) => ({ hooks: userAccountHooks(registry), committed: async () => {} }),
};

export function behaviourOf(name: BehaviourName | undefined, registry: Registry): Behaviour | undefined {
  return name ? BEHAVIOURS[name](registry) : undefined;
}


/**
 * The named server behaviours a screen action may run (`"behaviour": "<name>"`), for the few
 * actions no definition can express; each runs per record inside the batch item's transaction.
 * `runNow`: the selected scheduled tasks run now, once, on whichever process has a free worker.
 */
export function actionBehaviours(jobs: { send(kind: string, data: Record<string, unknown>): Promise<string>; knows(kind: string): boolean }): ReadonlyMap<string, ActionBehaviour> {
  return new Map<string, ActionBehaviour>([
    ['runNow', async (client, model, principal, autoId) => {
      const row = await readStored(client, model, principal, autoId);
      const kind = String(row.ID ?? '');
      if (!jobs.knows(kind)) throw badRequest('request.unknown_behaviour', kind);
      await jobs.send(kind, { requestedBy: principal.userId });
    }],
  ]);
}
