// A transition's `apply`: rows beyond the record change along with it. For each child row of the
// record (a receipt's items) one of: the row its list field references changes (a purchase order
// line counts what was received), a row found by fields is changed or made (a product's stock
// in the receipt's warehouse), or a new row is made (a unique item's object). Every change goes
// through the checks of any save, so one refusal undoes the whole transition of the record.
import type pg from 'pg';
import type { RulesLogic } from 'json-logic-js';
import { isRule, ruleFields, ruleValue, type ApplyDef, type EffectiveField } from '../../definitions/language/index.ts';
import { createIn, readStored, readStoredWhere, updateIn, type WriteContext } from '../data/records.ts';
import { referencedModel, relatedValues } from '../data/related.ts';
import { codesIn, rowsByCodes } from '../data/codes.ts';
import { ident } from '../db/sql.ts';
import { notFound } from '../errors.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { changesOf } from './prompts.ts';

type Scopes = Partial<Record<'$record' | '$target' | '$child' | '$created', Record<string, unknown>>>;

/** A value of an apply: a scope's field, a rule over the scopes, a placeholder, or a literal. */
function valueOf(value: unknown, scopes: Scopes, related: ReadonlyMap<string, unknown> | undefined, principal: Principal): unknown {
  const m = typeof value === 'string' ? /^(\$record|\$target|\$child|\$created)\.(.+)$/.exec(value) : null;
  if (m) return scopes[m[1] as keyof Scopes]?.[m[2]] ?? null;
  if (isRule(value)) return ruleValue(value, {}, scopes as Record<string, Record<string, unknown>>, related);
  return changesOf({ v: value }, {}, principal).v;
}

const valuesOf = (set: Record<string, unknown> | undefined, scopes: Scopes, related: ReadonlyMap<string, unknown> | undefined, principal: Principal) =>
  Object.fromEntries(Object.entries(set ?? {}).map(([k, v]) => [k, valueOf(v, scopes, related, principal)]));

/** The referenced rows' paths the apply's rules read through the child (`$child.Product.ObjectType` → `Product.ObjectType`). */
function childPaths(apply: ApplyDef): RulesLogic[] {
  const rules = [apply.when, ...Object.values({ ...apply.stamp, ...apply.set, ...apply.create?.set, ...apply.find?.match })].filter(isRule);
  return [...new Set(rules.flatMap(ruleFields))]
    .filter((n) => n.startsWith('$child.') && n.slice(7).includes('.'))
    .map((n) => ({ var: n.slice(7) }) as RulesLogic);
}

/** The child's referenced values under the names the apply's rules use. */
async function childRelated(client: pg.PoolClient, child: TableModel, row: Record<string, unknown>, paths: RulesLogic[], ctx: WriteContext) {
  if (!paths.length) return undefined;
  const found = await relatedValues(client, child, row, paths, ctx.tableOf);
  return new Map([...(found ?? new Map<string, unknown>())].map(([path, v]) => [`$child.${path}`, v]));
}

/** The row of `table` whose fields hold `match`, locked; made (through its checks) when there is none. */
async function findOrMake(client: pg.PoolClient, model: TableModel, match: Record<string, unknown>, principal: Principal, ctx: WriteContext): Promise<Record<string, unknown>> {
  const fields = Object.entries(match).map(([name, v]) => [model.byName.get(name.toLowerCase())!, v] as [EffectiveField, unknown]);
  const found = (await readStoredWhere(client, model, principal, fields, true))[0];
  if (found) return found;
  const made = await createIn(client, model, principal, { ...match }, { ...ctx, byDefinition: true });
  return readStored(client, model, principal, made.id, true);
}

/**
 * Applies one entry to the record's child rows (or, with `codes`, to the rows a text field names).
 * Answers the tables it wrote.
 */
export async function applyTo(
  client: pg.PoolClient, model: TableModel, principal: Principal, record: Record<string, unknown>, apply: ApplyDef, ctx: WriteContext,
): Promise<string[]> {
  if (apply.codes) return applyToCodes(client, model, principal, record, apply, ctx);
  const child = ctx.tableOf(apply.table!)!;
  const parent = child.byName.get(apply.parentField!.toLowerCase())!;
  const others = apply.target ? referencedModel(child, apply.target, ctx.tableOf)! : ctx.tableOf((apply.find ?? apply.create)!.table)!;
  const rows = await readStoredWhere(client, child, principal, [[parent, record.AutoID]], true);
  // A child row the user may not see is not changed behind their back: the transition fails as not found.
  const all = (await client.query(`SELECT count(*)::int AS n FROM ${ident(child.table.sqlName)} WHERE ${ident(parent.sqlName)} = $1`, [record.AutoID])).rows[0].n;
  if (all !== rows.length) throw notFound();
  const paths = childPaths(apply);
  // A `when` on the child's own fields is judged before its referenced rows are read.
  const whenReadsRelated = childPaths({ when: apply.when } as ApplyDef).length > 0;
  const written = new Set<string>();
  for (const row of rows) {
    const id = Number(row.AutoID);
    if (apply.when !== undefined && !whenReadsRelated && !valueOf(apply.when, { $record: record, $child: row }, undefined, principal)) continue;
    const related = await childRelated(client, child, row, paths, ctx);
    const scopes: Scopes = { $record: record, $child: row };
    if (apply.when !== undefined && whenReadsRelated && !valueOf(apply.when, scopes, related, principal)) continue;
    let targetId: number | null = null;
    if (apply.target) {
      const ref = row[child.byName.get(apply.target.toLowerCase())!.name];
      if (ref === null || ref === undefined) continue;
      targetId = Number(ref);
    } else if (apply.find) {
      scopes.$target = await findOrMake(client, others, valuesOf(apply.find.match, scopes, related, principal), principal, ctx);
      targetId = Number(scopes.$target.AutoID);
    } else {
      const made = await createIn(client, others, principal, valuesOf(apply.create!.set, scopes, related, principal), ctx);
      scopes.$created = { AutoID: made.id };
    }
    if (targetId !== null && !scopes.$target) scopes.$target = await readStored(client, others, principal, targetId, true);
    if (apply.stamp) await updateIn(client, child, principal, id, valuesOf(apply.stamp, scopes, related, principal), ctx, undefined, row);
    if (targetId !== null) {
      const set = valuesOf(apply.set, scopes, related, principal);
      // An apply that names the target's status field moves it (a receipt makes its order line
      // received), with a status log row saying which transition did.
      const status = others.workflow?.field.name;
      const moves = status && Object.keys(set).some((k) => k.toLowerCase() === status.toLowerCase());
      await updateIn(client, others, principal, targetId, set, moves ? { ...ctx, transition: { ...ctx.transition!, field: status } } : ctx, undefined, scopes.$target);
    }
    written.add(others.table.sqlName);
    if (apply.stamp) written.add(child.table.sqlName);
  }
  return [...written];
}

/** The rows a text field of the record names by code change along (a `codes` check has vouched for them). */
async function applyToCodes(
  client: pg.PoolClient, model: TableModel, principal: Principal, record: Record<string, unknown>, apply: ApplyDef, ctx: WriteContext,
): Promise<string[]> {
  const field = model.byName.get(apply.codes!.toLowerCase())!;
  const { rows, rowsModel } = await rowsByCodes(client, model, apply.list!, codesIn(record[field.name]), ctx.tableOf, principal);
  for (const id of rows.values()) {
    const target = await readStored(client, rowsModel, principal, id, true);
    await updateIn(client, rowsModel, principal, id, valuesOf(apply.set, { $record: record, $target: target }, undefined, principal), ctx, undefined, target);
  }
  return rows.size ? [rowsModel.table.sqlName] : [];
}
