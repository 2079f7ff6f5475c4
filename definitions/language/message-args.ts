// Message arguments that are shown in the reader's words rather than as stored: a field or table
// by its label (translated), a date as the reader's language writes it, with the weekday. Their
// string (what `Args` and `TranslationModelState` carry for a program) stays the stored form.

/** A field or table named in a message: shown by its label, carried by its name. */
export class Labelled {
  constructor(
    readonly name: string,
    /** The label as the definitions hold it (Dutch); a translator turns it into the reader's language. */
    readonly label: string,
  ) {}
  toString(): string {
    return this.name;
  }
}

/** A calendar date (YYYY-MM-DD) in a message: shown as the reader's language writes it. */
export class CalendarDate {
  constructor(readonly iso: string) {}
  toString(): string {
    return this.iso;
  }
}

/** A field by its label (its name when it has none). */
export const labelled = (field: { name: string; label?: string }) =>
  new Labelled(field.name, field.label ?? field.name);

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date with its weekday as `language` writes it ("maandag 30 november 2026"). */
export function dateIn(language: string, iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  let format = dateFormats.get(language);
  if (!format)
    dateFormats.set(
      language,
      (format = new Intl.DateTimeFormat(language, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })),
    );
  return format.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

/**
 * An argument as a reader of `language` sees it: a label translated by `translate` (the
 * definitions' texts), a date in the language's way; anything else as its string.
 */
export function shownArg(arg: unknown, language = 'nl', translate: (source: string) => string = (s) => s): string {
  if (arg instanceof Labelled) return translate(arg.label);
  if (arg instanceof CalendarDate) return dateIn(language, arg.iso);
  return String(arg);
}
