// The runtime's own strings (locales/<lang>/messages.po, Dutch the source), read so that an
// administrator can correct their translations at run time like any definition text. The runtime
// looks messages up by lingui's id: the explicit id where the code gives one, else a hash of the
// Dutch text; corrections are answered under that id, compiled as the catalogs are.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { LANGUAGES, SOURCE_LANGUAGE, type Language } from '../../definitions/language/index.ts';

export interface RuntimeText {
  /** The catalog's msgid: the Dutch text, or the explicit id. */
  key: string;
  /** The id the runtime looks the message up by. */
  id: string;
  /** The Dutch text. */
  dutch: string;
  /** The names of its placeholders ({0}, {count}), which a translation must keep. */
  placeholders: string[];
}

export interface RuntimeCatalogs {
  texts: Map<string, RuntimeText>;
  translations: Map<Language, Map<string, string>>;
}

const FOLDER = path.resolve(import.meta.dirname, '..', '..', 'locales');

/** The entries of a .po file as lingui writes it: msgid → msgstr, and which ids are explicit. */
function readPo(file: string): { entries: Map<string, string>; explicit: Set<string> } {
  const entries = new Map<string, string>();
  const explicit = new Set<string>();
  const quoted = (line: string) => JSON.parse(line.slice(line.indexOf('"'))) as string;
  let comments: string[] = [];
  let id: string | null = null;
  let field: 'id' | 'str' | null = null;
  let str = '';
  const flush = () => {
    if (id) {
      entries.set(id, str);
      if (comments.includes('#. js-lingui-explicit-id')) explicit.add(id);
    }
    id = null;
    field = null;
    str = '';
    comments = [];
  };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('#')) {
      if (field === 'str') flush();
      comments.push(line.trim());
    } else if (line.startsWith('msgid ')) {
      if (field === 'str') flush();
      id = quoted(line);
      field = 'id';
    } else if (line.startsWith('msgstr ')) {
      str = quoted(line);
      field = 'str';
    } else if (line.startsWith('"')) {
      if (field === 'id') id += quoted(line);
      else if (field === 'str') str += quoted(line);
    } else if (!line.trim()) {
      if (field === 'str') flush();
    }
  }
  flush();
  return { entries, explicit };
}

/** The names of a message's placeholders; throws on a message that is no valid ICU text. */
export function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      names.add(token[0]);
      const choices = token[2];
      if (choices && typeof choices === 'object') {
        for (const [key, value] of Object.entries(choices))
          if (key !== 'offset' && Array.isArray(value)) walk(value as CompiledMessage);
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

/** A translation in the form the runtime's compiled catalogs hold. */
export const compiled = (message: string): CompiledMessage => compileMessageOrThrow(message);

let read: RuntimeCatalogs | null = null;

/** The catalogs, read once: they ship with the runtime and change only with a new version. */
export function runtimeCatalogs(): RuntimeCatalogs {
  if (read) return read;
  const source = readPo(path.join(FOLDER, SOURCE_LANGUAGE, 'messages.po'));
  const texts = new Map<string, RuntimeText>();
  for (const [key, dutch] of source.entries) {
    const text = dutch || key;
    texts.set(key, {
      key,
      id: source.explicit.has(key) ? key : generateMessageId(key),
      dutch: text,
      placeholders: placeholdersOf(text),
    });
  }
  const translations = new Map<Language, Map<string, string>>();
  for (const language of LANGUAGES) {
    if (language !== SOURCE_LANGUAGE)
      translations.set(language, readPo(path.join(FOLDER, language, 'messages.po')).entries);
  }
  return (read = { texts, translations });
}
