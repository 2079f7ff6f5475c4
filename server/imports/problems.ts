// The problems of an import row: each a message key with its arguments and the field it is about
// (none for the row as a whole), kept as such so that a reader is told them in their own language,
// the field by its translated label. They are stored as JSON beside the task (a label or a date
// argument keeps what it is), and written into the output file in the language of the user who
// started the import.
import {
  formatMessage,
  MESSAGES,
  type Language,
  type MessageId,
  type Translate,
} from '../../definitions/language/index.ts';
import { CalendarDate, Labelled, shownArg } from '../../definitions/language/message-args.ts';
import { messageIn } from '../texts.ts';

export interface Problem {
  id: MessageId;
  args: readonly unknown[];
  /** The field (its definition name) the problem is about; null for the row as a whole. */
  field: string | null;
}

/** A problem as stored: k the message key, a its arguments, f its field. */
export interface StoredProblem {
  k: string;
  a: unknown[];
  f: string | null;
}

type StoredArg = string | number | boolean | null | { label: string; name: string } | { date: string };

const storedArg = (a: unknown): StoredArg => {
  if (a instanceof Labelled) return { label: a.label, name: a.name };
  if (a instanceof CalendarDate) return { date: a.iso };
  if (a === null || a === undefined) return null;
  if (typeof a === 'number' || typeof a === 'boolean' || typeof a === 'string') return a;
  return String(a);
};

const argOf = (a: unknown): unknown => {
  if (a !== null && typeof a === 'object') {
    if ('label' in a && 'name' in a && typeof a.label === 'string' && typeof a.name === 'string')
      return new Labelled(a.name, a.label);
    if ('date' in a && typeof a.date === 'string') return new CalendarDate(a.date);
  }
  return a;
};

export const storeProblem = (p: Problem): StoredProblem => ({ k: p.id, a: p.args.map(storedArg), f: p.field });

/** A stored problem back; one whose key the server no longer knows is said by the generic failure. */
const known = (k: string): k is MessageId => Object.hasOwn(MESSAGES, k);

export const problemOf = (s: StoredProblem): Problem =>
  known(s.k)
    ? { id: s.k, args: (s.a ?? []).map(argOf), field: s.f ?? null }
    : { id: 'errors.internal', args: [], field: s.f ?? null };

export interface ProblemReader {
  language: Language;
  /** The definitions' texts (labels, a check's message) in the reader's language. */
  t: Translate;
  /** A field of the import's table by its label in the reader's language. */
  fieldLabel(name: string): string | undefined;
}

/**
 * A problem as its reader reads it: the message in their language, its field by its label, a check's
 * own text translated before its blanks are filled (as a save's ModelState says it).
 */
export function problemText(p: Problem, reader: ProblemReader): string {
  const { language, t } = reader;
  const shown = (a: unknown) => shownArg(a, language, t);
  if (p.id === 'validation.check' && p.args.length > 1)
    return formatMessage(t(String(p.args[0])), p.args.slice(1).map(shown));
  const args = p.args.map((a) =>
    p.field !== null && a === p.field
      ? (reader.fieldLabel(p.field) ?? a)
      : p.id === 'validation.check' && typeof a === 'string'
        ? t(a)
        : shown(a),
  );
  return messageIn(language, p.id, ...args);
}

/** A row's problems as one text (the output file's message column). */
export const problemsText = (problems: readonly Problem[], reader: ProblemReader): string | null =>
  problems.length ? problems.map((p) => problemText(p, reader)).join(' ') : null;
