// A text cell that starts like a formula (=, +, -, @, a tab or a carriage return) is written as
// an inline string, the spreadsheet's own text type, rather than as a plain value: it stays text
// however a spreadsheet opens or edits it, so it is never run, and it reads back unchanged.
const FORMULA_START = /^[=+\-@\t\r]/;

export function safeCell(value: unknown): unknown {
  if (typeof value !== 'string' || !FORMULA_START.test(value)) return value;
  return { richText: [{ text: value }] };
}
