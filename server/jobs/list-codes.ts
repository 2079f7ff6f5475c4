// The codes of the rows a page's list fields name, for an export in ImportLayout: read with the
// same row visibility as the field's text, so a code says no more than the grid would.
import type { EffectiveField } from '../../definitions/language/index.ts';
import { ident } from '../db/sql.ts';
import { seen } from '../data/table-sql.ts';
import { Params } from '../data/filters.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { Principal } from '../security/principal.ts';
import type { JobContext } from './context.ts';

export async function listCodes(
  ctx: JobContext,
  snapshot: Snapshot,
  principal: Principal,
  fields: EffectiveField[],
  rows: Record<string, unknown>[],
) {
  const out = new Map<string, Map<number, unknown>>();
  for (const f of fields) {
    if (f.type !== 'list' || !f.list) continue;
    const list = snapshot.list(f.list);
    const ref = list && snapshot.table(list.table);
    const ids = [...new Set(rows.map((r) => Number(r[f.name])).filter((n) => n > 0))];
    if (!list || !ref || !ids.length) continue;
    const params = new Params();
    const key = (list.codeField ?? list.textField).toLowerCase();
    const where = [`j.autoid = ANY(${params.add(ids)}::bigint[])`];
    const found = await ctx.pool.query(
      `SELECT j.autoid, j.${ident(key)} AS code ${seen(ref.table, principal, 'j', params).from(where)}`,
      params.values,
    );
    out.set(f.name, new Map(found.rows.map((r) => [Number(r.autoid), r.code])));
  }
  return out;
}
