// Lookup lists: the generic list entry (AutoID, ID, Descr, Archive) of a list definition's
// source table, searched by text, filtered by the list's parameters, a page at a time.
import { PICKER_PAGE_SIZE, type ListDef } from '../../definitions/language/index.ts';
import { badRequest, notFound } from '../errors.ts';
import type { Queryable } from '../db/pool.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { columnOf, condition, Params } from './filters.ts';
import { authorize } from './records.ts';
import { hiddenFields, isHidden } from './access.ts';
import { limited } from './table-sql.ts';
import { ident, likePattern } from '../db/sql.ts';

const RESERVED = new Set(['searchkey', 'page', 'pagesize', 'archive', 'for', 'record']);

/** The list's text and code fields, each only when the principal may see it. */
function entryFields(model: TableModel, list: ListDef, principal: Principal) {
  const visible = (name: string | undefined) => (name && !isHidden(model.table, principal, name) ? name : undefined);
  return { text: visible(list.textField), code: visible(list.codeField) };
}

function entrySelect(model: TableModel, list: ListDef, principal: Principal): string {
  const { text: textField, code: codeField } = entryFields(model, list, principal);
  const text = textField ? `t.${ident(textField.toLowerCase())}` : 'NULL';
  const code = codeField ? `t.${ident(codeField.toLowerCase())}` : 'NULL';
  const archive = model.table.archivable ? 't.archive' : 'false';
  return `SELECT t.autoid AS "AutoID", ${code} AS "ID", ${text} AS "Descr", ${archive} AS "Archive"`;
}

export async function listPage(
  db: Queryable,
  list: ListDef,
  model: TableModel,
  principal: Principal,
  body: Record<string, unknown>,
  /** The limits of the record being edited (a field's listFilter), as list parameters with their values. */
  limits: readonly { param: string; listField: string; value: unknown }[] = [],
) {
  authorize(model, principal, 'read');
  const params = new Params();
  const where: string[] = [];
  // The reserved parameters' shape was checked at the edge (api-schemas); list parameters are checked here.
  const page = (body.page as number | undefined) ?? 0;
  const pageSize = (body.pageSize as number | undefined) ?? PICKER_PAGE_SIZE;
  if (model.table.archivable) {
    // Archive-aware lists show archived rows on request; others never offer them.
    where.push(`t.archive = ${list.archive === true && body.Archive === true}`);
  }
  if (typeof body.searchKey === 'string' && body.searchKey !== '') {
    const p = params.add(likePattern(body.searchKey));
    const { text, code } = entryFields(model, list, principal);
    const cols = [text, code].filter((c): c is string => !!c).map((c) => `t.${ident(c.toLowerCase())} ILIKE ${p}`);
    where.push(cols.length ? `(${cols.join(' OR ')})` : 'false');
  }
  const bound = new Map(Object.entries(list.parameters ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  for (const [key, value] of Object.entries(body)) {
    if (RESERVED.has(key.toLowerCase())) continue;
    const field = bound.get(key.toLowerCase());
    if (!field)
      throw badRequest('request.list_parameter', list.name, key, Object.keys(list.parameters ?? {}).join(', ') || '–');
    if (value === null || value === undefined || value === '') continue;
    where.push(condition(columnOf(model, field, key, hiddenFields(model, principal)), '=', value, params, key));
  }
  const hidden = hiddenFields(model, principal);
  for (const limit of limits) {
    // A field the user may not see limits nothing for them: the offer would tell what it holds.
    if (limit.value === null || isHidden(model.table, principal, limit.listField)) continue;
    where.push(condition(columnOf(model, limit.listField, limit.param, hidden), '=', limit.value, params, limit.param));
  }
  const seenRows = limited(model, principal, 't', params);
  const [listSort, dir] = (list.order ?? `${list.textField} asc`).split(' ');
  // A sort on a hidden field would tell its order: such a list is in AutoID order for them.
  const sortField = isHidden(model.table, principal, listSort) ? 'autoid' : listSort;
  const sql =
    `${entrySelect(model, list, principal)} ${seenRows.from(where)}` +
    ` ORDER BY t.${ident(sortField.toLowerCase())} ${dir === 'desc' ? 'DESC' : 'ASC'}, t.autoid LIMIT ${pageSize + 1} OFFSET ${page * pageSize}`;
  const rows = (await db.query(sql, params.values)).rows;
  return { Data: rows.slice(0, pageSize), Meta: { Page: page, PageSize: pageSize, HasMore: rows.length > pageSize } };
}

export async function listItem(db: Queryable, list: ListDef, model: TableModel, principal: Principal, autoId: number) {
  authorize(model, principal, 'read');
  const params = new Params();
  const where = [`t.autoid = ${params.add(autoId)}`];
  const rows = limited(model, principal, 't', params);
  const row = (await db.query(`${entrySelect(model, list, principal)} ${rows.from(where)}`, params.values)).rows[0];
  if (!row) throw notFound();
  return row;
}
