// Sending an e-invoice: the send action makes the documents table's send transition (to pending)
// and queues a job once that has committed; the job hands the UBL document to the transport.
// Delivered: state success, sent at now. A failed try is tried again as the job kind's retry
// policy says; after the last try the document is failed, with the transport's message.
import type pg from 'pg';
import { now, type EInvoiceDef } from '../../definitions/language/index.ts';
import { afterCommit } from '../db/pool.ts';
import { readStored, readStoredWhere } from '../data/records.ts';
import { writeIn } from '../data/write.ts';
import { badRequest } from '../errors.ts';
import { makeTransition, transitionNamed } from '../business/transitions.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { TableModel } from '../metadata/model.ts';
import { SYSTEM_PRINCIPAL, type Principal } from '../security/principal.ts';
import type { EInvoiceTransport } from './transport.ts';

export const SEND_JOB = 'einvoice-send';

export interface SendJob {
  /** The documents table and the row to send. */
  table: string;
  id: number;
}

/** The mapping whose documents are kept in `table`. */
export function mappingOfDocuments(snapshot: Snapshot, table: string): EInvoiceDef | undefined {
  for (const t of snapshot.effective.tables.values())
    if (t.einvoice?.documents.table.toLowerCase() === table.toLowerCase()) return t.einvoice;
  return undefined;
}

/** The send action on one document: its send transition, then (once committed) the job. */
export async function sendEInvoice(
  client: pg.PoolClient,
  model: TableModel,
  principal: Principal,
  id: number,
  snapshot: Snapshot,
  queue: (data: SendJob) => Promise<unknown>,
): Promise<void> {
  const mapping = mappingOfDocuments(snapshot, model.table.name);
  if (!mapping) throw badRequest('request.unknown_behaviour', 'einvoiceSend');
  await makeTransition(
    client,
    model,
    principal,
    id,
    transitionNamed(model, mapping.documents.send),
    {},
    {
      tableOf: (name) => snapshot.table(name),
      byDefinition: true,
    },
  );
  const data = { table: model.table.name, id };
  if (!afterCommit(client, `${SEND_JOB}:${model.table.name}:${id}`, () => queue(data).then(() => undefined)))
    await queue(data);
}

/** One try of the job: delivers a pending document; answers what happened. */
export async function deliverEInvoice(
  pool: pg.Pool,
  snapshot: Snapshot,
  transport: EInvoiceTransport,
  job: SendJob,
  last: boolean,
): Promise<string> {
  const model = snapshot.table(job.table);
  const mapping = model && mappingOfDocuments(snapshot, job.table);
  if (!model || !mapping) return `no e-invoice documents table ${job.table}`;
  const d = mapping.documents;
  const name = (field: string | undefined) => (field ? model.byName.get(field.toLowerCase())?.name : undefined);
  const tableOf = (n: string) => snapshot.table(n);
  const write = async (record: Record<string, unknown>) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await writeIn(client, {
        model,
        principal: SYSTEM_PRINCIPAL,
        id: job.id,
        record,
        ctx: { tableOf, byDefinition: true, transition: { name: SEND_JOB, field: name(d.state)! } },
      });
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  };
  const row = await readStored(pool, model, SYSTEM_PRINCIPAL, job.id).catch(() => null);
  if (!row) return `e-invoice ${job.table} ${job.id} no longer exists`;
  if (row[name(d.state)!] !== 'pending') return `e-invoice ${job.table} ${job.id} is not pending`;
  const attempts = name(d.attempts);
  // The file is named by the row's first display field (its invoice number) and its AutoID.
  const tries = attempts ? { [attempts]: Number(row[attempts] ?? 0) + 1 } : {};
  try {
    const where = await transport.deliver(
      `${String(row[name(model.table.displayFields?.[0]) ?? 'ID'] ?? '') || job.table}-${job.id}`,
      String(row[name(d.document)!] ?? ''),
    );
    await write({
      ...tries,
      [name(d.state)!]: 'success',
      ...(name(d.sentAt) ? { [name(d.sentAt)!]: now() } : {}),
      ...(name(d.error) ? { [name(d.error)!]: null } : {}),
    });
    return `e-invoice ${job.table} ${job.id} delivered to ${where}`;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await write({
      ...tries,
      ...(last ? { [name(d.state)!]: 'failed' } : {}),
      ...(name(d.error) ? { [name(d.error)!]: message.slice(0, 1000) } : {}),
    });
    throw err;
  }
}

/** What the sweep needs of the job queue: the jobs of a document and a way to queue one. */
export interface SendQueue {
  jobsOf(key: string, value: string): Promise<{ state: string }[]>;
  send(data: Record<string, unknown>): Promise<unknown>;
}

/** Job states of a job that is still to run or running. */
const WAITING = new Set(['created', 'retry', 'active']);

/**
 * Pending documents that no job will send (their send transition made without the action, or the
 * process stopped between the commit and the queueing) are queued again, once they have been
 * pending `staleSeconds`. Answers how many were queued.
 */
export async function sweepPending(
  pool: pg.Pool,
  snapshot: Snapshot,
  queue: SendQueue,
  staleSeconds: number,
): Promise<number> {
  let queued = 0;
  const seen = new Set<string>();
  for (const table of snapshot.effective.tables.values()) {
    const d = table.einvoice?.documents;
    const docs = d && snapshot.table(d.table);
    if (!d || !docs || seen.has(docs.table.name)) continue;
    seen.add(docs.table.name);
    const state = docs.byName.get(d.state.toLowerCase())!;
    for (const row of await readStoredWhere(pool, docs, SYSTEM_PRINCIPAL, [[state, 'pending']])) {
      const id = Number(row.AutoID);
      const recent = await pool.query<{ recent: boolean | null }>(
        `SELECT max(changed_at) > now() - make_interval(secs => $3) AS recent
           FROM core_status_log WHERE table_name = $1 AND record_id = $2 AND field_name = $4`,
        [docs.table.sqlName, id, staleSeconds, state.name],
      );
      if (recent.rows[0]?.recent) continue;
      if ((await queue.jobsOf('id', String(id))).some((j) => WAITING.has(j.state))) continue;
      await queue.send({ table: docs.table.name, id } satisfies SendJob);
      queued++;
    }
  }
  return queued;
}
