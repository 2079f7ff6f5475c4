// Text length rule (spec 1 section 5 "Other inputs"); the message is validation.max_length.
export const MAX_LENGTH_MESSAGE_ID = 'validation.max_length';

export interface MaxLengthProblem {
  max: number;
  length: number;
}

/** The broken maximum length, or null when the text fits (or has no limit). */
export function maxLengthProblem(text: unknown, max: number | null | undefined): MaxLengthProblem | null {
  if (!max || typeof text !== 'string' || text.length <= max) return null;
  return { max, length: text.length };
}
