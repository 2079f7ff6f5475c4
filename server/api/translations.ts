// Translations edited at run time (spec 3 admin tasks `translations`, `translationdashboard`): an
// administrator corrects or adds the translation of a definition text in the site layer, where a
// `locale` document per language lies over the packs' own; every process reloads it (the site
// layer's NOTIFY). The dashboard says per language how much is translated, what is missing, and
// which translations are of texts that are gone (a changed source text shows as both).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LANGUAGES, layerTexts, SOURCE_LANGUAGE, type Language } from '../../definitions/language/index.ts';
import type { Engine } from '../engine.ts';
import { badRequest, forbidden } from '../errors.ts';
import { changeSiteDefinition } from '../metadata/site-change.ts';
import { principalOf } from './context.ts';

/** The right to read and change translations (core pack rights). */
export const TRANSLATIONS_RIGHT = '12.25';
const MAX_LISTED = 1000;

export function translationRoutes(app: FastifyInstance, engine: Engine): void {
  const may = (request: FastifyRequest, action: 'read' | 'update') => {
    if (!principalOf(request).can(TRANSLATIONS_RIGHT, action)) throw forbidden();
  };
  const targetLanguage = (value: unknown): Language => {
    const language = LANGUAGES.find((l) => l === value && l !== SOURCE_LANGUAGE);
    if (!language) throw badRequest('request.language', String(value ?? ''), LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE).join(', '));
    return language;
  };
  /** Every definition text of the applied packs. */
  const texts = () => new Set(engine.registry.packs.layers.flatMap((l) => layerTexts(l)));

  app.post<{ Body: { Language?: string } }>('/mvc/translations/Dashboard', async (request) => {
    may(request, 'read');
    const all = texts();
    const only = request.body?.Language ? targetLanguage(request.body.Language) : null;
    const languages = LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE && (!only || l === only));
    return {
      Texts: all.size,
      Languages: languages.map((language) => {
        const messages = engine.registry.snapshot.effective.locales.get(language) ?? {};
        const missing = [...all].filter((t) => !messages[t]?.trim());
        const stale = Object.keys(messages).filter((k) => !all.has(k));
        return {
          Language: language, Translated: all.size - missing.length, Missing: missing.length, Stale: stale.length,
          ...(only ? { MissingTexts: missing.slice(0, MAX_LISTED), StaleTexts: stale.slice(0, MAX_LISTED) } : {}),
        };
      }),
    };
  });

  app.post<{ Body: { Language: string; Text: string; Translation?: string | null } }>('/mvc/translations/Save', async (request) => {
    may(request, 'update');
    const language = targetLanguage(request.body.Language);
    const text = request.body.Text;
    if (!texts().has(text)) throw badRequest('request.unknown_text', text);
    // The site layer's own document for the language (not the packs' translations under it).
    const rows = (await engine.pool.query("SELECT body FROM core_site_definition WHERE kind = 'locale' AND lower(name) = $1", [language])).rows;
    const messages: Record<string, string> = { ...(rows[0]?.body?.messages ?? {}) };
    const translation = request.body.Translation?.trim();
    if (translation) messages[text] = translation; else delete messages[text];
    await changeSiteDefinition(engine.pool, engine.registry, {
      kind: 'locale', name: language, body: Object.keys(messages).length ? { language, messages } : null, by: principalOf(request).username,
    });
    const now = engine.registry.snapshot.effective.locales.get(language) ?? {};
    return { Language: language, Text: text, Translation: now[text] ?? null };
  });
}
