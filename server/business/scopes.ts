// The values of what the definitions make and change (an apply, a copy of child rows): a scope's
// field (`$record.ID`, `$child.Product`), a path through its list fields among the related values,
// a rule over the scopes, a placeholder (`$today`), or a literal.
import type pg from 'pg';
import type { RulesLogic } from 'json-logic-js';
import { isRule, ruleFields, ruleValue } from '../../definitions/language/index.ts';
import { relatedValues } from '../data/related.ts';
import type { WriteContext } from '../data/write.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { changesOf } from './prompts.ts';

export type Scopes = Partial<
  Record<'$record' | '$target' | '$child' | '$created' | '$prompt', Record<string, unknown>>
>;

/** A value of an apply: a scope's field, a rule over the scopes, a placeholder, or a literal. */
export function valueOf(
  value: unknown,
  scopes: Scopes,
  related: ReadonlyMap<string, unknown> | undefined,
  principal: Principal,
): unknown {
  const m = typeof value === 'string' ? /^(\$record|\$target|\$child|\$created|\$prompt)\.(.+)$/.exec(value) : null;
  // A path through list fields (`$record.Administration.DebtorsLedger`) is among the related values.
  if (m) return scopes[m[1] as keyof Scopes]?.[m[2]] ?? related?.get(value as string) ?? null;
  if (isRule(value)) return ruleValue(value, {}, scopes, related);
  return changesOf({ v: value }, {}, principal).v;
}

export const valuesOf = (
  set: Record<string, unknown> | undefined,
  scopes: Scopes,
  related: ReadonlyMap<string, unknown> | undefined,
  principal: Principal,
) => Object.fromEntries(Object.entries(set ?? {}).map(([k, v]) => [k, valueOf(v, scopes, related, principal)]));

/**
 * The referenced rows' paths these values read through a scope's row (`$child.Product.ObjectType`
 * → `Product.ObjectType`): in their rules, and as plain path values.
 */
export function childPathsOf(values: unknown[], scope = '$child'): RulesLogic[] {
  const named = values.flatMap((v) => (isRule(v) ? ruleFields(v) : typeof v === 'string' ? [v] : []));
  const prefix = `${scope}.`;
  return [...new Set(named)]
    .filter((n) => n.startsWith(prefix) && n.slice(prefix.length).includes('.'))
    .map((n) => ({ var: n.slice(prefix.length) }));
}

/** The child's referenced values under the names the apply's rules use (`scope` their prefix). */
export async function childRelated(
  client: pg.PoolClient,
  child: TableModel,
  row: Record<string, unknown>,
  paths: RulesLogic[],
  ctx: WriteContext,
  scope = '$child',
) {
  if (!paths.length) return undefined;
  const found = await relatedValues(client, child, row, paths, ctx.tableOf);
  return new Map([...(found ?? new Map<string, unknown>())].map(([path, v]) => [`${scope}.${path}`, v]));
}
