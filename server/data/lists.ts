// Lookup lists: the generic list entry (AutoID, ID, Descr, Archive) of a list definition's
// source table, searched by text, filtered by the list's parameters, a page at a time.
import { PICKER_PAGE_SIZE, MAX_PAGE_SIZE, type ListDef } from '../../definitions/language/index.ts';
import { badRequest, notFound } from '../api/errors.ts';
import type { Queryable } from '../db/pool.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { columnOf, condition, Params } from './filters.ts';
import { authorize } from './records.ts';
import { rowLimit } from './select.ts';
import { ident, likePattern } from './sql.ts';

const RESERVED = new Set(['searchkey', 'page', 'pagesize', 'archive']);

function entrySelect(model: TableModel, list: ListDef): string {
  const text = ident(list.textField.toLowerCase());
  const code = list.codeField ? `t.${ident(list.codeField.toLowerCase())}` : 'NULL';
  const archive = model.table.archivable ? 't.archive' : 'false';
  return `SELECT t.autoid AS "AutoID", ${code} AS "ID", t.${text} AS "Descr", ${archive} AS "Archive" FROM ${ident(model.table.sqlName)} t`;
}

function whole(value: unknown, fallback: number, min: number, max: number, what: string): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw badRequest(`${what} must be a whole number from ${min} to ${max}`);
  return value;
}

export async function listPage(db: Queryable, list: ListDef, model: TableModel, principal: Principal, body: Record<string, unknown>) {
  authorize(model, principal, 'read');
  const params = new Params();
  const where: string[] = [];
  const page = whole(body.page, 0, 0, 100_000, 'page');
  const pageSize = whole(body.pageSize, PICKER_PAGE_SIZE, 1, MAX_PAGE_SIZE, 'pageSize');
  if (model.table.archivable) {
    // Archive-aware lists show archived rows on request; others never offer them.
    if (body.Archive !== undefined && typeof body.Archive !== 'boolean') throw badRequest('Archive must be true or false');
    where.push(`t.archive = ${list.archive && body.Archive === true}`);
  }
  if (body.searchKey !== undefined && body.searchKey !== null && body.searchKey !== '') {
    if (typeof body.searchKey !== 'string' || body.searchKey.length > 200) throw badRequest('searchKey must be text of at most 200 characters');
    const p = params.add(likePattern(body.searchKey));
    const cols = [list.textField, ...(list.codeField ? [list.codeField] : [])].map((c) => `t.${ident(c.toLowerCase())} ILIKE ${p}`);
    where.push(`(${cols.join(' OR ')})`);
  }
  const bound = new Map(Object.entries(list.parameters ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  for (const [key, value] of Object.entries(body)) {
    if (RESERVED.has(key.toLowerCase())) continue;
    const field = bound.get(key.toLowerCase());
    if (!field) throw badRequest(`list ${list.name} has no filter parameter ${key}; it takes: ${[...Object.keys(list.parameters ?? {})].join(', ') || 'none'}`);
    if (value === null || value === undefined || value === '') continue;
    where.push(condition(columnOf(model, field, key), '=', value, params, key));
  }
  const limit = rowLimit(model, principal, params);
  if (limit) where.push(limit);
  const [sortField, dir] = (list.order ?? `${list.textField} asc`).split(' ');
  const sql = `${entrySelect(model, list)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`
    + ` ORDER BY t.${ident(sortField.toLowerCase())} ${dir === 'desc' ? 'DESC' : 'ASC'}, t.autoid LIMIT ${pageSize + 1} OFFSET ${page * pageSize}`;
  const rows = (await db.query(sql, params.values)).rows;
  return { Data: rows.slice(0, pageSize), Meta: { Page: page, PageSize: pageSize, HasMore: rows.length > pageSize } };
}

export async function listItem(db: Queryable, list: ListDef, model: TableModel, principal: Principal, autoId: number) {
  authorize(model, principal, 'read');
  const params = new Params();
  const where = [`t.autoid = ${params.add(autoId)}`];
  const limit = rowLimit(model, principal, params);
  if (limit) where.push(limit);
  const row = (await db.query(`${entrySelect(model, list)} WHERE ${where.join(' AND ')}`, params.values)).rows[0];
  if (!row) throw notFound();
  return row;
}
