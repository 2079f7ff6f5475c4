// npm run definitions -- validate | format | texts | diff | apply [--force] | export <dir>
// Works on the packs named by PACKS (default base,demo) in PACKS_DIR, and for diff, apply
// and export on the database of DATABASE_URL or the embedded one under DATA_DIR.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  canonicalText,
  derivationPaths,
  formatProblem,
  layerTexts,
  type Effective,
} from '../definitions/language/index.ts';
import { configFromEnv } from '../server/config.ts';
import { migrate } from '../server/db/orm.ts';
import { createPool } from '../server/db/pool.ts';
import { openDatabase } from '../server/engine.ts';
import { applyDefinitions } from '../server/data/apply.ts';
import { CORE_PACK_DIR, loadPacks } from '../server/metadata/packs.ts';
import { compose, DefinitionsInvalid, Registry } from '../server/metadata/registry.ts';
import { siteLayer } from '../server/metadata/site-layer.ts';
import { exportSiteLayer } from '../server/metadata/export.ts';
import { planAsSql, planSchema } from '../server/metadata/sync/apply.ts';

const [command, ...rest] = process.argv.slice(2);
const config = configFromEnv();
const force = rest.includes('--force');

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function withDatabase<T>(
  work: (registry: Registry, pool: ReturnType<typeof createPool>) => Promise<T>,
): Promise<T> {
  const packs = loadPacks(config.packsDir, config.packs);
  if (packs.problems.length) fail(packs.problems.map(formatProblem).join('\n'));
  const db = await openDatabase(config);
  await migrate(db.url);
  const pool = createPool(db.url, 2);
  try {
    return await work(await Registry.open(packs, pool), pool);
  } finally {
    await pool.end();
    await db.embedded?.stop();
  }
}

/** One line per derived field: the fields it comes from and what it is for a user who may not see one. */
function derivedValues(eff: Effective): string[] {
  return [...eff.tables.values()].flatMap((t) =>
    (t.derivations ?? []).map((d) => {
      const field = t.fields.find((f) => f.name.toLowerCase() === d.field)!;
      return `  ${t.name}.${field.name} <- ${derivationPaths(field).join(', ')}: ${d.whenSourceHidden === 'hide' ? 'hidden from them too' : 'not derived for them'}`;
    }),
  );
}

async function main(): Promise<void> {
  switch (command) {
    case 'validate': {
      const packs = loadPacks(config.packsDir, config.packs);
      const problems = [...packs.problems];
      let derived: string[] = [];
      if (!problems.length) {
        try {
          derived = derivedValues(compose(packs.layers, siteLayer([])).effective);
        } catch (err) {
          if (err instanceof DefinitionsInvalid) problems.push(...err.problems);
          else throw err;
        }
      }
      if (problems.length) fail(`${problems.map(formatProblem).join('\n')}\n${problems.length} problem(s)`);
      console.log(
        `valid: ${packs.files.length} file(s) in ${packs.packs.map((p) => `${p.name} ${p.version}`).join(', ')}`,
      );
      // Any field can be hidden from a group: these values follow what their sources' limits do.
      if (derived.length) console.log(`derived values (a user who may not see a source):\n${derived.join('\n')}`);
      return;
    }
    case 'format': {
      const packs = loadPacks(config.packsDir, config.packs);
      let changed = 0;
      for (const file of packs.files) {
        const text = canonicalText(file.kind, file.value);
        if (text !== file.text) {
          writeFileSync(
            path.join(file.file.startsWith('core/') ? path.dirname(CORE_PACK_DIR) : config.packsDir, file.file),
            text,
          );
          changed++;
          console.log(`formatted ${file.file}`);
        }
      }
      const left = packs.problems.filter((p) => p.rule !== 'canonical-form');
      if (left.length) fail(left.map(formatProblem).join('\n'));
      console.log(`${changed} file(s) formatted`);
      return;
    }
    case 'texts': {
      // The Dutch texts each pack brings (what its locales/<lang>.json translate), as JSON.
      const packs = loadPacks(config.packsDir, config.packs);
      console.log(JSON.stringify(Object.fromEntries(packs.layers.map((l) => [l.name, layerTexts(l)])), null, 2));
      return;
    }
    case 'diff':
      await withDatabase(async (registry, pool) => {
        const steps = await planSchema(pool, registry.snapshot.effective);
        console.log(steps.length ? planAsSql(steps) : '-- the database matches the definitions');
      });
      return;
    case 'apply':
      await withDatabase(async (registry, pool) => {
        const { applied, seeded } = await applyDefinitions(pool, registry.snapshot, { force, by: 'definitions-cli' });
        for (const step of applied) console.log(`applied: ${step.description}`);
        console.log(`${applied.length} schema change(s), ${seeded} seed row(s)`);
      });
      return;
    case 'export': {
      const dir = rest.find((a) => !a.startsWith('--'));
      if (!dir) fail('usage: npm run definitions -- export <dir>');
      await withDatabase(async (_registry, pool) => {
        console.log(`exported ${await exportSiteLayer(pool, dir, config.packs)} site definition(s) to ${dir}`);
      });
      return;
    }
    default:
      fail('usage: npm run definitions -- validate | format | diff | apply [--force] | export <dir>');
  }
}

main().catch((err) => fail(err instanceof Error ? err.message : String(err)));
