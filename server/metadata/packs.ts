// Reading definition packs from disk into layers, in dependency order, with every
// problem named by file, JSON pointer and rule.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  LAYER_KINDS,
  addToLayer,
  canonicalText,
  emptyLayer,
  schemaProblems,
  type DefinitionKind,
  type DefinitionProblem,
  type Layer,
  type PackDef,
} from '../../definitions/language/index.ts';

export interface PackFile {
  file: string;
  kind: DefinitionKind;
  text: string;
  value: unknown;
}

export interface LoadedPacks {
  layers: Layer[];
  files: PackFile[];
  problems: DefinitionProblem[];
  packs: PackDef[];
}

/** The files of one pack folder with the kind each holds. */
export function packFiles(dir: string): { file: string; kind: DefinitionKind }[] {
  const files: { file: string; kind: DefinitionKind }[] = [{ file: path.join(dir, 'pack.json'), kind: 'pack' }];
  for (const [kind, where] of Object.entries(LAYER_KINDS) as [
    keyof typeof LAYER_KINDS,
    { folder?: string; file?: string },
  ][]) {
    if (where.file) {
      if (existsSync(path.join(dir, where.file))) files.push({ file: path.join(dir, where.file), kind });
      continue;
    }
    const sub = path.join(dir, where.folder!);
    if (!existsSync(sub)) continue;
    for (const name of readdirSync(sub)
      .filter((n) => n.endsWith('.json'))
      .sort())
      files.push({ file: path.join(sub, name), kind });
  }
  return files;
}

function readPackFile(file: string, kind: DefinitionKind, problems: DefinitionProblem[], rel: string): PackFile | null {
  const text = readFileSync(file, 'utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    problems.push({ file: rel, pointer: '/', rule: 'json', message: `not valid JSON: ${(err as Error).message}` });
    return null;
  }
  const found = schemaProblems(kind, rel, value);
  problems.push(...found);
  if (found.length) return null;
  if (text !== canonicalText(kind, value)) {
    problems.push({
      file: rel,
      pointer: '/',
      rule: 'canonical-form',
      message: 'not in canonical form; run: npm run definitions -- format',
    });
  }
  const own =
    (value as { name?: string; table?: string; language?: string }).name ??
    (value as { table?: string }).table ??
    (value as { language?: string }).language;
  const base = path.basename(file, '.json');
  if (kind !== 'pack' && kind !== 'rights' && own !== undefined && own !== base) {
    problems.push({
      file: rel,
      pointer: kind === 'seed' ? '/table' : kind === 'locale' ? '/language' : '/name',
      rule: 'file-name',
      message: `the file is named ${base} but defines ${own}`,
    });
  }
  return { file: rel, kind, text, value };
}

/** Puts packs in dependency order; requested order breaks ties. */
function orderPacks(packs: PackDef[], problems: DefinitionProblem[]): PackDef[] {
  const byName = new Map(packs.map((p) => [p.name, p]));
  const ordered: PackDef[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (pack: PackDef, trail: string[]) => {
    if (state.get(pack.name) === 'done') return;
    if (state.get(pack.name) === 'visiting') {
      problems.push({
        file: `${pack.name}/pack.json`,
        pointer: '/dependsOn',
        rule: 'dependency-cycle',
        message: `packs depend on each other in a cycle: ${[...trail, pack.name].join(' -> ')}`,
      });
      return;
    }
    state.set(pack.name, 'visiting');
    for (const dep of pack.dependsOn ?? []) {
      const target = byName.get(dep);
      if (!target)
        problems.push({
          file: `${pack.name}/pack.json`,
          pointer: '/dependsOn',
          rule: 'dependency',
          message: `pack ${pack.name} depends on ${dep}, which is not among the packs applied`,
        });
      else visit(target, [...trail, pack.name]);
    }
    state.set(pack.name, 'done');
    ordered.push(pack);
  };
  for (const pack of packs) visit(pack, []);
  return ordered;
}

/** The engine's own pack (users, security groups, grants): always applied first, wherever PACKS_DIR points. */
export const CORE_PACK = 'core';
export const CORE_PACK_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs', CORE_PACK);

export function loadPacks(packsDir: string, requested: string[]): LoadedPacks {
  const problems: DefinitionProblem[] = [];
  const files: PackFile[] = [];
  const found: { pack: PackDef; layer: Layer }[] = [];
  const names = [CORE_PACK, ...requested.filter((n) => n !== CORE_PACK)];
  for (const name of names) {
    const dir = name === CORE_PACK ? CORE_PACK_DIR : path.join(packsDir, name);
    const root = path.dirname(dir);
    if (!existsSync(path.join(dir, 'pack.json'))) {
      problems.push({
        file: `${name}/pack.json`,
        pointer: '/',
        rule: 'pack',
        message: `pack ${name} not found in ${packsDir}`,
      });
      continue;
    }
    const layer = emptyLayer(name);
    let pack: PackDef | undefined;
    for (const { file, kind } of packFiles(dir)) {
      const rel = path.relative(root, file);
      const loaded = readPackFile(file, kind, problems, rel);
      if (!loaded) continue;
      files.push(loaded);
      const origin = { layer: name, file: rel };
      if (kind !== 'pack') {
        addToLayer(layer, kind, loaded.value, origin);
        continue;
      }
      pack = loaded.value as PackDef;
      if (pack.name !== name)
        problems.push({
          file: rel,
          pointer: '/name',
          rule: 'file-name',
          message: `the folder is ${name} but the pack is named ${pack.name}`,
        });
    }
    if (pack) found.push({ pack, layer });
  }
  const ordered = orderPacks(
    found.map((f) => f.pack),
    problems,
  );
  const layers = ordered.map((p) => found.find((f) => f.pack === p)!.layer);
  return { layers, files, problems, packs: ordered };
}
