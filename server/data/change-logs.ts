// Change logs (table attribute `changeLogs`): every change of a field, by any path (a save, an
// action, a transition, an import), writes a row into a log table in the same transaction:
// which row, from, to, and a transition's reason. The log is written by the definitions, not by
// the user, so it needs no right on the log table; who and when are the log row's CreatedBy and
// CreateDate.
import type pg from 'pg';
import type { EffectiveField } from '../../definitions/language/index.ts';
import { isEmptyValue } from '../../definitions/language/record-schema.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { announceWrite } from './cache.ts';
import { recordChanged } from './events.ts';
import { type WriteContext } from './write.ts';
import { insertRow } from './rows.ts';

export async function writeChangeLogs(
  client: pg.PoolClient,
  model: TableModel,
  id: number,
  current: Record<string, unknown> | null,
  values: Map<EffectiveField | 'archive', unknown>,
  principal: Principal,
  ctx: WriteContext,
): Promise<void> {
  for (const log of model.table.changeLogs ?? []) {
    const field = model.byName.get(log.field.toLowerCase())!;
    if (!values.has(field)) continue;
    const from = current ? (current[field.name] ?? null) : null;
    const to = values.get(field) ?? null;
    if (from === to || (isEmptyValue(from) && isEmptyValue(to))) continue;
    const logModel = ctx.tableOf(log.table)!;
    const row = new Map<EffectiveField | 'archive', unknown>([
      [logModel.byName.get(log.record.toLowerCase())!, id],
      [logModel.byName.get(log.from.toLowerCase())!, from],
      [logModel.byName.get(log.to.toLowerCase())!, to],
    ]);
    if (log.reason && ctx.transition?.reason)
      row.set(logModel.byName.get(log.reason.toLowerCase())!, ctx.transition.reason);
    // Fields of the changed row the log keeps beside it (a stock row's product and warehouse).
    for (const [to, fromName] of Object.entries(log.copy ?? {})) {
      const source = model.byName.get(fromName.toLowerCase())!;
      row.set(
        logModel.byName.get(to.toLowerCase())!,
        values.has(source) ? values.get(source) : (current?.[source.name] ?? null),
      );
    }
    const logId = await insertRow(client, logModel, row, principal.username);
    await recordChanged(client, logModel, logId, 'created');
    await announceWrite(client, logModel.table.sqlName);
  }
}
