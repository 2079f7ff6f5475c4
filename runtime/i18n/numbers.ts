// Numbers as the user reads them, the same wherever a value is shown (grid cells, a record's
// header, read-only form fields): a decimal field in the notation of the user's language with its
// fixed number of decimals (302,50 in Dutch, 302.50 in English); a whole number (a code, a count)
// as its digits, which read better without thousands separators. Pure.

/** The field types whose values are numbers. */
export const NUMERIC_FIELD_TYPES: ReadonlySet<string> = new Set(['smallint', 'integer', 'bigint', 'decimal']);

export interface NumberKind {
  /** A decimal field; otherwise a whole number. */
  decimal: boolean;
  /** The decimal field's number of decimals (the definition's `decimals`); unknown: as many as it has. */
  decimals?: number | null;
}

/** Fraction digits of a decimal whose number of decimals is not known: enough, without float noise (0.1 + 0.2). */
const ANY_DECIMALS = 10;
/** The most fraction digits Intl accepts everywhere. */
const MAX_DECIMALS = 20;

const formats = new Map<string, Intl.NumberFormat>();

function formatOf(locale: string, decimals: number | null): Intl.NumberFormat {
  const key = `${locale}|${decimals ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    const digits =
      decimals === null
        ? { maximumFractionDigits: ANY_DECIMALS }
        : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
    try {
      format = new Intl.NumberFormat(locale, digits);
    } catch {
      // A language tag the browser does not know still shows its numbers, in its default notation.
      format = new Intl.NumberFormat(undefined, digits);
    }
    formats.set(key, format);
  }
  return format;
}

const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A value as text; a value that is no number is shown as it is. */
export function formatNumber(value: number | string, locale: string, kind: NumberKind): string {
  const numeric = typeof value === 'number' ? Number.isFinite(value) : NUMERIC_TEXT.test(value.trim());
  if (!numeric || !kind.decimal) return String(value);
  const decimals =
    kind.decimals !== null && kind.decimals !== undefined && kind.decimals >= 0
      ? Math.min(kind.decimals, MAX_DECIMALS)
      : null;
  // A decimal beyond what a JS number holds exactly travels as text: Intl formats that text exactly.
  return formatOf(locale, decimals).format(
    typeof value === 'number' ? value : (value.trim() as Intl.StringNumericLiteral),
  );
}
