// The route table: the screens the user may read, plus the runtime's own start page and login
// route. It lives beside the router so a page that changes what the user may open (a new licence)
// can have it read again without reaching up into the shell.
import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { LOGIN_ROUTE } from '../../account/index.ts';
import { api } from '../../api/index.ts';
import type { ScreenInfo } from '../../api/index.ts';
import { replaceRoutes } from './router.ts';
import { HOME_ROUTE } from './routes.ts';

/** The runtime's own login route; the shell renders it without the menu. */
export const loginScreen = (): ScreenInfo => ({
  name: LOGIN_ROUTE,
  kind: 'login',
  table: '',
  title: i18n._(msg`Inloggen`),
});

/** The runtime's own start page: favourites, recent screens and the way to find the others. */
export const homeScreen = (): ScreenInfo => ({ name: HOME_ROUTE, kind: 'home', table: '', title: i18n._(msg`Start`) });

/** The route table: the screens the user may read, the home page and the login route. */
export const routeTable = (screens: readonly ScreenInfo[]) => [...screens, homeScreen(), loginScreen()];

/** The definitions or the licence changed: the route table and menu are read again, the page stays. */
export async function reloadScreens(): Promise<void> {
  try {
    const { Screens } = await api.screens();
    replaceRoutes(routeTable(Screens));
  } catch (error) {
    console.warn('Reloading the screens after a definitions change failed', error);
  }
}
