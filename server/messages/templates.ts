// E-mail templates: a row of a templates table (the one a list field names, e.g. an alert's
// template) per code and language, with a subject, an HTML body and a sender. Placeholders
// (`{Field}`, `{Ref.Field}`: placeholders.ts) are filled from a record read through the access
// layer as the template's user. Values are HTML-escaped in the body. Templates hold no logic.
// The recipient's language chooses the template; without one in that language, Dutch (nl), then
// one without a language.
import type { Queryable } from '../db/pool.ts';
import { readStoredWhere } from '../data/records.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { principalData } from '../security/identity.ts';
import { userPrincipal } from '../security/principal-of.ts';
import { SYSTEM_PRINCIPAL, type Principal } from '../security/principal.ts';
import { placeholderFiller, readAs } from './placeholders.ts';

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
  /** The recipient's language: its code (nl, en, de …) or the AutoID of its row of the languages list; absent: Dutch. */
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
  // A recipient's language given as the languages row their own list field names (its AutoID).
  const byRow = /^[1-9][0-9]*$/.test(wanted) ? rows.find((r) => String(r[F.language]) === wanted) : undefined;
  const row =
    byRow ??
    rows.find((r) => langOf(r) === wanted) ??
    rows.find((r) => langOf(r) === FALLBACK_LANGUAGE) ??
    rows.find((r) => langOf(r) === null) ??
    rows[0];

  const source = req.record ? req.snapshot.table(req.record.table) : undefined;
  const record = source && req.record ? await readAs(req.db, source, req.principal, req.record.autoId) : null;
  const filler = placeholderFiller({
    db: req.db,
    snapshot: req.snapshot,
    principal: req.principal,
    model: source,
    record,
  });
  const address = shown(row[F.address]);
  const name = shown(row[F.name]);
  return {
    template: Number(row.AutoID),
    language: langOf(row),
    subject: await filler.fill(shown(row[F.subject]), 'line'),
    html: await filler.fill(shown(row[F.body]), 'html'),
    from: address ? { address, ...(name ? { name } : {}) } : undefined,
  };
}
