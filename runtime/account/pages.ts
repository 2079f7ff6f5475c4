// The account pages a person opens without a session (spec 3 §2): requesting an account, and
// choosing a password from an e-mailed link. Each is a page of its own address, so a link in an
// e-mail opens it; the link's token comes after `#`, which the browser never sends to a server,
// and the page takes it out of the address at once, so it stays out of the history and referrers.
export type AccountPage = 'register' | 'activation' | 'recovery';

const PAGES: Record<string, AccountPage> = {
  '/register': 'register',
  '/useractivation': 'activation',
  '/passwordrecovery': 'recovery',
};

/** The account page of a path, or null (any case, a trailing slash allowed). */
export function accountPageOf(pathname: string): AccountPage | null {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return Object.hasOwn(PAGES, path) ? PAGES[path] : null;
}

/** The link's token in the address (`#token=…`), taken out of the address; null without one. */
export function takeToken(location: Location, history: History): string | null {
  const m = /^#token=([A-Za-z0-9_-]{1,100})$/.exec(location.hash);
  if (!location.hash) return null;
  history.replaceState(history.state, '', location.pathname);
  return m ? m[1] : null;
}

let taken: { token: string | null } | undefined;

/** The token of the address this page was opened with, taken once (a second render finds it gone). */
export function pageToken(): string | null {
  taken ??= { token: takeToken(window.location, window.history) };
  return taken.token;
}
