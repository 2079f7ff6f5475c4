// The error catalogue (server/errors.ts) in step with its uses, docs/api-guide.md and the catalogs, as
// Fastify checks its own: every code is thrown somewhere, documented, and every message the
// server can say is translated in every language with the same placeholders.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../definitions/language/index.ts';
import { ERRORS } from '../../server/errors.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const LANGUAGES = ['en', 'da', 'de', 'es', 'fr', 'pl', 'tr', 'zh'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : full.endsWith('.ts') ? [full] : [];
  });
}
// The server's code, without the table of codes itself (a code listed there is not yet used).
const code = sources(path.join(ROOT, 'server'))
  .map((f) => readFileSync(f, 'utf8'))
  .map((text) => text.replace(/export const ERRORS = \{[\s\S]*?\n\} as const/, ''))
  .join('\n');
const placeholders = (text: string) => (text.match(/\{\d+\}/g) ?? []).sort();

describe('error catalogue', () => {
  it('every code is used by the server', () => {
    const unused = Object.keys(ERRORS).filter((c) => !code.includes(`'${c}'`));
    expect(unused).toEqual([]);
  });

  it('every code is documented in the API guide with its status', () => {
    const readme = readFileSync(path.join(ROOT, 'docs', 'api-guide.md'), 'utf8');
    const missing = Object.entries(ERRORS).filter(
      ([c, def]) => !new RegExp(`\\|\\s*\`${c}\`\\s*\\|\\s*${def.status}\\s*\\|`).test(readme),
    );
    expect(missing.map(([c]) => c)).toEqual([]);
  });

  it('every message id the server names exists', () => {
    const named = [
      ...new Set([...code.matchAll(/'((?:errors|validation|layouts|request)\.[a-z_]+)'/g)].map((m) => m[1])),
    ];
    expect(named.filter((id) => !(id in MESSAGES))).toEqual([]);
  });

  it('every message is said somewhere (a catalogue of unused messages only grows)', () => {
    // Where messages are said: the catalogue itself does not count.
    const said = ['server', 'runtime', 'definitions/language']
      .flatMap((dir) => sources(path.join(ROOT, dir)))
      .filter((f) => !f.endsWith('messages.ts'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    expect(Object.keys(MESSAGES).filter((id) => !said.includes(`'${id}'`))).toEqual([]);
  });

  it.each(LANGUAGES)('every message is translated in %s with the same placeholders', (language) => {
    const catalog: Record<string, string> = JSON.parse(
      readFileSync(path.join(ROOT, 'locales', language, 'server.json'), 'utf8'),
    );
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(MESSAGES).sort());
    const wrong = Object.entries(MESSAGES).filter(
      ([id, text]) => JSON.stringify(placeholders(catalog[id] ?? '')) !== JSON.stringify(placeholders(text)),
    );
    expect(wrong.map(([id]) => id)).toEqual([]);
  });
});
