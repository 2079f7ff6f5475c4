// The site layer: definitions an administrator changed at run time, stored in PostgreSQL
// with their history (who, when, before and after). Other processes learn of a change
// through NOTIFY on DEFINITIONS_CHANNEL.
import {
  LAYER_KINDS,
  addToLayer,
  emptyLayer,
  isLayerKind,
  schemaProblems,
  type DefinitionKind,
  type DefinitionProblem,
  type Layer,
} from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';

export const DEFINITIONS_CHANNEL = 'definitions_changed';
export const SITE_LAYER = 'site';
export const SITE_KINDS = Object.keys(LAYER_KINDS) as DefinitionKind[];

export const siteFile = (kind: string, name: string) => `site:${kind}/${name}`;

export interface SiteRow {
  kind: DefinitionKind;
  name: string;
  /** The definition as stored: checked against its kind's schema before it is used. */
  body: unknown;
  modified_by: string;
  modified_at: Date;
}

export async function readSiteRows(db: Queryable): Promise<SiteRow[]> {
  return (
    await db.query<SiteRow>('SELECT kind, name, body, modified_by, modified_at FROM core_site_definition ORDER BY id')
  ).rows;
}

export function siteLayer(rows: SiteRow[]): { layer: Layer; problems: DefinitionProblem[] } {
  const layer = emptyLayer(SITE_LAYER, true);
  const problems: DefinitionProblem[] = [];
  for (const row of rows) {
    const file = siteFile(row.kind, row.name);
    const found = schemaProblems(row.kind, file, row.body);
    if (found.length) {
      problems.push(...found);
      continue;
    }
    const origin = { layer: SITE_LAYER, file, by: row.modified_by, at: new Date(row.modified_at).toISOString() };
    if (isLayerKind(row.kind)) addToLayer(layer, row.kind, row.body, origin);
    else problems.push({ file, pointer: '/', rule: 'kind', message: `unknown definition kind ${row.kind}` });
  }
  return { layer, problems };
}

export type SiteBody = Record<string, unknown> | null;

/**
 * Stores (or with body null removes) one site definition and records the change in its history.
 * A body given as a function is made from the stored one, read under a row lock, so that two
 * writers changing parts of one document (translations) both land.
 */
export async function writeSiteDefinition(
  db: Queryable,
  kind: DefinitionKind,
  name: string,
  next: SiteBody | ((stored: SiteBody) => SiteBody),
  by: string,
): Promise<void> {
  const before =
    (
      await db.query<{ body: SiteBody }>(
        'SELECT body FROM core_site_definition WHERE kind = $1 AND lower(name) = lower($2) FOR UPDATE',
        [kind, name],
      )
    ).rows[0]?.body ?? null;
  const body = typeof next === 'function' ? next(before) : next;
  if (JSON.stringify(before) === JSON.stringify(body)) return;
  if (body === null) {
    await db.query('DELETE FROM core_site_definition WHERE kind = $1 AND lower(name) = lower($2)', [kind, name]);
  } else if (before === null) {
    await db.query(
      'INSERT INTO core_site_definition (kind, name, body, modified_by, modified_at) VALUES ($1, $2, $3, $4, now())',
      [kind, name, body, by],
    );
  } else {
    await db.query(
      'UPDATE core_site_definition SET body = $3, modified_by = $4, modified_at = now() WHERE kind = $1 AND lower(name) = lower($2)',
      [kind, name, body, by],
    );
  }
  await db.query(
    'INSERT INTO core_site_definition_history (kind, name, before, after, changed_by, changed_at) VALUES ($1, $2, $3, $4, $5, now())',
    [kind, name, before, body, by],
  );
  // Delivered at commit, so other processes reload only what was really stored.
  await db.query(`SELECT pg_notify('${DEFINITIONS_CHANNEL}', $1)`, [`${kind}:${name}`]);
}
