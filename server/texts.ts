// What the server says, in a language: its own messages (locales/<lang>/server.json, Dutch in
// messages.ts) and the definitions' texts (the packs' translations). Requests and background jobs
// (an export in the language of the user who asked for it) read them alike.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  formatMessage,
  LANGUAGES,
  message,
  SOURCE_LANGUAGE,
  translator,
  type Effective,
  type Language,
  type MessageId,
  type Translate,
} from '../definitions/language/index.ts';
import { SYSTEM_COLUMN_TITLES } from './data/filters.ts';

/** The server's messages in each language; Dutch is messages.ts itself. */
const CATALOGS = new Map<Language, Record<string, string>>(
  LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE).map((l) => [
    l,
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', 'locales', l, 'server.json'), 'utf8')) as Record<
      string,
      string
    >,
  ]),
);

/** A message in a language, Dutch where the catalog lacks it. */
export function messageIn(language: Language, id: MessageId, ...args: unknown[]): string {
  const template = CATALOGS.get(language)?.[id];
  return template ? formatMessage(template, args) : message(id, ...args);
}

/** The engine's own texts that answers carry beside the definitions' (system column titles), by their Dutch source. */
const engineTexts = (language: Language): Record<string, string> =>
  Object.fromEntries(SYSTEM_COLUMN_TITLES.map((id) => [message(id), messageIn(language, id)]));

const translators = new WeakMap<Effective, Map<Language, Translate>>();

/** Definition texts (and the engine's beside them) in a language, Dutch where a text has no translation. */
export function translatorFor(effective: Effective, language: Language): Translate {
  let byLanguage = translators.get(effective);
  if (!byLanguage) translators.set(effective, (byLanguage = new Map()));
  let t = byLanguage.get(language);
  if (!t)
    byLanguage.set(
      language,
      (t = translator(
        language === SOURCE_LANGUAGE ? undefined : { ...engineTexts(language), ...effective.locales.get(language) },
      )),
    );
  return t;
}
