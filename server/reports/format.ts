// Values as a printed document shows them in its content language: numbers with the field's
// decimals and the language's separators, dates and times as the language writes them, a list's
// text, a choice's label, yes or no.
import { decimalDigits, type EffectiveField, type Language } from '../../definitions/language/index.ts';

/** The region each content language formats as (Dutch as in the Netherlands, English as in Britain). */
const LOCALES: Record<Language, string> = {
  nl: 'nl-NL',
  da: 'da-DK',
  de: 'de-DE',
  en: 'en-GB',
  es: 'es-ES',
  fr: 'fr-FR',
  pl: 'pl-PL',
  tr: 'tr-TR',
  zh: 'zh-CN',
};

export interface Formats {
  locale: string;
  number(value: number, decimals: number): string;
  date(value: string): string;
  dateTime(value: string): string;
}

const cache = new Map<string, Intl.NumberFormat>();

export function formatsFor(language: Language): Formats {
  const locale = LOCALES[language];
  const dates = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  const times = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return {
    locale,
    number(value, decimals) {
      const key = `${locale}/${decimals}`;
      let f = cache.get(key);
      if (!f) {
        f = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
        cache.set(key, f);
      }
      return f.format(value);
    },
    // A date field holds a calendar day: shown as that day wherever the server runs.
    date: (value) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
      return m ? dates.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))) : value;
    },
    dateTime: (value) => {
      const d = new Date(value);
      return Number.isNaN(d.getTime()) ? value : times.format(d);
    },
  };
}

/** Yes and no in each content language (a bool field's value). */
const YES_NO: Record<Language, [string, string]> = {
  nl: ['Ja', 'Nee'],
  da: ['Ja', 'Nej'],
  de: ['Ja', 'Nein'],
  en: ['Yes', 'No'],
  es: ['Sí', 'No'],
  fr: ['Oui', 'Non'],
  pl: ['Tak', 'Nie'],
  tr: ['Evet', 'Hayır'],
  zh: ['是', '否'],
};

/** A row's value of a field as the document prints it; '' for none. */
export function shownValue(
  field: EffectiveField,
  row: Record<string, unknown>,
  formats: Formats,
  language: Language,
  optionLabel: (field: EffectiveField, value: string) => string | undefined,
): string {
  const raw = row[field.name];
  const text = row[`${field.name}_Descr`];
  if (typeof text === 'string' && text) return text;
  if (raw === null || raw === undefined || raw === '') return '';
  switch (field.type) {
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'decimal': {
      const n = Number(raw);
      if (field.options) return optionLabel(field, String(raw)) ?? String(raw);
      return Number.isFinite(n) ? formats.number(n, decimalDigits(field)) : String(raw);
    }
    case 'date':
      return formats.date(String(raw));
    case 'datetime':
    case 'datetime-seconds':
      return formats.dateTime(String(raw));
    case 'bool':
      return YES_NO[language][raw === true ? 0 : 1];
    case 'select':
      return optionLabel(field, String(raw)) ?? String(raw);
    default:
      return String(raw);
  }
}
