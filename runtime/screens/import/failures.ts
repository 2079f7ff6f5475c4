// The server's words for an import call that failed: the messages on one field (ModelState, whose
// keys may come in another case), and everything it said for the start form.
import { CallFailed } from '../../api/index.ts';

/** The messages the server gave on a field of the request. */
export function fieldMessages(error: unknown, field: string): string[] {
  if (!(error instanceof CallFailed)) return [];
  const state = error.body?.ModelState ?? {};
  const key = Object.keys(state).find((k) => k.toLowerCase() === field.toLowerCase());
  return key ? [...(state[key] ?? [])] : [];
}

/** Error and the field messages (File, Destination…) that say more than Error does. */
export function startFailure(error: unknown, fallback: string): { error: string; details: string[] } {
  if (!(error instanceof CallFailed) || !error.body) return { error: fallback, details: [] };
  const text = error.body.Error || fallback;
  const details = Object.values(error.body.ModelState ?? {})
    .flat()
    .filter((m) => m && m !== text);
  return { error: text, details: [...new Set(details)] };
}
