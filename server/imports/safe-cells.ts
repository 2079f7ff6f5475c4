// Text cells as a spreadsheet can neither run nor change them, for exports written by exceljs
// (which escapes XML's markup itself). A text that starts like a formula (=, +, -, @, a tab or a
// carriage return) is written as an inline string, the spreadsheet's own text type, so it stays
// text however a spreadsheet opens or edits it; characters a reader would change or refuse are
// escaped as OOXML does (xlsx-writer.ts), and the import reads them back.
import { ooxmlEscape } from './xlsx-writer.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

export function safeCell(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = ooxmlEscape(value);
  return FORMULA_START.test(value) ? { richText: [{ text }] } : text;
}
