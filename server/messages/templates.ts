// E-mail templates: a row of a templates table (the one a list field names, e.g. an alert's
// template) per code and language, with a subject, an HTML body and a sender. Placeholders
// `{{Field}}` and `{{Ref.Field}}` (a field of the row a list field names) are filled from a record
// read through the access layer as the template's user: a field that user may not read, or a row
// outside their row limits, renders empty. Values are HTML-escaped in the body. Templates hold no
// logic. The recipient's language chooses the template; without one in that language, Dutch (nl),
// then one without a language.
import type { Queryable } from '../db/pool.ts';
import { authorize, readRecord, readStoredWhere } from '../data/records.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { principalData } from '../security/identity.ts';
import { userPrincipal } from '../security/principal-of.ts';
import { SYSTEM_PRINCIPAL, type Principal } from '../security/principal.ts';

/** The fields a templates table has (by these names). */
const F = {
  code: 'ID',
  language: 'Language',
  subject: 'Subject',
  body: 'Body',
  address: 'SenderAddress',
  name: 'SenderName',
};

export const FALLBACK_LANGUAGE = 'nl';

export interface TemplateRequest {
  db: Queryable;
  snapshot: Snapshot;
  /** The template's user: what the placeholders may read. */
  principal: Principal;
  /** The templates table. */
  templates: string;
  code: string;
  /** The recipient's language code (nl, en, de …); absent: Dutch. */
  language?: string | null;
  /** The record the placeholders read. */
  record?: { table: string; autoId: number };
}

export interface RenderedTemplate {
  /** The template row used. */
  template: number;
  /** The language of that row (its code), null when it has none. */
  language: string | null;
  subject: string;
  html: string;
  from?: { address: string; name?: string };
}

/** The principal of a user (a template's or an automation's owner), as a request of theirs would have it. */
export async function principalOfUser(db: Queryable, snapshot: Snapshot, userId: number): Promise<Principal | null> {
  const data = await principalData(db, userId);
  if (!data) return null;
  return userPrincipal(data.user, data.grants, data.limits, false, (name) =>
    snapshot.effective.tables.get(name.toLowerCase()),
  );
}

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)(?:\.([A-Za-z][A-Za-z0-9_]*))?\s*\}\}/g;

export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const shown = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** The code (the list's code field) of the row a list field names; null when none. */
async function listCodes(db: Queryable, snapshot: Snapshot, model: TableModel, field: string, ids: number[]) {
  const f = model.byName.get(field.toLowerCase());
  const list = f?.list ? snapshot.list(f.list) : undefined;
  const target = list ? snapshot.table(list.table) : undefined;
  const codes = new Map<number, string>();
  if (!list || !target || !ids.length) return codes;
  for (const row of await readStoredWhere(db, target, SYSTEM_PRINCIPAL, [['AutoID', ids]]))
    codes.set(Number(row.AutoID), shown(row[list.codeField ?? list.textField]).toLowerCase());
  return codes;
}

/** Reads a record as the principal; null when they may not read the table or the row. */
async function readAs(db: Queryable, model: TableModel, principal: Principal, autoId: number) {
  try {
    authorize(model, principal, 'read');
    return await readRecord(db, model, principal, autoId);
  } catch {
    return null;
  }
}

/** The template of `code` in the recipient's language, filled from the record. */
export async function renderTemplate(req: TemplateRequest): Promise<RenderedTemplate | null> {
  const model = req.snapshot.table(req.templates);
  const codeField = model?.byName.get(F.code.toLowerCase());
  if (!model || !codeField) return null;
  const rows = await readStoredWhere(req.db, model, SYSTEM_PRINCIPAL, [[codeField, req.code]]);
  if (!rows.length) return null;
  const langIds = rows.map((r) => Number(r[F.language])).filter((n) => Number.isInteger(n) && n > 0);
  const codes = await listCodes(req.db, req.snapshot, model, F.language, langIds);
  const langOf = (r: Record<string, unknown>) => codes.get(Number(r[F.language])) ?? null;
  const wanted = (req.language ?? FALLBACK_LANGUAGE).toLowerCase();
  const row =
    rows.find((r) => langOf(r) === wanted) ??
    rows.find((r) => langOf(r) === FALLBACK_LANGUAGE) ??
    rows.find((r) => langOf(r) === null) ??
    rows[0];

  const source = req.record ? req.snapshot.table(req.record.table) : undefined;
  const record = source && req.record ? await readAs(req.db, source, req.principal, req.record.autoId) : null;
  const refs = new Map<string, Record<string, unknown> | null>();
  const valueOf = async (name: string, sub: string | undefined): Promise<string> => {
    if (!record || !source) return '';
    const field = source.byName.get(name.toLowerCase());
    if (!field || !(field.name in record)) return '';
    if (!sub) return shown(record[`${field.name}_Descr`] ?? record[field.name]);
    const list = field.list ? req.snapshot.list(field.list) : undefined;
    const target = list ? req.snapshot.table(list.table) : undefined;
    const id = Number(record[field.name]);
    if (!target || !Number.isInteger(id) || id <= 0) return '';
    if (!refs.has(field.name)) refs.set(field.name, await readAs(req.db, target, req.principal, id));
    const ref = refs.get(field.name);
    const subField = target.byName.get(sub.toLowerCase());
    if (!ref || !subField || !(subField.name in ref)) return '';
    return shown(ref[`${subField.name}_Descr`] ?? ref[subField.name]);
  };
  const fill = async (text: string, html: boolean): Promise<string> => {
    let out = '';
    let last = 0;
    for (const m of text.matchAll(PLACEHOLDER)) {
      const value = await valueOf(m[1], m[2]);
      out += text.slice(last, m.index) + (html ? escapeHtml(value) : value.replace(/[\r\n]+/g, ' '));
      last = m.index + m[0].length;
    }
    return out + text.slice(last);
  };
  const address = shown(row[F.address]);
  const name = shown(row[F.name]);
  return {
    template: Number(row.AutoID),
    language: langOf(row),
    subject: await fill(shown(row[F.subject]), false),
    html: await fill(shown(row[F.body]), true),
    from: address ? { address, ...(name ? { name } : {}) } : undefined,
  };
}
