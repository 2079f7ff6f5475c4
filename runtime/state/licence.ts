// The local licence entry (spec 3 §6): the runtime keeps Retrieve's answer in localStorage under
// `licence:<Hash>`, the hash being of the product code and the licence. When no entry for the
// current hash exists, the answer is stored and every other `licence:` entry dropped.
import { api } from '../api/index.ts';
import type { RetrievedLicence } from '../api/index.ts';

export const LICENCE_PREFIX = 'licence:';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

function browserStorage(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Keeps the answer under its hash; answers whether the entry was new (and the others dropped). */
export function keepLicence(answer: RetrievedLicence, storage: Store): boolean {
  const own = LICENCE_PREFIX + answer.Hash;
  if (storage.getItem(own) !== null) return false;
  storage.setItem(own, JSON.stringify(answer));
  const others: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && key !== own && key.startsWith(LICENCE_PREFIX)) others.push(key);
  }
  for (const key of others) storage.removeItem(key);
  return true;
}

/** The licence check after sign-in and after a licence is saved; a failure is only logged. */
export async function checkLicence(
  retrieve: () => Promise<RetrievedLicence> = api.retrieveLicence,
  storage: Store | null = browserStorage(),
): Promise<void> {
  try {
    const answer = await retrieve();
    if (storage) keepLicence(answer, storage);
  } catch (error) {
    console.warn('The licence check failed', error);
  }
}
