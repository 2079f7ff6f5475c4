// Coded errors (server/errors.ts) as the API answers them: the documented shape {Error,
// ModelState, TranslationModelState: {ModelState}} plus the Code, with the code's HTTP status.
import { formatMessage, SOURCE_LANGUAGE, type Language, type MessageId } from '../../definitions/language/index.ts';
import { Labelled, shownArg } from '../../definitions/language/message-args.ts';
import type { AppError } from '../errors.ts';
import { messageIn } from '../texts.ts';

/** Seconds a client waits before it repeats a call answered as retryable. */
export const RETRY_AFTER_SECONDS = 5;

export interface Labels {
  /** A field of the call's table as the user reads it. */
  field(name: string): string | undefined;
  /** A table (by name or SQL name) as the user reads it. */
  table(name: string): string | undefined;
  /** A text of the definitions (a check's message) as the user reads it. */
  text(source: string): string;
}
const NO_LABELS: Labels = { field: () => undefined, table: () => undefined, text: (s) => s };

/** Arguments as the user reads them: a field or table by its label, a date in their language's way. */
const shown = (args: readonly unknown[], language: Language, labels: Labels) =>
  args.map((a) => shownArg(a, language, labels.text));

/** A message's arguments as the user reads them: the field by its label, a check's text translated. */
const argsFor = (m: { id: MessageId; args: readonly unknown[] }, field: string, language: Language, labels: Labels) =>
  m.args.map((a) =>
    a === field
      ? (labels.field(field) ?? a)
      : m.id === 'validation.check' && typeof a === 'string'
        ? labels.text(a)
        : shownArg(a, language, labels.text),
  );

/** A field of another table (a row a transition makes) by the label its own message carries. */
const labelIn = (field: string, messages: readonly { args: readonly unknown[] }[], labels: Labels) => {
  const named = messages.flatMap((m) => m.args).find((a): a is Labelled => a instanceof Labelled && a.name === field);
  return named ? labels.text(named.label) : undefined;
};

/** The error's own text; a form's problems name their fields, a row in use the table, by label. */
function errorText(err: AppError, language: Language, labels: Labels): string {
  // A definition's own text, translated before its blanks are filled.
  if (err.id === 'validation.check' && !Object.keys(err.fields).length)
    return formatMessage(labels.text(String(err.args[0])), shown(err.args.slice(1), language, labels));
  const args =
    err.code === 'VALIDATION'
      ? [
          Object.entries(err.fields)
            .map(([f, messages]) => labelIn(f, messages, labels) ?? labels.field(f) ?? f)
            .join(', '),
        ]
      : err.code === 'IN_USE' || err.id === 'errors.read_only_table'
        ? err.args.map((a) => labels.table(String(a)) ?? a)
        : shown(err.args, language, labels);
  return messageIn(language, err.id, ...args);
}

/**
 * The answer of an error in a language. `labels` name fields and tables as the user reads them
 * (their labels, translated): a message about a field says that, not its internal name.
 */
export function errorBody(
  err: AppError,
  language: Language = SOURCE_LANGUAGE,
  labels: Labels = NO_LABELS,
): Record<string, unknown> {
  const modelState: Record<string, string[]> = {};
  const translation: Record<string, { Key: MessageId; Value: string[] }[]> = {};
  for (const [field, messages] of Object.entries(err.fields)) {
    // A definition's own text with blanks (a check's messageArgs): translated, then filled.
    modelState[field] = messages.map((m) =>
      m.id === 'validation.check' && m.args.length > 1
        ? formatMessage(labels.text(String(m.args[0])), shown(m.args.slice(1), language, labels))
        : messageIn(language, m.id, ...argsFor(m, field, language, labels)),
    );
    translation[field] = messages.map((m) => ({ Key: m.id, Value: m.args.map(String) }));
  }
  return {
    Error: errorText(err, language, labels),
    Code: err.code,
    Key: err.id,
    Args: err.args.map(String),
    ModelState: modelState,
    TranslationModelState: { ModelState: translation },
    ...err.extra,
  };
}
