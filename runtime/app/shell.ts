// Start-up: load the route table, set up the router and the history bindings. The route table
// depends on the user (it lists only readable screens), so it is loaded again after a login.
import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { proxy, subscribe } from 'valtio';
import { loadCurrentUser, LOGIN_ROUTE, sessionMissing, startAccount } from '../account/index.ts';
import { api, CallFailed, isUnauthenticated } from '../api/index.ts';
import { definitions, startLive, stopLive } from '../live/index.ts';
import { reloadCorrections } from '../i18n/index.ts';
import { checkLicence } from '../state/index.ts';
import { bindDialogHistory, onDialogPopState, showAlert } from '../ui/dialogs/index.ts';
import {
  currentEntry,
  HOME_ROUTE,
  homeScreen,
  loginScreen,
  navigate,
  onPopState,
  pageQuery,
  reloadScreens,
  replaceRoutes,
  router,
  routeTable,
  setupRouter,
} from '../ui/navigation/index.ts';
import { loadShortcuts, visited } from './shortcuts.ts';
import { loadMenuFolds } from './menuFolds.ts';

const NAV_HIDDEN_KEY = 'navHidden';
const stored = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

/**
 * menuOpen: the menu unfolded over the page on a narrow screen. navHidden: the menu put away on a
 * wide screen to give the page its width (kept in this browser).
 */
export const shell = proxy({
  status: 'loading' as 'loading' | 'ready' | 'failed',
  menuOpen: false,
  navHidden: stored(NAV_HIDDEN_KEY) === '1',
});

let started = false;

/** Load the screens (and the user) and set up the router on the requested route. */
async function loadRoutes(given: string): Promise<void> {
  // A deep link (/frontoffice/object/42) asks for its route by the page's path.
  const deep = window.location.pathname !== '/' && !pageQuery(given).route;
  const search = deep
    ? `${given || '?'}${given ? '&' : ''}route=${encodeURIComponent(window.location.pathname)}`
    : given;
  const requested = pageQuery(search).route;
  try {
    const [{ Screens }, user] = await Promise.all([api.screens(), loadCurrentUser()]);
    const route = requested ?? user?.HomePage ?? null;
    if (user) {
      loadShortcuts(user.Username);
      loadMenuFolds(user.Username, user.FullAccess === true);
    }
    setupRouter(routeTable(Screens), {
      search: route && !requested ? `${search || '?'}&route=${encodeURIComponent(route)}` : search,
      history: window.history,
    });
    shell.status = 'ready';
    startLive({
      sessionEnded: () => void sessionEnded(),
      definitionsChanged: () => void Promise.all([reloadScreens(), reloadCorrections()]),
    });
    // Spec 3 §6: the licence check keeps the licence data under its hash.
    void checkLicence();
  } catch (error) {
    if (error instanceof CallFailed && isUnauthenticated(error.status, error.body)) {
      // No session yet: only the login page, which returns to the requested route afterwards.
      sessionMissing(requested === LOGIN_ROUTE ? null : requested);
      setupRouter([loginScreen()], { search: `?route=${LOGIN_ROUTE}`, history: window.history });
      shell.status = 'ready';
      return;
    }
    console.error(error);
    shell.status = 'failed';
    showAlert(i18n._(msg({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' })), {
      autoClearMs: null,
    });
  }
}

/**
 * The user chose another language (the culture cookie is set): the server answers screens, forms
 * and column titles in it, so the route table and menu are read again and open forms re-read
 * their definition (open grids reload by themselves). Before a login only the login route exists.
 */
export async function languageChanged(): Promise<void> {
  definitions.version++;
  if (router.routes.some((r) => r.name !== LOGIN_ROUTE)) await reloadScreens();
  else
    replaceRoutes(
      router.routes.map((r) => (r.name === LOGIN_ROUTE ? loginScreen() : r.name === HOME_ROUTE ? homeScreen() : r)),
    );
}

/**
 * The server ended the user's sessions. The stream says so only to a session that ended; a poll
 * may tell of another session of the user, so the page asks whether its own still stands. A 403
 * sends it to the login (the client's hook); the notice says why.
 */
async function sessionEnded(): Promise<void> {
  try {
    await api.currentUser();
  } catch (error) {
    if (!(error instanceof CallFailed && isUnauthenticated(error.status, error.body))) return;
    stopLive();
    showAlert(i18n._(msg`Uw sessie is beëindigd. Meld u opnieuw aan.`), { type: 'info', autoClearMs: null });
  }
}

/** Open the login route; before the route table exists the start-up shows it itself. */
function showLogin(): void {
  if (router.routes.some((r) => r.name === LOGIN_ROUTE) && currentEntry(router)?.name !== LOGIN_ROUTE)
    navigate(LOGIN_ROUTE);
}

export async function startApp(): Promise<void> {
  if (started) return;
  started = true;
  startAccount({ currentRoute: () => currentEntry(router)?.name ?? null, showLogin, signedOut: stopLive });
  bindDialogHistory(window.history);
  // Every screen opened counts among the recent ones (the runtime's own routes do not).
  subscribe(router, () => {
    const name = currentEntry(router)?.name;
    if (name && name !== LOGIN_ROUTE && name !== HOME_ROUTE) visited(name);
  });
  window.addEventListener('popstate', (event) => {
    void onDialogPopState(event.state);
    onPopState(event.state);
  });
  await loadRoutes(window.location.search);
}

/** After a login: the new user's route table and menu, opened on the returnurl (else the start route). */
export async function afterLogin(returnUrl: string | null): Promise<void> {
  await loadRoutes(returnUrl ? `?route=${encodeURIComponent(returnUrl)}` : '');
}

export function toggleMenu(open = !shell.menuOpen): void {
  shell.menuOpen = open;
}

/** A wide screen's menu put away or back. */
export function toggleNav(): void {
  shell.navHidden = !shell.navHidden;
  try {
    localStorage.setItem(NAV_HIDDEN_KEY, shell.navHidden ? '1' : '0');
  } catch {
    /* this browser keeps nothing */
  }
}
