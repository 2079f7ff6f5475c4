// The start page: the user's favourite and recent screens first, then a search over every screen
// they may open. A user who may open none reads why, and whom to ask.
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ScreenInfo } from '../api/index.ts';
import { groupTitle } from './labels.ts';
import { leaveTo, matchesSearch, menuGroups, router } from '../ui/navigation/index.ts';
import { shortcuts } from './shortcuts.ts';
import './home.css';

const SEARCH_SHOWN = 30;

function ScreenLinks({ routes, label }: { routes: readonly ScreenInfo[]; label: string }) {
  return (
    <ul className="app-home-links" aria-label={label}>
      {routes.map((route) => (
        <li key={route.name}>
          <button type="button" className="app-home-link" onClick={() => void leaveTo(route.name)}>
            {route.title}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function HomePage({ title }: { title: string }) {
  const { t } = useLingui();
  const { routes } = useSnapshot(router);
  const { favourites, recent } = useSnapshot(shortcuts);
  const [search, setSearch] = useState('');
  const menu = useMemo(() => menuGroups(routes as ScreenInfo[]), [routes]);
  const screens = useMemo(() => menu.flatMap((g) => g.routes), [menu]);
  const byName = (names: readonly string[]) =>
    names.map((n) => screens.find((s) => s.name === n)).filter((s): s is ScreenInfo => !!s);
  const found = search.trim() ? screens.filter((s) => matchesSearch(s, search)) : [];

  if (!screens.length) {
    return (
      <section className="app-page app-home">
        <h1 className="app-page-title">{title}</h1>
        <p role="status" className="app-home-empty">
          {t`Uw account heeft nog geen rechten op schermen. Vraag een beheerder u toe te voegen aan een beveiligingsgroep met de rechten die u nodig heeft.`}
        </p>
      </section>
    );
  }
  const favouriteScreens = byName(favourites);
  const recentScreens = byName(recent);
  return (
    <section className="app-page app-home">
      <h1 className="app-page-title">{title}</h1>
      <label className="app-home-search">
        <span>{t`Scherm zoeken`}</span>
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      {search.trim() ? (
        <section aria-label={t`Gevonden schermen`}>
          {found.length ? (
            <ScreenLinks routes={found.slice(0, SEARCH_SHOWN)} label={t`Gevonden schermen`} />
          ) : (
            <p>{t`Geen scherm gevonden.`}</p>
          )}
        </section>
      ) : (
        <div className="app-home-columns">
          <section>
            <h2>{t`Favorieten`}</h2>
            {favouriteScreens.length ? (
              <ScreenLinks routes={favouriteScreens} label={t`Favorieten`} />
            ) : (
              <p className="app-home-hint">{t`Maak een scherm favoriet met de ster achter zijn naam in het menu.`}</p>
            )}
          </section>
          <section>
            <h2>{t`Recent geopend`}</h2>
            {recentScreens.length ? (
              <ScreenLinks routes={recentScreens} label={t`Recent geopend`} />
            ) : (
              <p className="app-home-hint">{t`De schermen die u opent, staan hier.`}</p>
            )}
          </section>
          <section>
            <h2>{t`Onderdelen`}</h2>
            <ul className="app-home-areas">
              {menu.map((group) => (
                <li key={group.key}>
                  {groupTitle(routes as ScreenInfo[], group.parent, group.area)}{' '}
                  <span className="app-home-count">{group.routes.length}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </section>
  );
}
