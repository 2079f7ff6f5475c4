// Making the e-invoice of a record whose table has an `einvoice` mapping: its model, read as the
// user sees it, must keep the standard's mandatory rules; its UBL document becomes a row of the
// mapping's documents table (state new), with a row per line when the mapping says so. A document
// that is sent or being sent is kept; any other is made anew.
import type pg from 'pg';
import { EINVOICE_STATES } from '../../definitions/language/index.ts';
import { authorize, readStored, readStoredWhere } from '../data/records.ts';
import { deleteIn, writeIn } from '../data/write.ts';
import { AppError, badRequest } from '../errors.ts';
import { Ignored } from '../business/batch.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { buildModel, documentValues, parentField } from './build.ts';
import { ruleProblems } from './compute.ts';
import { writeUbl } from './ubl-write.ts';

type TableOf = (name: string) => TableModel | undefined;

/** The states of a document that is sent or on its way: not made again. */
const KEPT: readonly string[] = EINVOICE_STATES.filter((s) => s === 'success' || s === 'pending');

export async function generateEInvoice(
  client: pg.PoolClient,
  model: TableModel,
  principal: Principal,
  id: number,
  tableOf: TableOf,
): Promise<number> {
  const mapping = model.table.einvoice;
  if (!mapping) throw badRequest('request.unknown_behaviour', 'einvoice');
  authorize(model, principal, 'read');
  const record = await readStored(client, model, principal, id);
  const einvoice = await buildModel(client, model, mapping, id, tableOf, principal);
  const problems = ruleProblems(einvoice);
  if (problems.length)
    throw new AppError(
      'BAD_REQUEST',
      [record.ID ?? id, problems.map((p) => `${p.terms.join(', ')} (${p.rule})`).join('; ')],
      {},
      {},
      'einvoice.incomplete',
    );
  const d = mapping.documents;
  const docs = tableOf(d.table)!;
  const field = (m: TableModel, name: string) => m.byName.get(name.toLowerCase())!;
  const ctx = { tableOf, byDefinition: true };
  const existing = await readStoredWhere(client, docs, principal, [[parentField(docs, model, d.record), id]], true);
  const state = field(docs, d.state).name;
  if (existing.some((row) => KEPT.includes(String(row[state]))))
    throw new Ignored('einvoice.exists', [record.ID ?? id]);
  const values = {
    ...(await documentValues(client, model, record, d.set ?? {}, tableOf, principal)),
    [field(docs, d.record).name]: id,
    [field(docs, d.document).name]: writeUbl(einvoice),
    [state]: 'new',
    ...(d.error ? { [field(docs, d.error).name]: null } : {}),
  };
  const docLines = d.lines ? tableOf(d.lines.table)! : undefined;
  // An earlier document (new, failed, skipped) is made anew: its lines go, its row takes the new one.
  const previous = existing[0]?.AutoID as number | undefined;
  if (previous !== undefined && docLines && d.lines) {
    const old = await readStoredWhere(client, docLines, principal, [[field(docLines, d.lines.parent), previous]]);
    for (const row of old) await deleteIn(client, { model: docLines, principal, id: Number(row.AutoID), tableOf });
  }
  // Made anew, a skipped or failed document is new again: a change of state the status log keeps.
  const made = await writeIn(client, {
    model: docs,
    principal,
    id: previous,
    record: values,
    ctx: previous === undefined ? ctx : { ...ctx, transition: { name: 'einvoice', field: state } },
  });
  if (docLines && d.lines) {
    for (const line of einvoice.lines) {
      const row: Record<string, unknown> = { [field(docLines, d.lines.parent).name]: made.id };
      for (const [term, name] of Object.entries(d.lines.terms))
        if (name) row[field(docLines, name).name] = line[term] ?? null;
      await writeIn(client, { model: docLines, principal, record: row, ctx });
    }
  }
  return made.id;
}
