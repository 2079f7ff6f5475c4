// Every text a person reads, in one list per language: the definition texts of the packs and the
// site layer (keyed by their Dutch text) and the runtime's strings (keyed by their catalog id),
// each with what the packs or catalogs ship and what the site layer corrects. The translations
// admin task edits this list; its dashboard counts it.
import {
  LANGUAGES,
  layerTexts,
  SOURCE_LANGUAGE,
  type Language,
  type Layer,
  type LocaleDef,
} from '../../definitions/language/index.ts';
import type pg from 'pg';
import { AppError } from '../errors.ts';
import { placeholdersOf, runtimeCatalogs } from './runtime-catalogs.ts';
import type { Registry } from './registry.ts';
import { changeSiteDefinition } from './site-change.ts';
import type { SiteBody } from './site-layer.ts';

export type TextSource = 'definition' | 'runtime';

export interface TranslationEntry {
  Source: TextSource;
  /** The key: a definition's Dutch text, or a runtime string's catalog id. */
  Text: string;
  Dutch: string;
  /** What the packs or the runtime's catalog ship, if anything. */
  Shipped: string | null;
  /** The site layer's correction, if any. */
  Corrected: string | null;
}

export const TARGET_LANGUAGES = LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE);

const shippedByPacks = new WeakMap<Registry, Map<string, Record<string, string>>>();

/** The packs' own translations per language (the site layer's lie over them). */
function packLocales(registry: Registry): Map<string, Record<string, string>> {
  let found = shippedByPacks.get(registry);
  if (!found) {
    found = new Map();
    for (const l of registry.packs.layers)
      for (const doc of l.locales)
        found.set(doc.value.language, { ...found.get(doc.value.language), ...doc.value.messages });
    shippedByPacks.set(registry, found);
  }
  return found;
}

const textsByVersion = new WeakMap<Registry, { version: number; texts: string[] }>();

/** Every definition text of the packs and of the site layer, sorted as Dutch sorts. */
export function definitionTexts(registry: Registry): string[] {
  const { version, site } = registry.snapshot;
  const cached = textsByVersion.get(registry);
  if (cached?.version === version) return cached.texts;
  const all = new Set<string>();
  for (const l of [...registry.packs.layers, site] as Layer[]) for (const text of layerTexts(l)) all.add(text);
  const texts = [...all].sort((a, b) => a.localeCompare(b, 'nl'));
  textsByVersion.set(registry, { version, texts });
  return texts;
}

/** The site layer's own document for a language. */
function siteLocale(registry: Registry, language: Language) {
  return registry.snapshot.site.locales.find((d) => d.value.language === language)?.value;
}

/** Every text in both sources, with what ships and what the site corrects, for one language. */
export function translationEntries(registry: Registry, language: Language): TranslationEntry[] {
  const site = siteLocale(registry, language);
  const shipped = packLocales(registry).get(language) ?? {};
  const entries: TranslationEntry[] = definitionTexts(registry).map((text) => ({
    Source: 'definition',
    Text: text,
    Dutch: text,
    Shipped: shipped[text]?.trim() ? shipped[text] : null,
    Corrected: site?.messages[text] ?? null,
  }));
  const catalogs = runtimeCatalogs();
  const catalog = catalogs.translations.get(language);
  for (const text of catalogs.texts.values()) {
    entries.push({
      Source: 'runtime',
      Text: text.key,
      Dutch: text.dutch,
      Shipped: catalog?.get(text.key) || null,
      Corrected: site?.runtime?.[text.key] ?? null,
    });
  }
  return entries;
}

/** Per language: translated, missing, corrected, and corrections of texts that are gone. */
export function translationCounts(registry: Registry, language: Language) {
  const entries = translationEntries(registry, language);
  const site = siteLocale(registry, language);
  const known = { definition: new Set(definitionTexts(registry)), runtime: new Set(runtimeCatalogs().texts.keys()) };
  const stale = [
    ...Object.keys(site?.messages ?? {})
      .filter((k) => !known.definition.has(k))
      .map((Text) => ({ Source: 'definition' as const, Text })),
    ...Object.keys(site?.runtime ?? {})
      .filter((k) => !known.runtime.has(k))
      .map((Text) => ({ Source: 'runtime' as const, Text })),
  ];
  const missing = entries.filter((e) => !e.Corrected && !e.Shipped);
  return {
    texts: entries.length,
    missing,
    stale,
    corrected: entries.filter((e) => e.Corrected).length,
  };
}

/**
 * A site layer's locale document with translations set (a null translation removes one); null
 * when nothing is left in it.
 */
export function withTranslations(
  stored: SiteBody,
  language: Language,
  source: TextSource,
  changes: [text: string, translation: string | null][],
): SiteBody {
  const current = stored as LocaleDef | null;
  const slot = source === 'runtime' ? 'runtime' : 'messages';
  const texts: Record<string, string> = { ...(current?.[slot] ?? {}) };
  for (const [text, translation] of changes)
    if (translation) texts[text] = translation;
    else delete texts[text];
  const body: LocaleDef = {
    language,
    messages: current?.messages ?? {},
    ...(current?.runtime ? { runtime: current.runtime } : {}),
    [slot]: texts,
  };
  if (body.runtime && !Object.keys(body.runtime).length) delete body.runtime;
  return Object.keys(body.messages).length || body.runtime ? { ...body } : null;
}

export interface TranslationChange {
  language: Language;
  source: TextSource;
  text: string;
  translation: string | null;
  by: string;
}

/**
 * Writes (or, when the translation is empty, removes) a site correction. A runtime string's
 * translation must be a valid message keeping the source's placeholders, or the screen that
 * shows it would break.
 */
export async function saveTranslation(db: pg.Pool, registry: Registry, change: TranslationChange): Promise<void> {
  const translation = change.translation?.trim() || null;
  const slot = change.source === 'runtime' ? 'runtime' : 'messages';
  // A correction of a text that is gone (a changed source) may still be removed.
  const removesStale = !translation && siteLocale(registry, change.language)?.[slot]?.[change.text] !== undefined;
  if (change.source === 'runtime') {
    const source = runtimeCatalogs().texts.get(change.text);
    if (!source && !removesStale) throw new AppError('BAD_REQUEST', [change.text], {}, {}, 'request.unknown_text');
    if (source && translation) {
      let names: string[];
      try {
        names = placeholdersOf(translation);
      } catch {
        throw new AppError('VALIDATION', [], { Translation: [{ id: 'translation.syntax', args: [] }] });
      }
      if (names.join() !== source.placeholders.join()) {
        throw new AppError('VALIDATION', [], {
          Translation: [
            { id: 'translation.placeholders', args: [source.placeholders.map((p) => `{${p}}`).join(' ') || '—'] },
          ],
        });
      }
    }
  } else if (!removesStale && !definitionTexts(registry).includes(change.text)) {
    throw new AppError('BAD_REQUEST', [change.text], {}, {}, 'request.unknown_text');
  }
  await changeSiteDefinition(db, registry, {
    kind: 'locale',
    name: change.language,
    by: change.by,
    body: (stored) => withTranslations(stored, change.language, change.source, [[change.text, translation]]),
  });
}
