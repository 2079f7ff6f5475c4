// Who is logged in. The login state itself lives in localStorage (spec 4 "Session"), so it
// survives a reload and other tabs see a logout.
import { proxy } from 'valtio';
import type { CurrentUser } from '../api/index.ts';

export const LOGIN_STATE_KEY = 'loggedIn';

export const account = proxy({
  user: null as CurrentUser | null,
  /** Where the login page goes after a successful login. */
  returnUrl: null as string | null,
});

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function isLoggedIn(): boolean {
  return storage()?.getItem(LOGIN_STATE_KEY) === '1';
}

export function setLoggedIn(loggedIn: boolean): void {
  if (loggedIn) storage()?.setItem(LOGIN_STATE_KEY, '1');
  else storage()?.removeItem(LOGIN_STATE_KEY);
}

/** The name the header shows: the person's description, else the user name. */
export function displayName(user: Pick<CurrentUser, 'Person_Descr' | 'Username'> | null): string {
  return user?.Person_Descr?.trim() || user?.Username || '';
}
