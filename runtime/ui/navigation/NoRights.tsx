// What a signed-in user sees instead of a blank page or an empty grid when a screen is not theirs
// to open: a page address naming a screen their screens lack (a stale link), or a screen whose read
// right was taken away since the menu was read. The runtime only mirrors the server, which lists
// only the screens a user may read; so it names whom to ask and the administrator's screen where
// rights are given, by its title. (An account without any screen is told so by the start page.)
import { useLingui } from '@lingui/react/macro';
import type { ScreenInfo } from '../../api/index.ts';
import { startOf } from './router.ts';

/** The route a page address asks for (?route=) when the user's screens do not include it. */
export function refusedRoute(routes: readonly ScreenInfo[], search: string): string | null {
  const { route } = startOf(routes, search);
  if (!route || routes.some((r) => r.name === route)) return null;
  return route;
}

/**
 * A screen the user may not open. `title` for a screen the menu offered (its right was taken away
 * since); `route` for an address naming a screen the user's screens lack, which the server does not
 * tell apart from one that does not exist.
 */
export function NoScreenRight({ title, route }: { title?: string; route?: string }) {
  const { t } = useLingui();
  return (
    <section className="app-page">
      <h1 className="app-page-title">{t`Geen toegang`}</h1>
      <p role="alert">
        {title !== undefined
          ? t`U heeft geen recht om het scherm "${title}" te openen.`
          : t`Het scherm "${route}" kan niet worden geopend: u heeft er geen recht op, of het bestaat niet.`}
      </p>
      <p>{t`Een beheerder kan u dat recht geven via "Rechten van groepen".`}</p>
    </section>
  );
}
