// Every text in nine languages: each text of the shipped packs has a translation in every
// language and no translation is kept for a text that is gone; every runtime string is
// translated in every catalog. (Server messages: tests/unit/errors.test.ts.)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, layerTexts, SOURCE_LANGUAGE } from '../../definitions/language/index.ts';
import { loadPacks } from '../../server/metadata/packs.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const packs = loadPacks(path.join(ROOT, 'definitions', 'packs'), ['base', 'demo']);
const languages = LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE);

describe('pack translations', () => {
  it.each(packs.layers.map((l) => [l.name, l] as const))(
    '%s: every text in every language, nothing stale',
    (_name, layer) => {
      const texts = layerTexts(layer);
      for (const language of languages) {
        const doc = layer.locales.find((d) => d.value.language === language);
        const messages = doc?.value.messages ?? {};
        const missing = texts.filter((t) => !messages[t]?.trim());
        const stale = Object.keys(messages).filter((k) => !texts.includes(k));
        expect({ language, missing: missing.slice(0, 10), count: missing.length }).toEqual({
          language,
          missing: [],
          count: 0,
        });
        expect({ language, stale }).toEqual({ language, stale: [] });
      }
    },
  );
});

describe('runtime catalogs', () => {
  it.each(LANGUAGES)('%s has no empty translation', (language) => {
    const text = readFileSync(path.join(ROOT, 'locales', language, 'messages.po'), 'utf8');
    const empty = [...text.matchAll(/msgid ("(?:[^"\\]|\\.)*")\nmsgstr ""\n(?!")/g)]
      .map((m) => JSON.parse(m[1]) as string)
      .filter((id) => id !== '');
    expect(empty).toEqual([]);
  });
});
