// Scheduled actions (`schedule` on a screen action): at each run of the task the engine runs the
// action, as the system, on every record whose `due` rule holds — and again while it holds, up to
// `repeat` rounds, so a depreciation behind on three periods books three. What the action makes
// is the definitions' (a journal with its lines); a check that refuses the same thing twice (one
// journal per asset and period) keeps a rerun from booking anything twice.
import { runAction } from '../business/actions.ts';
import { Params } from '../data/filters.ts';
import { ruleSql } from '../data/rule-sql.ts';
import { engineTable } from '../data/table-sql.ts';
import type { TableModel } from '../metadata/model.ts';
import { SYSTEM_PRINCIPAL } from '../security/principal.ts';
import type { ActionDef } from '../../definitions/language/index.ts';
import type { JobContext, JobKind } from './context.ts';

/** Records at most taken in one round of one action. */
const ROUND = 5000;

/** The records the action is due on now, by the database (the rule is a filter it applies). */
async function dueOn(ctx: JobContext, model: TableModel, action: ActionDef): Promise<number[]> {
  const params = new Params();
  const where = ruleSql(action.schedule!.due, { fields: model.table.fields, alias: 't' }, params);
  const rows = await ctx.pool.query<{ autoid: string }>(
    `SELECT t.autoid FROM ${engineTable(model.table)} t WHERE ${where} ORDER BY t.autoid LIMIT ${ROUND}`,
    params.values,
  );
  return rows.rows.map((r) => Number(r.autoid));
}

export const scheduledActions: JobKind = {
  name: 'scheduled-actions',
  retryLimit: 2,
  retryDelaySeconds: 300,
  expireInSeconds: 60 * 60,
  async run(ctx) {
    const snapshot = ctx.snapshot();
    const business = { pool: ctx.pool, snapshot, principal: SYSTEM_PRINCIPAL };
    const said: string[] = [];
    for (const { value: screen } of snapshot.effective.screens.values()) {
      const model = screen.table ? snapshot.table(screen.table) : undefined;
      for (const action of model ? (screen.actions ?? []) : []) {
        if (!action.schedule || !model) continue;
        let done = 0;
        let failed = 0;
        for (let round = 0; round < (action.schedule.repeat ?? 1); round++) {
          const ids = await dueOn(ctx, model, action);
          if (!ids.length) break;
          const answer = await runAction(business, model, action.name, ids);
          done += answer.Succeeded;
          failed += answer.Failed;
          const first = answer.Results.find((r) => r.Result === 'FAILED');
          if (first) ctx.log(`scheduled ${screen.name}.${action.name}: ${answer.Failed} failed: ${first.Error}`);
          // Records that failed stay due: another round would only fail them again.
          if (!answer.Succeeded) break;
        }
        if (done || failed) said.push(`${screen.name}.${action.name}: ${done} done, ${failed} failed`);
      }
    }
    return said.length ? said.join('; ') : 'niets te doen';
  },
};
