// Text cells as a spreadsheet can neither run nor change them. A text that starts like a formula
// (=, +, -, @, a tab or a carriage return) is written as an inline string, the spreadsheet's own
// text type, so it stays text however a spreadsheet opens or edits it. A carriage return is
// written escaped as OOXML does (_x000D_), since XML readers turn a raw one into a line feed;
// the import reads such escapes back (import-worker.mjs keeps the same rules).
const FORMULA_START = /^[=+\-@\t\r]/;

/** OOXML's escape of a character in text: _xHHHH_; a literal `_xHHHH_` is escaped by its `_`. */
export const escapeText = (text: string) => text.replace(/_x[0-9A-Fa-f]{4}_/g, (m) => `_x005F${m}`).replace(/\r/g, '_x000D_');

export function safeCell(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = escapeText(value);
  return FORMULA_START.test(value) ? { richText: [{ text }] } : text;
}
