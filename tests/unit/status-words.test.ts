// One word per status: a workflow state is called the same in every place it shows, in every
// language: its grid column and status bar (the state's label), the data sets and rights named
// after it, and the runtime's own texts that use the same Dutch word (an import's "Verwerkt").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, SOURCE_LANGUAGE, layer } from '../../definitions/language/index.ts';
import { loadPacks } from '../../server/metadata/packs.ts';
import { translatorFor } from '../../server/texts.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const effective = layer(loadPacks(path.join(ROOT, 'definitions', 'packs'), ['base', 'demo']).layers);
const states = [
  ...new Set([...effective.workflows.values()].flatMap((w) => w.value.states.map((s) => s.label))),
].sort();

/** The runtime catalog of a language: msgid → msgstr. */
function runtimeCatalog(language: string): Map<string, string> {
  const text = readFileSync(path.join(ROOT, 'locales', language, 'messages.po'), 'utf8');
  return new Map(
    [...text.matchAll(/msgid ("(?:[^"\\]|\\.)*")\nmsgstr ("(?:[^"\\]|\\.)*")/g)].map((m) => [
      JSON.parse(m[1]) as string,
      JSON.parse(m[2]) as string,
    ]),
  );
}

describe('one word per status', () => {
  it('the packs have workflow states to speak of', () => {
    expect(states).toEqual(expect.arrayContaining(['Mand', 'Geannuleerd', 'Verwerkt']));
  });

  it.each(LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE))(
    '%s: the runtime says a status as its workflow does, and a right named after a status names it so',
    (language) => {
      const t = translatorFor(effective, language);
      const runtime = runtimeCatalog(language);
      const differ: string[] = [];
      let named = 0;
      for (const state of states) {
        const word = t(state);
        const own = runtime.get(state);
        if (own !== undefined && own !== '' && own !== word) differ.push(`${state}: runtime ${own}, workflow ${word}`);
      }
      for (const { value: right } of effective.rights.values()) {
        const status = /met status (.+) inzien$/.exec(right.name)?.[1];
        if (!status || !states.includes(status)) continue;
        named++;
        if (!t(right.name).toLowerCase().includes(t(status).toLowerCase()))
          differ.push(`${right.code}: ${t(right.name)} does not say ${t(status)}`);
      }
      expect(differ).toEqual([]);
      expect(named).toBeGreaterThan(20);
    },
  );
});
