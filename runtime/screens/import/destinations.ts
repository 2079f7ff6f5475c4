// The tables the user may import into (GetDestinations), asked once per signed-in user and
// language: every maintenance page asks whether its table is one, and the answer only changes with
// the user (their rights), the language (its labels) or the definitions. A failed answer is not
// kept, so the next page asks again.
import { api, type ImportDestination } from '../../api/index.ts';
import { account } from '../../account/index.ts';
import { i18n } from '@lingui/core';

let cached: { user: string; answer: Promise<ImportDestination[]> } | null = null;

const userKey = () => `${account.user?.Username ?? ''}\n${i18n.locale}`;

export function importDestinations(): Promise<ImportDestination[]> {
  const user = userKey();
  if (cached?.user === user) return cached.answer;
  const answer = api.importDestinations().then((a) => a.Data);
  const entry = { user, answer };
  cached = entry;
  answer.catch((error) => {
    console.warn('GetDestinations failed', error);
    if (cached === entry) cached = null;
  });
  return answer;
}

/** Forget the answer (tests; a definitions change). */
export function forgetDestinations(): void {
  cached = null;
}

/** The destination's label, else its table name. */
export function destinationLabel(destinations: readonly ImportDestination[] | null | undefined, table: string): string {
  return destinations?.find((d) => d.ID.toLowerCase() === table.toLowerCase())?.Descr ?? table;
}
