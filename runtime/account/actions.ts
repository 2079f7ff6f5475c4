// Login, logout and the session wiring: the API client's hooks feed the session timer and the
// login redirect. The shell passes in how to read the current route and show the login page, so
// this folder needs nothing from the shell.
import { api, apiHooks } from '../api/index.ts';
import type { CurrentUser } from '../api/index.ts';
import { clearPermissions } from '../state/index.ts';
import { loginRedirect } from './redirect.ts';
import { createSessionTimer, readSessionLifetime } from './session.ts';
import { account, isLoggedIn, LOGIN_STATE_KEY, setLoggedIn } from './state.ts';

export interface AccountShell {
  currentRoute: () => string | null;
  /** Show the login page (the router's login route). */
  showLogin: () => void;
  /** The user is gone (logout, an expired or ended session): what ran for them stops. */
  signedOut?: () => void;
}

let shell: AccountShell | null = null;

const timer = createSessionTimer({
  lifetime: () => (typeof document === 'undefined' ? null : readSessionLifetime(document.cookie)),
  active: isLoggedIn,
  onExpired: () => redirectToLogin(),
});

function forgetUser(): void {
  setLoggedIn(false);
  account.user = null;
  clearPermissions();
  timer.stop();
  shell?.signedOut?.();
}

/** Send the user to login with the current route as returnurl, unless already there. */
export function redirectToLogin(): void {
  if (!shell) return;
  const redirect = loginRedirect(shell.currentRoute());
  if (!redirect) return;
  forgetUser();
  account.returnUrl = redirect.returnUrl;
  shell.showLogin();
}

/** Wire the client hooks and the cross-tab logout; called once by the shell at start-up. */
export function startAccount(port: AccountShell): void {
  shell = port;
  apiHooks.onSuccess = () => timer.refresh();
  apiHooks.onUnauthenticated = () => redirectToLogin();
  window.addEventListener('storage', (event) => {
    if (event.key === LOGIN_STATE_KEY && event.newValue === null) redirectToLogin();
  });
  timer.refresh();
}

/** Log in; rejects with the server's CallFailed (400 wrong credentials, 403 locked). */
export async function login(username: string, password: string): Promise<CurrentUser> {
  const { User } = await api.login({ username, password });
  // A different user may log in than before: no cached rights may carry over.
  clearPermissions();
  setLoggedIn(true);
  account.user = User;
  timer.refresh();
  return User;
}

/** The current user, or null when the call fails (logged; the shell works without it). */
export async function loadCurrentUser(): Promise<CurrentUser | null> {
  try {
    account.user = await api.currentUser();
  } catch (error) {
    console.warn('Could not load the current user', error);
  }
  return account.user;
}

/** Log out on the server (a failure changes nothing for the user) and show the login page. */
export async function logout(): Promise<void> {
  try {
    await api.logout();
  } catch (error) {
    console.warn('Logout call failed', error);
  }
  forgetUser();
  account.returnUrl = null;
  shell?.showLogin();
}

/** The route to open after login: the returnurl, taken once. */
export function takeReturnUrl(): string | null {
  const url = account.returnUrl;
  account.returnUrl = null;
  return url;
}

/** Forget the login state without a redirect (the start-up found no session). */
export function sessionMissing(returnUrl: string | null): void {
  forgetUser();
  account.returnUrl = returnUrl;
}
