// A transition's warnings (`warnings` of a workflow transition): said of each record it was made
// on for which the rule holds as the transition left it — Afronden on an inspection names the
// mandatory questions still unanswered. The transition is made all the same; the warning goes with
// its batch item, in the user's language, its blanks filled from the record's fields.
import { evaluateRule, formatMessage, type BatchAnswer, type TransitionDef } from '../../definitions/language/index.ts';
import { readStoredWhere } from '../data/records.ts';
import type { TableModel } from '../metadata/model.ts';
import type { BusinessContext } from './context.ts';

/** The answer with the warnings of `t` on its succeeded items: one read of those records. */
export async function withWarnings(
  ctx: BusinessContext,
  model: TableModel,
  t: TransitionDef,
  answer: BatchAnswer,
): Promise<BatchAnswer> {
  const warnings = t.warnings ?? [];
  const done = answer.Results.filter((r) => r.Result === 'SUCCESS').map((r) => r.AutoID);
  if (!warnings.length || !done.length) return answer;
  const records = await readStoredWhere(ctx.pool, model, ctx.principal, [['AutoID', done]]);
  const byId = new Map(records.map((r) => [Number(r.AutoID), r]));
  const translate = ctx.translate ?? ((text: string) => text);
  const Results = answer.Results.map((item) => {
    const record = item.Result === 'SUCCESS' ? byId.get(item.AutoID) : undefined;
    if (!record) return item;
    const said = warnings
      .filter((w) => evaluateRule(w.when, record))
      .map((w) =>
        formatMessage(
          translate(w.message),
          (w.messageArgs ?? []).map((name) => record[name] ?? ''),
        ),
      );
    return said.length ? { ...item, Warning: said.join(' ') } : item;
  });
  return { ...answer, Results };
}
