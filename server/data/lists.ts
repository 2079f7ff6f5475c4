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
import { ruleSql } from './rule-sql.ts';
import { limited, seen } from './table-sql.ts';
import { ident, likePattern } from '../db/sql.ts';

const RESERVED = new Set(['searchkey', 'page', 'pagesize', 'archive', 'for', 'record']);

/** The list's text and code fields, each only when the principal may see it. */
function entryFields(model: TableModel, list: ListDef, principal: Principal) {
  const visible = (name: string | undefined) => (name && !isHidden(model.table, principal, name) ? name : undefined);
  return { text: visible(list.textField), code: visible(list.codeField) };
}

/**
 * The list's context fields (ListDef.context) as columns ctx0, ctx1, …: a list field by its row's
 * code (else text), read as the principal may see that row; a field hidden from them is left out.
 */
function contextColumns(model: TableModel, list: ListDef, principal: Principal, params: Params): string[] {
  return (list.context ?? []).flatMap((name, i) => {
    const field = model.byName.get(name.toLowerCase());
    if (!field || isHidden(model.table, principal, field.name)) return [];
    const join = model.listJoins.find((j) => j.field === field);
    if (!join) return [`t.${ident(field.sqlName)}::text AS "ctx${i}"`];
    const shownName = join.list.codeField ?? join.list.textField;
    const shown = join.ref.fields.find((f) => f.name.toLowerCase() === shownName.toLowerCase());
    if (!shown || isHidden(join.ref, principal, shown.name)) return [];
    const rows = seen(join.ref, principal, 'c', params).from([`c.autoid = t.${ident(field.sqlName)}`]);
    return [`(SELECT c.${ident(shown.sqlName)}::text ${rows}) AS "ctx${i}"`];
  });
}

/** A context value as shown: a decimal without trailing zeros. */
const contextText = (value: string) => (/^-?\d+\.\d+$/.test(value) ? String(Number(value)) : value);

/** The entries with their context fields joined into Detail. */
function withDetail(list: ListDef, rows: Record<string, unknown>[]): Record<string, unknown>[] {
  if (!list.context?.length) return rows;
  return rows.map((row) => {
    const entry: Record<string, unknown> = {};
    const parts: string[] = [];
    for (const [key, value] of Object.entries(row)) {
      if (!key.startsWith('ctx')) entry[key] = value;
      else if (value !== null && value !== '') parts.push(contextText(String(value)));
    }
    entry.Detail = parts.length ? parts.join(' · ') : null;
    return entry;
  });
}

function entrySelect(model: TableModel, list: ListDef, principal: Principal, params: Params): string {
  const { text: textField, code: codeField } = entryFields(model, list, principal);
  const text = textField ? `t.${ident(textField.toLowerCase())}` : 'NULL';
  const code = codeField ? `t.${ident(codeField.toLowerCase())}` : 'NULL';
  const archive = model.table.archivable ? 't.archive' : 'false';
  const context = contextColumns(model, list, principal, params);
  return `SELECT t.autoid AS "AutoID", ${code} AS "ID", ${text} AS "Descr", ${archive} AS "Archive"${context.map((c) => `, ${c}`).join('')}`;
}

export async function listPage(
  db: Queryable,
  list: ListDef,
  model: TableModel,
  principal: Principal,
  body: Record<string, unknown>,
  /** The limits of the record being edited (a field's listFilter), as list parameters with their values. */
  limits: readonly { param: string; listField: string; value: unknown }[] = [],
  /** The filter of the prompt the lookup is for (`where`: a rule over the list's rows). */
  rule?: unknown,
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
  if (rule !== undefined) where.push(ruleSql(rule, { fields: model.table.fields, alias: 't' }, params));
  const seenRows = limited(model, principal, 't', params);
  const [listSort, dir] = (list.order ?? `${list.textField} asc`).split(' ');
  // A sort on a hidden field would tell its order: such a list is in AutoID order for them.
  const sortField = isHidden(model.table, principal, listSort) ? 'autoid' : listSort;
  const sql =
    `${entrySelect(model, list, principal, params)} ${seenRows.from(where)}` +
    ` ORDER BY t.${ident(sortField.toLowerCase())} ${dir === 'desc' ? 'DESC' : 'ASC'}, t.autoid LIMIT ${pageSize + 1} OFFSET ${page * pageSize}`;
  const rows = withDetail(list, (await db.query(sql, params.values)).rows);
  return { Data: rows.slice(0, pageSize), Meta: { Page: page, PageSize: pageSize, HasMore: rows.length > pageSize } };
}

export async function listItem(db: Queryable, list: ListDef, model: TableModel, principal: Principal, autoId: number) {
  authorize(model, principal, 'read');
  const params = new Params();
  const where = [`t.autoid = ${params.add(autoId)}`];
  const rows = limited(model, principal, 't', params);
  const select = entrySelect(model, list, principal, params);
  const row = withDetail(list, (await db.query(`${select} ${rows.from(where)}`, params.values)).rows)[0];
  if (!row) throw notFound();
  return row;
}
