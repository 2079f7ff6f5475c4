// An administrator's change to the site layer: stored with its history, checked against the
// packs, and its schema applied, all in one transaction; other processes reload on NOTIFY.
import type pg from 'pg';
import type { DefinitionKind } from '../../definitions/language/index.ts';
import { inTransaction } from '../db/pool.ts';
import { DefinitionsInvalid, type Registry } from './registry.ts';
import { readSiteRows, siteFile, writeSiteDefinition, type SiteBody } from './site-layer.ts';
import { applySchema, planSchema } from './sync/apply.ts';

/** Writes one site definition (a body as a function: see writeSiteDefinition). */
export async function changeSiteDefinition(
  pool: pg.Pool,
  registry: Registry,
  change: {
    kind: DefinitionKind;
    name: string;
    body: SiteBody | ((stored: SiteBody) => SiteBody);
    by: string;
    force?: boolean;
  },
) {
  const applied = await inTransaction(
    pool,
    async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(7405211)');
      await writeSiteDefinition(client, change.kind, change.name, change.body, change.by);
      const { effective, siteConflicts } = registry.compose(await readSiteRows(client));
      const mine = siteConflicts.filter((p) => p.file === siteFile(change.kind, change.name));
      if (mine.length) throw new DefinitionsInvalid(mine);
      return applySchema(client, await planSchema(client, effective), { force: change.force, by: change.by });
    },
    { rerunnable: true },
  );
  await registry.refresh();
  return applied;
}
