// The site layer written out as a pack, so an implementer can move a customer's run-time
// configuration into version control and apply it elsewhere.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LAYER_KINDS, canonicalText, type LayerKind } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { readSiteRows } from './site-layer.ts';

/** Writes the site layer into dir as a pack named after the folder; answers the number of definitions. */
export async function exportSiteLayer(db: Queryable, dir: string, dependsOn: string[]): Promise<number> {
  const rows = await readSiteRows(db);
  const name =
    path
      .basename(path.resolve(dir))
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '-')
      .replace(/^[^a-z]+/, '') || 'site';
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'pack.json'),
    canonicalText('pack', {
      name,
      version: '1.0.0',
      title: `Site layer export ${new Date().toISOString().slice(0, 10)}`,
      dependsOn,
    }),
  );
  for (const row of rows) {
    const where: { folder?: string; file?: string } = LAYER_KINDS[row.kind as LayerKind];
    const file = where.file ? path.join(dir, where.file) : path.join(dir, where.folder!, `${row.name}.json`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, canonicalText(row.kind, row.body));
  }
  return rows.length;
}
