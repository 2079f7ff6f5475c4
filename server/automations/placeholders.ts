// Placeholders in an automation's texts (`{Field}`, `{Reference.Field}`) filled from the record
// as the automation's owner reads it: a field hidden from the owner, a table the owner may not
// read or a row outside the owner's row limits fills nothing, so a template never shows more
// than its owner may see.
import type { Queryable } from '../db/pool.ts';
import { readRecord } from '../data/records.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)(?:\.([A-Za-z][A-Za-z0-9_]*))?\}/g;

/** A record the owner may read, or null (no right, outside a row limit, gone). */
export async function readAsOwner(
  db: Queryable,
  model: TableModel,
  owner: Principal,
  id: number,
): Promise<Record<string, unknown> | null> {
  try {
    return await readRecord(db, model, owner, id);
  } catch {
    return null;
  }
}

const shown = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

export interface Filler {
  fill(text: string | null | undefined): Promise<string>;
}

/** Fills placeholders from `record` (the owner's reading of a row of `model`). */
export function fillerOf(
  db: Queryable,
  snapshot: Snapshot,
  model: TableModel | undefined,
  record: Record<string, unknown>,
  owner: Principal,
): Filler {
  const related = new Map<string, Record<string, unknown> | null>();
  const value = async (name: string, sub: string | undefined): Promise<string> => {
    const field = model?.byName.get(name.toLowerCase());
    const key = field?.name ?? name;
    if (!Object.hasOwn(record, key)) return '';
    if (!sub) return shown(record[key]);
    const join = model?.listJoins.find((j) => j.field === field);
    const id = Number(record[key]);
    if (!join || !Number.isInteger(id) || id <= 0) return '';
    const cacheKey = `${key}:${id}`;
    if (!related.has(cacheKey)) {
      const refModel = snapshot.table(join.ref.name);
      related.set(cacheKey, refModel ? await readAsOwner(db, refModel, owner, id) : null);
    }
    const row = related.get(cacheKey);
    const refModel = snapshot.table(join.ref.name);
    const subField = refModel?.byName.get(sub.toLowerCase());
    return row && subField && Object.hasOwn(row, subField.name) ? shown(row[subField.name]) : '';
  };
  return {
    async fill(text) {
      if (!text) return '';
      let out = '';
      let at = 0;
      for (const m of text.matchAll(PLACEHOLDER)) {
        out += text.slice(at, m.index) + (await value(m[1], m[2]));
        at = m.index + m[0].length;
      }
      return out + text.slice(at);
    },
  };
}
