// A transition's `apply`: rows beyond the record change along with it. For each child row of the
// record (a receipt's items) one of: the row its list field references changes (a purchase order
// line counts what was received), a row found by fields is changed or made (a product's stock
// in the receipt's warehouse), or a new row is made (a unique item's object). Every change goes
// through the checks of any save, so one refusal undoes the whole transition of the record.
import type pg from 'pg';
import type { RulesLogic } from 'json-logic-js';
import type { ApplyDef, EffectiveField } from '../../definitions/language/index.ts';
import { blankRecord, readStored, readStoredWhere } from '../data/records.ts';
import { createManyIn, writeIn, type WriteContext, type WriteRequest } from '../data/write.ts';
import { readAheadRelated, referencedModel, relatedValues } from '../data/related.ts';
import { codesIn, rowsByCodes } from '../data/codes.ts';
import { ident } from '../db/sql.ts';
import { engineTable } from '../data/table-sql.ts';
import { AppError, notFound, refusedBy, type RowToOpen } from '../errors.ts';
import type { TableModel } from '../metadata/model.ts';
import { SYSTEM_PRINCIPAL, type Principal } from '../security/principal.ts';
import { copyChildrenOfMany } from './copy.ts';
import { childPathsOf, childRelated, valueOf, valuesOf, type Scopes } from './scopes.ts';
import { CalendarDate } from '../../definitions/language/message-args.ts';

/** A write within a transition: the record's transition is known, so the rows it moves along say which it was. */
type TransitionContext = WriteContext & Required<Pick<WriteContext, 'transition'>>;

/** The referenced rows' paths the apply's rules read through the child (`$child.Product.ObjectType` → `Product.ObjectType`). */
function childPaths(apply: ApplyDef): RulesLogic[] {
  return childPathsOf([
    apply.when,
    ...(apply.guards ?? []).map((g) => g.rule),
    ...Object.values({ ...apply.stamp, ...apply.set, ...apply.create?.set, ...apply.find?.match }),
  ]);
}

/**
 * Refuses the transition when a child row fails one of the entry's guards, with the guard's
 * message; its blanks show values the user may see (a referenced row through the access layer).
 */
async function guard(
  client: pg.PoolClient,
  child: TableModel,
  row: Record<string, unknown>,
  apply: ApplyDef,
  scopes: Scopes,
  related: ReadonlyMap<string, unknown> | undefined,
  principal: Principal,
  ctx: WriteContext,
): Promise<void> {
  const failed = (apply.guards ?? []).find((g) => !valueOf(g.rule, scopes, related, principal));
  if (!failed) return;
  const args = failed.messageArgs ?? [];
  const paths = args
    .filter((a) => a.startsWith('$child.') && a.slice(7).includes('.'))
    .map((a) => ({ var: a.slice(7) }));
  const seen = paths.length ? await relatedValues(client, child, row, paths, ctx.tableOf, principal) : undefined;
  const fill = args.map((a) => {
    const path = a.slice(a.indexOf('.') + 1);
    const value =
      a.startsWith('$child.') && path.includes('.') ? seen?.get(path) : valueOf(a, scopes, undefined, principal);
    if (value === null || value === undefined) return '';
    return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new CalendarDate(value) : value;
  });
  const open = failed.open ? await rowToOpen(client, child, row, failed.open, principal, ctx) : undefined;
  const err = refusedBy(failed.message, ...fill);
  throw open ? new AppError(err.code, err.args, {}, { Open: open }, err.id) : err;
}

/**
 * The row a guard's `open` names (`$child.Product`: the child's list field), when the user may
 * read it: a refusal then offers to open it. Read through the access layer, as the message's blanks.
 */
async function rowToOpen(
  client: pg.PoolClient,
  child: TableModel,
  row: Record<string, unknown>,
  open: string,
  principal: Principal,
  ctx: WriteContext,
): Promise<RowToOpen | undefined> {
  const field = child.byName.get(open.replace(/^\$child\./, '').toLowerCase());
  const target = field && referencedModel(child, field.name, ctx.tableOf);
  if (!field || !target || !principal.can(target.table.right, 'read')) return undefined;
  const seen = await relatedValues(client, child, row, [{ var: `${field.name}.AutoID` }], ctx.tableOf, principal);
  const id = seen?.get(`${field.name}.AutoID`);
  return id === null || id === undefined ? undefined : { Table: target.table.name, AutoID: Number(id) };
}

/**
 * The rows the children's targets name, or the rows with the values they match, read and locked
 * in one statement before the children are gone through (a receipt of 500 lines reads its order
 * lines once). A row changed meanwhile is read again when another child reaches it.
 */
class Targets {
  private readonly rows = new Map<string, Record<string, unknown>>();
  /** Keys the prefetch looked for: a row it did not find does not exist (unless made since). */
  private readonly sought = new Set<string>();
  constructor(
    private readonly model: TableModel,
    private readonly keys: string[],
  ) {}

  key(values: Record<string, unknown>): string {
    return JSON.stringify(this.keys.map((k) => values[k] ?? null));
  }

  async prefetch(client: pg.PoolClient, principal: Principal, wanted: Record<string, unknown>[]): Promise<void> {
    if (!wanted.length) return;
    for (const w of wanted) this.sought.add(this.key(w));
    const match = this.keys.map(
      (k) =>
        [
          k === 'AutoID' ? 'AutoID' : this.model.byName.get(k.toLowerCase())!,
          [...new Set(wanted.map((w) => w[k]).filter((v) => v !== null && v !== undefined))],
        ] as [EffectiveField | 'AutoID', unknown[]],
    );
    if (match.some(([, values]) => !values.length)) return;
    for (const row of await readStoredWhere(client, this.model, principal, match, true)) {
      const key = this.key(row);
      if (!this.rows.has(key)) this.rows.set(key, row);
    }
  }

  /** The row for these values as prefetched (then forgotten: the caller changes it), or 'none' when it is known not to exist. */
  take(values: Record<string, unknown>): Record<string, unknown> | 'none' | undefined {
    const key = this.key(values);
    const row = this.rows.get(key);
    this.rows.delete(key);
    const sought = this.sought.delete(key);
    if (row) return row;
    if (!sought) return undefined;
    // A match with an empty value was not asked of the database.
    return this.keys.every((k) => values[k] !== null && values[k] !== undefined) ? 'none' : undefined;
  }
}

/** A record a transition is made on, and the context of the rows changed along with it. */
export interface Applied {
  record: Record<string, unknown>;
  ctx: TransitionContext;
}

/**
 * Applies one entry for each of the records a transition is made on together (a batch's chunk);
 * answers, per record, the tables it wrote. Rows made along (`make`) go in one insert for all.
 */
export async function applyToMany(
  client: pg.PoolClient,
  model: TableModel,
  principal: Principal,
  items: readonly Applied[],
  apply: ApplyDef,
): Promise<string[][]> {
  // What a transition makes along (a completed invoice's journal) is the definitions' consequence of
  // the transition the user may make: made by the engine, whatever the user may do in that table.
  if (apply.make) return makeForMany(client, model, items, apply.make);
  const written: string[][] = [];
  for (const { record, ctx } of items) written.push(await applyTo(client, model, principal, record, apply, ctx));
  return written;
}

/**
 * A `make` for many records at once: the row made for each record (a completed invoice's journal)
 * in one insert for all, then the rows copied under them together (copyChildrenOfMany).
 */
async function makeForMany(
  client: pg.PoolClient,
  source: TableModel,
  items: readonly Applied[],
  make: NonNullable<ApplyDef['make']>,
): Promise<string[][]> {
  if (!items.length) return [];
  const principal = SYSTEM_PRINCIPAL;
  const { tableOf } = items[0].ctx;
  const model = tableOf(make.table)!;
  const paths = childPathsOf([make.when, ...Object.values(make.set)], '$record');
  await readAheadRelated(
    client,
    source,
    items.map((i) => i.record),
    paths,
    tableOf,
  );
  const chosen: Applied[] = [];
  const requests: WriteRequest[] = [];
  for (const item of items) {
    const related = await childRelated(client, source, item.record, paths, item.ctx, '$record');
    if (make.when !== undefined && !valueOf(make.when, { $record: item.record }, related, principal)) continue;
    chosen.push(item);
    requests.push({
      model,
      principal,
      record: valuesOf(make.set, { $record: item.record }, related, principal),
      ctx: item.ctx,
    });
  }
  const made = await createManyIn(client, requests);
  const copy = await copyChildrenOfMany(
    client,
    principal,
    source,
    model,
    chosen.map((item, k) => ({ record: item.record, made: made[k].id, ctx: item.ctx })),
    make.children ?? [],
    items[0].ctx,
  );
  const tables = [model.table.sqlName, ...copy.written];
  return items.map((item) => (chosen.includes(item) ? tables : []));
}

/**
 * Applies one entry to the record's child rows (or, with `codes`, to the rows a text field names).
 * Answers the tables it wrote.
 */
async function applyTo(
  client: pg.PoolClient,
  model: TableModel,
  principal: Principal,
  record: Record<string, unknown>,
  apply: ApplyDef,
  ctx: TransitionContext,
): Promise<string[]> {
  if (apply.codes) return applyToCodes(client, model, principal, record, apply, ctx);
  const child = ctx.tableOf(apply.table!)!;
  const parent = child.byName.get(apply.parentField!.toLowerCase())!;
  const others = apply.target
    ? referencedModel(child, apply.target, ctx.tableOf)!
    : ctx.tableOf((apply.find ?? apply.create)!.table)!;
  const rows = await readStoredWhere(client, child, principal, [[parent, record.AutoID]], true);
  // A child row the user may not see is not changed behind their back: the transition fails as
  // not found. Counted over every row, seen or not, to find one; the count is never answered.
  const all = (
    await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${engineTable(child.table)} WHERE ${ident(parent.sqlName)} = $1`,
      [record.AutoID],
    )
  ).rows[0].n;
  if (all !== rows.length) throw notFound();
  const paths = childPaths(apply);
  // A `when` on the child's own fields is judged before its referenced rows are read.
  const whenReadsRelated = childPaths({ when: apply.when }).length > 0;
  const work: {
    row: Record<string, unknown>;
    scopes: Scopes;
    related: ReadonlyMap<string, unknown> | undefined;
    wanted?: Record<string, unknown>;
  }[] = [];
  for (const row of rows) {
    if (
      apply.when !== undefined &&
      !whenReadsRelated &&
      !valueOf(apply.when, { $record: record, $child: row }, undefined, principal)
    )
      continue;
    const related = await childRelated(client, child, row, paths, ctx);
    const scopes: Scopes = { $record: record, $child: row };
    if (apply.when !== undefined && whenReadsRelated && !valueOf(apply.when, scopes, related, principal)) continue;
    await guard(client, child, row, apply, scopes, related, principal, ctx);
    let wanted: Record<string, unknown> | undefined;
    if (apply.target) {
      const ref = row[child.byName.get(apply.target.toLowerCase())!.name];
      if (ref === null || ref === undefined) continue;
      wanted = { AutoID: Number(ref) };
    } else if (apply.find) {
      wanted = valuesOf(apply.find.match, scopes, related, principal);
    }
    work.push({ row, scopes, related, wanted });
  }
  const targets = new Targets(others, apply.target ? ['AutoID'] : Object.keys(apply.find?.match ?? {}));
  await targets.prefetch(
    client,
    principal,
    work.flatMap((w) => (w.wanted ? [w.wanted] : [])),
  );
  const written = new Set<string>();
  for (const { row, scopes, related, wanted } of work) {
    const id = Number(row.AutoID);
    let madeNow = false;
    if (apply.create) {
      const made = await writeIn(client, {
        model: others,
        principal,
        record: valuesOf(apply.create.set, scopes, related, principal),
        ctx,
      });
      scopes.$created = { AutoID: made.id };
    } else if (!wanted) {
      // Without create, an apply has a target or a find, and each gave the row what it wants.
      throw new Error(`apply to ${apply.table}: a target or a find is needed without create`);
    } else if (apply.target) {
      const taken = targets.take(wanted);
      scopes.$target =
        taken && taken !== 'none' ? taken : await readStored(client, others, principal, Number(wanted.AutoID), true);
    } else {
      const taken = targets.take(wanted);
      scopes.$target = taken === 'none' ? undefined : (taken ?? (await findRow(client, others, wanted, principal)));
      if (!scopes.$target) {
        // None yet (a product's first stock in this warehouse): made at once with what it gets.
        const blank = { ...blankRecord(others), ...wanted };
        const made = await writeIn(client, {
          model: others,
          principal,
          record: { ...wanted, ...valuesOf(apply.set, { ...scopes, $target: blank }, related, principal) },
          ctx: { ...ctx, byDefinition: true },
        });
        scopes.$target = { ...blank, AutoID: made.id };
        madeNow = true;
      }
    }
    if (apply.stamp)
      await writeIn(client, {
        model: child,
        principal,
        id,
        record: valuesOf(apply.stamp, scopes, related, principal),
        ctx,
        locked: row,
      });
    if (scopes.$target && !madeNow) {
      const set = valuesOf(apply.set, scopes, related, principal);
      // An apply that names the target's status field moves it (a receipt makes its order line
      // received), with a status log row saying which transition did.
      const status = others.workflow?.field.name;
      const moves = status && Object.keys(set).some((k) => k.toLowerCase() === status.toLowerCase());
      await writeIn(client, {
        model: others,
        principal,
        id: Number(scopes.$target.AutoID),
        record: set,
        ctx: moves ? { ...ctx, transition: { ...ctx.transition, field: status } } : ctx,
        locked: scopes.$target,
      });
    }
    written.add(others.table.sqlName);
    if (apply.stamp) written.add(child.table.sqlName);
  }
  return [...written];
}

/** The row of `table` whose fields hold `match`, locked. */
async function findRow(
  client: pg.PoolClient,
  model: TableModel,
  match: Record<string, unknown>,
  principal: Principal,
): Promise<Record<string, unknown> | undefined> {
  const fields = Object.entries(match).map(
    ([name, v]) => [model.byName.get(name.toLowerCase())!, v] as [EffectiveField, unknown],
  );
  return (await readStoredWhere(client, model, principal, fields, true))[0];
}

/** The rows a text field of the record names by code change along (a `codes` check has vouched for them). */
async function applyToCodes(
  client: pg.PoolClient,
  model: TableModel,
  principal: Principal,
  record: Record<string, unknown>,
  apply: ApplyDef,
  ctx: TransitionContext,
): Promise<string[]> {
  const field = model.byName.get(apply.codes!.toLowerCase())!;
  const { rows, rowsModel } = await rowsByCodes(
    client,
    model,
    apply.list!,
    codesIn(record[field.name]),
    ctx.tableOf,
    principal,
  );
  // Setting the rows' status field moves them, as for a target (rental objects locked when picked).
  const status = rowsModel.workflow?.field.name;
  const moves = status && Object.keys(apply.set ?? {}).some((k) => k.toLowerCase() === status.toLowerCase());
  for (const id of rows.values()) {
    const target = await readStored(client, rowsModel, principal, id, true);
    await writeIn(client, {
      model: rowsModel,
      principal,
      id,
      record: valuesOf(apply.set, { $record: record, $target: target }, undefined, principal),
      ctx: moves ? { ...ctx, transition: { ...ctx.transition, field: status } } : ctx,
      locked: target,
    });
  }
  return rows.size ? [rowsModel.table.sqlName] : [];
}
