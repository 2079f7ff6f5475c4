// The only way server code names a pack table in SQL, so a statement cannot forget what the
// principal may see. A statement that answers rows (or anything about them: a count, a label, a
// code, whether one exists) names its table through `seen` or `limited`, which bring access.ts's
// condition with the table: row limits, states, owned rows, records and parents. The condition
// and the table's name are one value, so a FROM or a JOIN without it cannot be written. A write
// of rows the principal reached through such a read names its table through `reached`; engine
// work that answers no user (schema, seeds, totals, counters, uniqueness, housekeeping) through
// `engineTable`. Both say the choice where it is made. tests/unit/table-sql-guard.test.ts fails
// on SQL naming a pack table any other way.
import type { EffectiveTable } from '../../definitions/language/index.ts';
import { ident } from '../db/sql.ts';
import type { ListJoin, TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { listTextRows, rowLimit, visibleRows } from './access.ts';
import type { Params } from './filters.ts';

/**
 * The statement's text says which a table's use is, for a reader of the database's log and for
 * the test that checks every statement the server runs: a comment after the table's name.
 */
export const REACHED = '/* reached */';
export const ENGINE = '/* engine */';

/** A table under an alias with the conditions admitting the rows a principal may see. */
export interface Rows {
  /** The conditions, for a cache key (the statement carries them through from and leftJoin). */
  readonly admitted: readonly string[];
  /** `FROM "table" alias [joins] WHERE <where> AND <admitted>`. */
  from(where?: readonly string[], joins?: string): string;
  /** `LEFT JOIN "table" alias ON <on> AND <admitted>`. */
  leftJoin(on: readonly string[]): string;
}

function rowsOf(table: EffectiveTable, alias: string, condition: string | null): Rows {
  // The alias is checked as an identifier and written bare, as statements always wrote it.
  const named = `${ident(table.sqlName)} ${ident(alias).slice(1, -1)}`;
  const admitted = condition ? [condition] : [];
  return {
    admitted,
    from: (where = [], joins = '') => {
      const all = [...where, ...admitted];
      return `FROM ${named}${joins ? ` ${joins}` : ''}${all.length ? ` WHERE ${all.join(' AND ')}` : ''}`;
    },
    leftJoin: (on) => `LEFT JOIN ${named} ON ${[...on, ...admitted].join(' AND ')}`,
  };
}

/** The rows of `table` the principal may see: none when they may not read it. */
export const seen = (table: EffectiveTable, principal: Principal, alias: string, params: Params): Rows =>
  rowsOf(table, alias, visibleRows(table, principal, alias, params));

/** The rows of the call's own table within the principal's limits (the call checked its right). */
export const limited = (model: TableModel, principal: Principal, alias: string, params: Params): Rows =>
  rowsOf(model.table, alias, rowLimit(model, principal, params, alias));

/** The rows whose text a list field shows the principal: none when the text field is hidden from them. */
export const listTexts = (join: ListJoin, principal: Principal, alias: string, params: Params): Rows =>
  rowsOf(join.ref, alias, listTextRows(join, principal, alias, params));

/**
 * The display text of a list field as a value of the row `t`: a subquery per field rather than a
 * join, because the planner's time grows steeply with the number of joins (a record of twenty
 * list fields took milliseconds to plan and microseconds to run). The same rows as listJoin.
 */
export function listText(join: ListJoin, principal: Principal, params: Params): string {
  const a = ident(join.alias);
  const rows = listTexts(join, principal, join.alias, params);
  return `(SELECT ${a}.${ident(join.textColumn)} ${rows.from([`${a}.autoid = t.${ident(join.field.sqlName)}`])})`;
}

/**
 * The join that gives a list field its display text (for a sort on it). It finds only a
 * referenced row the principal may see, and nothing when the text field is hidden from them, so
 * neither the text nor a sort on it tells anything of a row they cannot open.
 */
export function listJoin(join: ListJoin, principal: Principal, params: Params): string {
  const a = ident(join.alias);
  return listTexts(join, principal, join.alias, params).leftJoin([`${a}.autoid = t.${ident(join.field.sqlName)}`]);
}

/**
 * A table whose rows the statement writes after the principal reached them through `seen` or
 * `limited` (read and locked), or inserts and then judges by access.ts's refuseRowsOutsideLimits.
 */
export const reached = (model: TableModel): string => `${ident(model.table.sqlName)} ${REACHED}`;

/**
 * A table read or written by the engine for itself, answering no user its rows: schema and seeds,
 * totals and numbering counters the engine keeps, uniqueness and cycle checks, housekeeping,
 * references moved by a merge. Each use says why beside it.
 */
export const engineTable = (table: EffectiveTable): string => `${ident(table.sqlName)} ${ENGINE}`;

/** The table's row type (a record read from JSON in the table's own column types: row-updates.ts). */
export const rowType = (table: EffectiveTable): string => ident(table.sqlName);
