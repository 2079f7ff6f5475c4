// The texts of definitions that people read, and their translations (spec 1 §1, spec 3 §1).
// Dutch is the source: a pack's `locales/<lang>.json` maps a Dutch text to its translation, the
// way a gettext catalog maps a msgid, so a text is translated once wherever it appears, and a
// changed source text shows as untranslated. A text without a translation stays Dutch.

import type { ReportDef } from './report.ts';

export const LANGUAGES = ['nl', 'da', 'de', 'en', 'es', 'fr', 'pl', 'tr', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const SOURCE_LANGUAGE: Language = 'nl';

/** The keys whose values are texts for people, wherever they sit in a definition. */
const TEXT_KEYS = new Set([
  'label',
  'title',
  'warning',
  'message',
  'confirm',
  'guardMessage',
  'requiredMessage',
  'matchMessage',
  // What an action that copies child rows says when there are none (create.none).
  'none',
]);

const isLanguage = (tag: string): tag is Language => (LANGUAGES as readonly string[]).includes(tag);
const languageOfTag = (tag: string | undefined | null): Language | null => {
  const lang = (tag ?? '').trim().toLowerCase().split(/[-_;]/)[0];
  return isLanguage(lang) ? lang : null;
};

/**
 * The language of a request: the culture cookie ("en", or "c=en|uic=en"), else the best of the
 * Accept-Language header, else Dutch. Anything else (unknown, hostile) counts as absent.
 */
export function requestLanguage(culture: string | undefined, acceptLanguage: string | undefined): Language {
  const fromCookie = languageOfTag(
    decodeURIComponent(culture ?? '')
      .replace(/^c=/, '')
      .split('|')[0],
  );
  if (fromCookie) return fromCookie;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .slice(0, 20)
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag, q: Number.isFinite(q) ? q : 0 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const found = languageOfTag(tag);
    if (found) return found;
  }
  return SOURCE_LANGUAGE;
}

/** Every text for people in a definition (any shape), with the names of rights. */
export function textsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const v of value) textsOf(v, into);
    return into;
  }
  if (!value || typeof value !== 'object') return into;
  for (const [key, v] of Object.entries(value)) {
    if (TEXT_KEYS.has(key) && typeof v === 'string' && v.trim()) into.add(v);
    else textsOf(v, into);
  }
  return into;
}

export type Translate = (text: string) => string;

/** Translates texts into a language from its messages, Dutch where a text has none. */
export function translator(messages: Readonly<Record<string, string>> | undefined): Translate {
  if (!messages) return (text) => text;
  return (text) => (Object.hasOwn(messages, text) && messages[text] ? messages[text] : text);
}

/** A copy of `value` with the strings under `keys`, at any depth, translated. */
function translateKeys<T>(value: T, t: Translate, keys: ReadonlySet<string>): T {
  if (Array.isArray(value)) return value.map((v) => translateKeys(v, t, keys)) as T;
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value))
    out[key] = keys.has(key) && typeof v === 'string' ? t(v) : translateKeys(v, t, keys);
  return out as T;
}

/** A copy of a definition with its texts for people translated. */
export const translateDeep = <T>(value: T, t: Translate): T => translateKeys(value, t, TEXT_KEYS);

/** The label of the archive box the server adds to the form of every archivable table. */
export const ARCHIVE_LABEL = 'Archief';

/** The heading of the group a form layout shows the fields in that it does not place itself. */
export const EXTRA_FIELDS_LABEL = 'Extra velden';

/** The Dutch texts for people a report brings: its title, labels, headings, texts and footer. */
export function reportTexts(report: ReportDef): string[] {
  const texts = [report.title, report.footer?.text];
  for (const b of report.blocks) {
    texts.push(b.text, b.label);
    for (const f of [...(b.fields ?? []), ...(b.columns ?? [])]) texts.push(f.label);
  }
  return texts.filter((t): t is string => !!t?.trim());
}

interface TableTexts {
  archivable?: boolean;
  fields?: { group?: string }[];
}

interface GridTexts {
  layouts?: { Name?: string }[];
}

/**
 * The texts for people a layer (a pack) brings: labels, titles, warnings, messages, right names,
 * the names of the views a grid definition brings, the names of field groups (a form made from
 * the fields shows them as headings), the archive
 * box's label where the layer defines an archivable table, and the heading of the fields a form
 * layout does not place where the layer has form layouts.
 */
export function layerTexts(layer: {
  tables: { value: unknown }[];
  forms: { value: unknown }[];
  grids: { value: unknown }[];
  screens: { value: unknown }[];
  workflows: { value: unknown }[];
  rights: { value: { name: string }[] }[];
  reports?: { value: ReportDef }[];
}): string[] {
  const into = new Set<string>();
  for (const docs of [layer.tables, layer.forms, layer.grids, layer.screens, layer.workflows])
    for (const doc of docs) textsOf(doc.value, into);
  // A form layout shows the fields it does not place (the field dictionary's) under this heading.
  if (layer.forms.length) into.add(EXTRA_FIELDS_LABEL);
  for (const { value } of layer.tables as { value: TableTexts }[]) {
    for (const field of value.fields ?? []) if (field.group?.trim()) into.add(field.group);
    if (value.archivable === true) into.add(ARCHIVE_LABEL);
  }
  for (const doc of layer.rights) for (const right of doc.value) into.add(right.name);
  for (const doc of layer.reports ?? []) for (const text of reportTexts(doc.value)) into.add(text);
  // A grid's views from the definitions are shown under their names (the standard view's name is the runtime's).
  for (const { value } of layer.grids as { value: GridTexts }[])
    for (const view of value.layouts ?? []) if (view.Name?.trim()) into.add(view.Name);
  return [...into].sort((a, b) => a.localeCompare(b, 'nl'));
}

/** The keys of API answers (forms, grid columns, transitions) whose values are texts for people. */
const ANSWER_KEYS = new Set([
  'Label',
  'Title',
  'StatusLabel',
  'ToLabel',
  'FromLabel',
  'Warning',
  'label',
  'title',
  'warning',
  'message',
]);

/**
 * A copy of a metadata answer (a form, a grid's column descriptions, transitions) with its texts
 * translated. Never for record data: a field may be called Title.
 */
export const translateAnswer = <T>(value: T, t: Translate): T => translateKeys(value, t, ANSWER_KEYS);
