// The named table behaviours a definition can point to (`behaviour` of a table): the write hooks
// that run on every write of the table's rows (data/write-hooks.ts). Looked up by name, so the
// generic calls name no table; the table schema's enum lists the same names, so an unknown one
// fails `definitions validate`.
import type { ActionBehaviour } from '../business/index.ts';
import { authorize, readStored } from '../data/records.ts';
import type { FileStore } from '../files/index.ts';
import { recordChanged } from '../data/events.ts';
import { Ignored } from '../business/batch.ts';
import { liftSignInLock } from '../security/sign-in-lock.ts';
import { badRequest } from '../errors.ts';
import { REPORT_TASKS, SQL_TASKS } from '../jobs/index.ts';
import { dictionaryHook } from './site-dictionary.ts';
export { DICTIONARY_TABLE_FIELD, dictionaryKind } from './site-dictionary.ts';
import { userAccountHook } from './user-account.ts';
import { identityProviderHook } from './identity-provider.ts';
import { apiClientHook } from './api-client.ts';
import { CHILDREN_FROM_HOOK, registerWriteHook } from '../data/write-hooks.ts';
import { childrenFromHook } from '../business/children-from.ts';
import { rowLimitHook } from './row-limit.ts';
import { requiredRightsHook } from './required-grants.ts';
import {
  generateEInvoice,
  makeFromDocument,
  receivingOf,
  SEND_JOB,
  sendEInvoice,
  takeUploaded,
} from '../einvoice/index.ts';
import type { Snapshot } from '../metadata/registry.ts';

/** The write hooks of the named behaviours, for every path that writes their tables. */
export function installWriteHooks(): void {
  registerWriteHook('site-dictionary', dictionaryHook);
  registerWriteHook('user-account', userAccountHook);
  registerWriteHook('identity-provider', identityProviderHook);
  registerWriteHook('api-client', apiClientHook);
  registerWriteHook('row-limit', rowLimitHook);
  registerWriteHook('required-rights', requiredRightsHook);
  registerWriteHook(CHILDREN_FROM_HOOK, childrenFromHook);
}

/**
 * The named server behaviours a screen action may run (`"behaviour": "<name>"`), for the few
 * actions no definition can express; each runs per record inside the batch item's transaction.
 * `runNow`: the selected scheduled tasks run now, once, on whichever process has a free worker.
 * `runSqlTask`, `runScheduledReport`: the selected scheduled SQL tasks or scheduled reports run
 * now, each once, whatever their schedule.
 * `unlockSignIn`: the selected users' sign-in locks and failure counts go, from every address, so
 * they can sign in at once (the users table's update right decides who may).
 * `einvoice`: the e-invoice of each selected record of a table with an `einvoice` mapping is made
 * (server/einvoice). `einvoiceSend`: each selected e-invoice document makes its send transition
 * and is queued to be sent once that has committed. `einvoiceReceive`: each selected received
 * document (or one with an uploaded UBL file) becomes its record, as the user: the record table's
 * create right and the user's row limits hold; a refusal names the rule or what was not found.
 */
export function actionBehaviours(
  jobs: {
    send(kind: string, data: Record<string, unknown>): Promise<string>;
    knows(kind: string): boolean;
  },
  snapshot: () => Snapshot,
  files: FileStore,
): ReadonlyMap<string, ActionBehaviour> {
  return new Map<string, ActionBehaviour>([
    [
      'einvoice',
      async (client, model, principal, autoId) => {
        await generateEInvoice(client, model, principal, autoId, (name) => snapshot().table(name));
      },
    ],
    [
      'einvoiceSend',
      (client, model, principal, autoId) =>
        sendEInvoice(client, model, principal, autoId, snapshot(), (data) => jobs.send(SEND_JOB, { ...data })),
    ],
    [
      'einvoiceReceive',
      async (client, model, principal, autoId) => {
        const r = receivingOf(snapshot(), model.table.name);
        if (!r) throw badRequest('request.unknown_behaviour', 'einvoiceReceive');
        authorize(model, principal, 'update');
        authorize(r.model, principal, 'create');
        await takeUploaded(client, r, principal, autoId, files);
        await makeFromDocument(client, r, principal, autoId);
      },
    ],
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
      'runSqlTask',
      async (client, model, principal, autoId) => {
        // Scheduled SQL tasks only: on any other table the AutoID would name some other row.
        if (model.table.name !== SQL_TASKS) throw badRequest('request.unknown_behaviour', 'runSqlTask');
        await readStored(client, model, principal, autoId);
        await jobs.send('scheduled-sql', { task: autoId });
      },
    ],
    [
      'runScheduledReport',
      async (client, model, principal, autoId) => {
        // Scheduled reports only: on any other table the AutoID would name some other row.
        if (model.table.name !== REPORT_TASKS) throw badRequest('request.unknown_behaviour', 'runScheduledReport');
        await readStored(client, model, principal, autoId);
        await jobs.send('scheduled-reports', { task: autoId });
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
