// A screen action of kind `change`: fields set on each selected record and on its child rows, from
// rules that may read referenced rows by path (a contract's prices times its index's percentage,
// and its object contracts' prices along), each record in its own transaction, through the one
// write pipeline (rights, row limits, read-only and hidden fields, checks, status log).
import { Decimal } from 'decimal.js';
import {
  evaluateRule,
  isRule,
  now,
  relatedPaths,
  ruleValue,
  type ActionDef,
  type BatchAnswer,
  type EffectiveField,
} from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import { notFound } from '../errors.ts';
import { dataSetValue } from '../data/filters.ts';
import { authorize, readStored, readStoredWhere } from '../data/records.ts';
import { relatedValues } from '../data/related.ts';
import { engineTable } from '../data/table-sql.ts';
import { writeIn } from '../data/write.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { Ignored, runBatch } from './batch.ts';
import { writeContext, type BusinessContext } from './context.ts';

type ChangeDef = NonNullable<ActionDef['change']>;
type Values = Record<string, unknown>;
type Rule = Parameters<typeof ruleValue>[0];

/** The dotted paths the rules read under `scope` (`$record.`), without it; '' for the plain fields. */
function pathsUnder(rules: readonly unknown[], scope: string): string[] {
  return [
    ...new Set(
      rules
        .flatMap(relatedPaths)
        .filter((p) => (scope ? p.startsWith(`${scope}.`) : !p.startsWith('$')))
        .map((p) => (scope ? p.slice(scope.length + 1) : p))
        .filter((p) => p.includes('.')),
    ),
  ];
}

/** The values of referenced rows at `paths` from `row`, as `seenBy` may read them, keyed under `scope`. */
async function readPaths(
  db: Queryable,
  model: TableModel,
  row: Values,
  paths: readonly string[],
  ctx: BusinessContext,
  scope = '',
): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  if (!paths.length) return out;
  const tableOf = (n: string) => ctx.snapshot.table(n);
  // Values that enter a record are read as the user sees the rows they come from.
  const found = await relatedValues(
    db,
    model,
    row,
    paths.map((p) => ({ var: p })),
    tableOf,
    ctx.principal,
  );
  for (const [path, value] of found ?? []) out.set(scope ? `${scope}.${path}` : path, value);
  return out;
}

/** A decimal computed by a rule, rounded to its field's decimals (half away from zero). */
function fitted(field: EffectiveField | undefined, value: unknown): unknown {
  if (field?.type !== 'decimal' || value === null || value === undefined || value === '') return value;
  const n = new Decimal(String(value));
  return n.isFinite() ? n.toDecimalPlaces(field.decimals ?? 2, Decimal.ROUND_HALF_UP).toNumber() : value;
}

/** The values of a `set` for one row: literals, `$prompt.Name`, `$today`, `$now`, `$currentUser`, or rules. */
function valuesOf(
  set: Values,
  model: TableModel,
  principal: Principal,
  prompts: Values,
  plain: Values,
  scopes: Record<string, Values>,
  related: ReadonlyMap<string, unknown>,
): Values {
  const values: Values = {};
  for (const [name, value] of Object.entries(set)) {
    const field = model.byName.get(name.toLowerCase());
    const key = field?.name ?? name;
    if (typeof value === 'string' && value.startsWith('$prompt.')) values[key] = prompts[value.slice(8)] ?? null;
    else if (isRule(value))
      values[key] = fitted(field, ruleValue(value, plain, { ...scopes, $prompt: prompts }, related));
    else if (value === '$now') values[key] = now();
    else values[key] = dataSetValue(value, principal);
  }
  return values;
}

const differs = (row: Values, values: Values) =>
  Object.entries(values).some(([name, value]) => (row[name] ?? null) !== (value ?? null));

/**
 * Runs a `change` action on each record: the record's `set`, then each child entry's on the
 * record's child rows; a record for which `when` does not hold, or that nothing would change, is
 * passed over (IGNORED). A child row outside the user's row limits fails the record as not found:
 * changing only the rows one sees would leave the record half changed.
 */
export function changeRecords(
  ctx: BusinessContext,
  model: TableModel,
  change: ChangeDef,
  ids: readonly number[],
  prompts: Values,
): Promise<BatchAnswer> {
  const children = (change.children ?? []).map((c) => {
    const child = ctx.snapshot.table(c.table);
    const parent = child?.byName.get(c.parentField.toLowerCase());
    if (!child || !parent) throw notFound();
    authorize(child, ctx.principal, 'update');
    return { def: c, model: child, parent };
  });
  const rules = [change.when, ...Object.values(change.set)];
  const childRules = children.flatMap((c) => [c.def.when, ...Object.values(c.def.set)]);
  const ownPaths = pathsUnder(rules, '');
  const recordPaths = pathsUnder(childRules, '$record');
  const childPaths = pathsUnder(childRules, '$child');
  return runBatch(
    ctx.pool,
    model,
    ctx.principal,
    ids,
    async (client, id) => {
      const current = await readStored(client, model, ctx.principal, id, true);
      const related = await readPaths(client, model, current, ownPaths, ctx);
      if (change.when !== undefined && !evaluateRule(change.when, current, related))
        throw new Ignored('actions.nothing_changes');
      const values = valuesOf(change.set, model, ctx.principal, prompts, current, { $record: current }, related);
      const fromRecord = await readPaths(client, model, current, recordPaths, ctx, '$record');
      const written = new Set<string>();
      let changed = false;
      for (const c of children) {
        const rows = await readStoredWhere(client, c.model, ctx.principal, [[c.parent, id]], true);
        const all = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${engineTable(c.model.table)} t WHERE t.${ident(c.parent.sqlName)} = $1`,
          [id],
        );
        if (all.rows[0].n !== rows.length) throw notFound();
        for (const row of rows) {
          const related = new Map([
            ...fromRecord,
            ...(await readPaths(client, c.model, row, childPaths, ctx, '$child')),
          ]);
          const scopes = { $record: current, $child: row };
          if (c.def.when !== undefined && !isTrue(c.def.when, scopes, related)) continue;
          const set = valuesOf(c.def.set, c.model, ctx.principal, prompts, {}, scopes, related);
          if (!differs(row, set)) continue;
          await writeIn(client, {
            model: c.model,
            principal: ctx.principal,
            id: Number(row.AutoID),
            record: set,
            ctx: writeContext(ctx),
            locked: row,
          });
          written.add(c.model.table.sqlName);
          changed = true;
        }
      }
      if (differs(current, values)) {
        await writeIn(client, { model, principal: ctx.principal, id, record: values, ctx: writeContext(ctx) });
        changed = true;
      }
      if (!changed) throw new Ignored('actions.nothing_changes');
      return [model.table.sqlName, ...written];
    },
    { rerunnable: true },
  );
}

/** A child entry's `when`, over `$record` and `$child` (and the paths read through them). */
function isTrue(rule: Rule, scopes: Record<string, Values>, related: ReadonlyMap<string, unknown>): boolean {
  return Boolean(ruleValue(rule, {}, scopes, related));
}
