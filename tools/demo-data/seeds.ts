// What the demo-data scripts share: a deterministic random generator (so a regenerated file
// differs only where the code does) and writing a seed file in its canonical form.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { canonicalText } from '../../definitions/language/canonical.ts';

export const SEED_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs', 'demo', 'seed');

export type Row = Record<string, string | number | boolean>;

/** mulberry32 with a fixed seed, and the picks the scripts make with it. */
export function randomness(seed: number) {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    random,
    between: (low: number, high: number) => low + Math.floor(random() * (high - low + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)],
  };
}

export const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Writes a seed file; a seed row is found again by its key, so a repeated or missing key is refused. */
export function writeSeed(table: string, key: string, rows: Row[]): void {
  const keys = new Set(rows.map((r) => r[key]));
  if (keys.size !== rows.length || keys.has(undefined as never))
    throw new Error(`${table}: the key ${key} must be unique and present in every row`);
  const file = path.join(SEED_DIR, `${table}.json`);
  const text = canonicalText('seed', { table, key, rows });
  writeFileSync(file, text);
  console.log(`${file}: ${rows.length} rows, ${text.length} bytes`);
}
