// Translations edited at run time (spec 3 admin tasks `translations`, `translationdashboard`): an
// administrator corrects or adds the translation of any definition text or runtime string in the
// site layer, where a `locale` document per language lies over the packs' and catalogs' own;
// every process reloads it (the site layer's NOTIFY). The runtime fetches its corrected strings
// with the catalog of its language.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EVENT_TYPES, LANGUAGES, SOURCE_LANGUAGE, type Language } from '../../definitions/language/index.ts';
import { emitEvent } from '../data/events.ts';
import type { Engine } from '../engine.ts';
import { badRequest, forbidden } from '../errors.ts';
import { compiled, runtimeCatalogs } from '../metadata/runtime-catalogs.ts';
import {
  saveTranslation,
  TARGET_LANGUAGES,
  translationCounts,
  translationEntries,
  type TextSource,
} from '../metadata/translations.ts';
import { principalOf } from './context.ts';

/** The right to read and change translations (core pack rights). */
export const TRANSLATIONS_RIGHT = '12.25';
const MAX_LISTED = 1000;

type Filter = 'all' | 'missing' | 'corrected';
interface ListBody {
  Language: string;
  Search?: string;
  Filter?: Filter;
  Source?: TextSource;
  Skip?: number;
  Take?: number;
}

export function translationRoutes(app: FastifyInstance, engine: Engine): void {
  const may = (request: FastifyRequest, action: 'read' | 'update') => {
    if (!principalOf(request).can(TRANSLATIONS_RIGHT, action)) throw forbidden();
  };
  const targetLanguage = (value: unknown): Language => {
    const language = TARGET_LANGUAGES.find((l) => l === value);
    if (!language) throw badRequest('request.language', String(value ?? ''), TARGET_LANGUAGES.join(', '));
    return language;
  };

  app.post<{ Body: { Language?: string } }>('/mvc/translations/Dashboard', async (request) => {
    may(request, 'read');
    const only = request.body?.Language ? targetLanguage(request.body.Language) : null;
    const languages = only ? [only] : TARGET_LANGUAGES;
    const counts = languages.map((language) => ({ language, ...translationCounts(engine.registry, language) }));
    return {
      Texts: counts[0]?.texts ?? 0,
      Languages: counts.map((c) => ({
        Language: c.language,
        Translated: c.texts - c.missing.length,
        Missing: c.missing.length,
        Stale: c.stale.length,
        Corrected: c.corrected,
        ...(only
          ? {
              MissingTexts: c.missing
                .slice(0, MAX_LISTED)
                .map((e) => ({ Source: e.Source, Text: e.Text, Dutch: e.Dutch })),
              StaleTexts: c.stale.slice(0, MAX_LISTED),
            }
          : {}),
      })),
    };
  });

  // The texts of one language, searched in the Dutch, the shipped and the corrected text.
  app.post<{ Body: ListBody }>('/mvc/translations/List', async (request) => {
    may(request, 'read');
    const { Search = '', Filter: filter = 'all', Source, Skip = 0, Take = 100 } = request.body;
    const language = targetLanguage(request.body.Language);
    const needle = Search.trim().toLocaleLowerCase();
    const found = translationEntries(engine.registry, language).filter(
      (e) =>
        (!Source || e.Source === Source) &&
        (filter === 'all' || (filter === 'missing' ? !e.Corrected && !e.Shipped : !!e.Corrected)) &&
        (!needle || [e.Dutch, e.Shipped, e.Corrected].some((t) => t?.toLocaleLowerCase().includes(needle))),
    );
    return { Total: found.length, Items: found.slice(Skip, Skip + Take) };
  });

  app.post<{ Body: { Language: string; Text: string; Source?: TextSource; Translation?: string | null } }>(
    '/mvc/translations/Save',
    async (request) => {
      may(request, 'update');
      const language = targetLanguage(request.body.Language);
      const source = request.body.Source ?? 'definition';
      const text = request.body.Text;
      await saveTranslation(engine.pool, engine.registry, {
        language,
        source,
        text,
        translation: request.body.Translation ?? null,
        by: principalOf(request).username,
      });
      // Open screens read their menu, forms and runtime strings again.
      await emitEvent(engine.pool, { type: EVENT_TYPES.DefinitionsChanged });
      const entry = translationEntries(engine.registry, language).find((e) => e.Source === source && e.Text === text);
      return {
        Language: language,
        Text: text,
        Source: source,
        Translation: entry?.Corrected ?? entry?.Shipped ?? null,
      };
    },
  );

  // The runtime's corrected strings in one language, compiled and under the ids the runtime's
  // catalogs use; public, since the sign-in page shows runtime strings too.
  const answered = new Map<string, { version: number; messages: Record<string, unknown> }>();
  app.get<{ Querystring: { language: string } }>('/mvc/definitions/runtimetexts', async (request) => {
    const language = LANGUAGES.find((l) => l === request.query.language) ?? SOURCE_LANGUAGE;
    const { version, effective } = engine.registry.snapshot;
    let cached = answered.get(language);
    if (cached?.version !== version) {
      const texts = runtimeCatalogs().texts;
      const messages: Record<string, unknown> = {};
      for (const [key, translation] of Object.entries(effective.runtimeLocales.get(language) ?? {})) {
        const text = texts.get(key);
        // A pack may bring a correction that no longer compiles; the catalog's own text stays.
        try {
          if (text) messages[text.id] = compiled(translation);
        } catch {
          /* skipped */
        }
      }
      answered.set(language, (cached = { version, messages }));
    }
    return { Language: language, Messages: cached.messages };
  });
}
