// Language choice and catalog loading. Dutch is the source and the fallback; the language comes
// from the culture cookie, else from the browser. Catalogs load before the app renders and
// before a language switch takes effect.
import { i18n, type Messages } from '@lingui/core';
import { proxy } from 'valtio';
import { api } from '../api/index.ts';

export const LOCALES = ['nl', 'en', 'da', 'de', 'es', 'fr', 'pl', 'tr', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const CULTURE_COOKIE = 'Culture';

/** Each runtime language by its own name, so a language switch needs no translation. Spelled out
 * rather than taken from Intl.DisplayNames, which writes several in lower case (dansk, español,
 * polski) and depends on the browser's ICU data. A Record, so a new locale cannot be left out. */
export const ENDONYMS: Record<Locale, string> = {
  nl: 'Nederlands',
  da: 'Dansk',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  pl: 'Polski',
  tr: 'Türkçe',
  zh: '中文',
};

const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  nl: () => import('../../locales/nl/messages.po'),
  en: () => import('../../locales/en/messages.po'),
  da: () => import('../../locales/da/messages.po'),
  de: () => import('../../locales/de/messages.po'),
  es: () => import('../../locales/es/messages.po'),
  fr: () => import('../../locales/fr/messages.po'),
  pl: () => import('../../locales/pl/messages.po'),
  tr: () => import('../../locales/tr/messages.po'),
  zh: () => import('../../locales/zh/messages.po'),
};

function supported(tag: string | undefined | null): Locale | null {
  const lang = (tag ?? '').toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : null;
}

/** The culture cookie (a plain code such as "en", or "c=en|uic=en"), else the browser's languages, else Dutch. */
export function chooseLocale(cookie: string, languages: readonly string[]): Locale {
  const value = cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${CULTURE_COOKIE}=`))
    ?.slice(CULTURE_COOKIE.length + 1);
  const fromCookie = supported(
    decodeURIComponent(value ?? '')
      .replace(/^c=/, '')
      .split('|')[0],
  );
  if (fromCookie) return fromCookie;
  for (const language of languages) {
    const found = supported(language);
    if (found) return found;
  }
  return 'nl';
}

/**
 * The strings an administrator corrected for this language (the site layer), over the catalog's.
 * Without them (the server is unreachable) the catalog's own stand.
 */
async function corrections(locale: Locale): Promise<Messages> {
  try {
    return (await api.runtimeTexts(locale)).Messages as Messages;
  } catch {
    return {};
  }
}

export async function activate(locale: Locale): Promise<void> {
  const [{ messages }, corrected] = await Promise.all([catalogs[locale](), corrections(locale)]);
  i18n.loadAndActivate({ locale, messages: { ...messages, ...corrected } });
  // The page's language, for screen readers, spelling and hyphenation (index.html starts as nl).
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export function setCulture(locale: Locale): Promise<void> {
  document.cookie = `${CULTURE_COOKIE}=${locale}; path=/; max-age=${365 * 24 * 3600}; SameSite=Lax`;
  return activate(locale);
}

/** The languages on offer (the active content languages), once the server said; null before. */
export const offered = proxy({ languages: null as readonly string[] | null });

/** Asks the server which languages it offers (answered before sign-in too). */
export async function loadOfferedLanguages(): Promise<void> {
  try {
    offered.languages = (await api.languages()).Languages;
  } catch (error) {
    console.error('languages failed', error);
  }
}

/** Whether a text in this language is wanted: every language while the server has not said. */
export const isOffered = (language: string): boolean => !offered.languages || offered.languages.includes(language);

/** Reads the corrections again (after a definitions change) and shows them at once. */
export async function reloadCorrections(): Promise<void> {
  await activate(i18n.locale as Locale);
}

export { i18n };
