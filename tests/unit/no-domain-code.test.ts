// Domain areas are data: no table of a domain pack (base, demo) is named in the engine's code.
// A rule that seems to need such code is made expressible in the definitions for every table.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const DOMAIN_PACKS = ['base', 'demo'];
/**
 * Words of the engine that a pack table happens to share: the default start route the
 * specification gives (spec 1 §2), and the `documents` kind of a detail tab.
 */
const SPEC_CONSTANTS = new Set(['purchaseorderlines', 'documents']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'dist' || name === 'node_modules') return [];
    return statSync(full).isDirectory() ? files(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const domainTables = DOMAIN_PACKS.flatMap((pack) => {
  const dir = path.join(ROOT, 'definitions', 'packs', pack, 'tables');
  return readdirSync(dir).map((f) =>
    (JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { name: string }).name.toLowerCase(),
  );
}).filter((name) => !SPEC_CONSTANTS.has(name));

describe('no domain code in the engine', () => {
  it("knows the domain packs' tables", () => {
    expect(domainTables.length).toBeGreaterThan(50);
  });

  it.each(['server', 'runtime'])('%s names no table of a domain pack as a literal', (dir) => {
    const found: string[] = [];
    const names = new Set(domainTables);
    for (const file of files(path.join(ROOT, dir))) {
      // Comments may name a table to explain; code may not.
      const text = readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*|\/\*).*$/gm, '');
      for (const m of text.matchAll(/(['"`])([A-Za-z][A-Za-z0-9_]*)\1/g)) {
        // A text for people (lingui's msg`Orders`, t`Orders`) is no table name.
        const tagged = m[1] === '`' && /\b(msg|t)$/.test(text.slice(Math.max(0, m.index - 3), m.index));
        if (names.has(m[2].toLowerCase()) && !tagged) found.push(`${path.relative(ROOT, file)}: ${m[0]}`);
      }
    }
    expect(found).toEqual([]);
  });
});
