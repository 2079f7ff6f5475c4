// The one placeholder syntax of every text the product fills from a record — an e-mail
// template's subject and body, an automation action's recipient, subject, body, phone number,
// variables and values, a webhook's content: `{Field}`, and `{Ref.Field}` for a field of the row
// the list field `Ref` names, as the specification writes its own blanks (`{0}`, `{host}`). Values
// are read through the access layer as the text's owner (a template's or an automation's): a field
// hidden from them, a table they may not read or a row outside their row limits fills nothing.
// Braces that are no placeholder (`{"a": 1}` in JSON content) stay as they are.
import type { Queryable } from '../db/pool.ts';
import { authorize, readRecord } from '../data/records.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { Principal } from '../security/principal.ts';

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)(?:\.([A-Za-z][A-Za-z0-9_]*))?\}/g;
/** An older or mistyped form (`{{Field}}`, `{ Field }`), refused when a text is saved. */
const MALFORMED = /\{\{[^{}]*\}\}|\{\s+[A-Za-z][A-Za-z0-9_.]*\s*\}|\{[A-Za-z][A-Za-z0-9_.]*\s+\}/g;

export interface Placeholder {
  /** As written, braces included. */
  text: string;
  field: string;
  sub?: string;
}

/** The placeholders of a text, in order. */
export function placeholdersIn(text: string): Placeholder[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => ({ text: m[0], field: m[1], ...(m[2] ? { sub: m[2] } : {}) }));
}

/**
 * The first placeholder of `text` that cannot be filled from a record of `model` (a form that is
 * no placeholder, a field it does not have, a sub-field of a field that names no row or of a
 * table that lacks it); without a model only the form is judged. Undefined when all are fine.
 */
export function unknownPlaceholder(
  text: string,
  model: TableModel | undefined,
  tableOf: (name: string) => TableModel | undefined,
): { placeholder: string; malformed: boolean } | undefined {
  const malformed = text.match(MALFORMED);
  if (malformed) return { placeholder: malformed[0], malformed: true };
  if (!model) return undefined;
  for (const p of placeholdersIn(text)) {
    const field = model.byName.get(p.field.toLowerCase());
    if (!field && p.field !== 'AutoID') return { placeholder: p.text, malformed: false };
    if (!p.sub) continue;
    const join = model.listJoins.find((j) => j.field === field);
    const ref = join ? tableOf(join.ref.name) : undefined;
    if (!ref || (!ref.byName.has(p.sub.toLowerCase()) && p.sub !== 'AutoID'))
      return { placeholder: p.text, malformed: false };
  }
  return undefined;
}

/** A record as `principal` reads it; null when they may not read the table or the row, or it is gone. */
export async function readAs(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  autoId: number,
): Promise<Record<string, unknown> | null> {
  try {
    authorize(model, principal, 'read');
    return await readRecord(db, model, principal, autoId);
  } catch {
    return null;
  }
}

export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const shown = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/**
 * How a filled value is written: as shown (a list field as its row's text), HTML-escaped (a body),
 * on one line (a subject, a header), or as stored (a list field as its row's AutoID: a value to save).
 */
export type FillMode = 'text' | 'html' | 'line' | 'raw';

export interface Filler {
  fill(text: string | null | undefined, mode?: FillMode): Promise<string>;
}

export interface FillerScope {
  db: Queryable;
  snapshot: Snapshot;
  /** Whose reading fills the placeholders. */
  principal: Principal;
  /** The record's table; absent: every placeholder fills nothing. */
  model: TableModel | undefined;
  /** The record as the principal reads it (readAs). */
  record: Record<string, unknown> | null;
}

/** Fills placeholders from the record; a list field shows its row's text, `{Ref.Field}` that row's field. */
export function placeholderFiller(scope: FillerScope): Filler {
  const related = new Map<string, Record<string, unknown> | null>();
  const { model, record } = scope;
  const valueOf = async (name: string, sub: string | undefined, raw: boolean): Promise<string> => {
    if (!record) return '';
    const field = model?.byName.get(name.toLowerCase());
    const key = field?.name ?? name;
    if (!Object.hasOwn(record, key)) return '';
    if (!sub) return shown(raw ? record[key] : (record[`${key}_Descr`] ?? record[key]));
    const join = model?.listJoins.find((j) => j.field === field);
    const refModel = join ? scope.snapshot.table(join.ref.name) : undefined;
    const id = Number(record[key]);
    if (!refModel || !Number.isInteger(id) || id <= 0) return '';
    const cacheKey = `${key}:${id}`;
    if (!related.has(cacheKey)) related.set(cacheKey, await readAs(scope.db, refModel, scope.principal, id));
    const row = related.get(cacheKey);
    const subField = refModel.byName.get(sub.toLowerCase());
    const subKey = subField?.name ?? sub;
    if (!row || !Object.hasOwn(row, subKey)) return '';
    return shown(raw ? row[subKey] : (row[`${subKey}_Descr`] ?? row[subKey]));
  };
  return {
    async fill(text, mode = 'text') {
      if (!text) return '';
      let out = '';
      let at = 0;
      for (const m of text.matchAll(PLACEHOLDER)) {
        const value = await valueOf(m[1], m[2], mode === 'raw');
        out +=
          text.slice(at, m.index) +
          (mode === 'html' ? escapeHtml(value) : mode === 'line' ? value.replace(/[\r\n]+/g, ' ') : value);
        at = m.index + m[0].length;
      }
      return out + text.slice(at);
    },
  };
}
