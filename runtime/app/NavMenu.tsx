// The navigation menu: the start page, the user's favourites, then the screens grouped by parent
// and area (a parent's screens, its settings, its system tables), each group folding away on a
// click on its title (a button), with a search over the titles in the user's language and the screens'
// names that looks into folded groups too. Which groups are open: ui/navigation/folds.ts. On narrow
// screens it folds away behind the header's menu button.
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ScreenInfo } from '../api/index.ts';
import { groupTitle } from './labels.ts';
import { currentEntry, HOME_ROUTE, leaveTo, matchesSearch, menuGroups, router } from '../ui/navigation/index.ts';
import { groupOpen, toggledFolds } from '../ui/navigation/folds.ts';
import { menuFolds, setFolded } from './menuFolds.ts';
import { shell, toggleMenu } from './shell.ts';
import { shortcuts, toggleFavourite } from './shortcuts.ts';

function MenuLink({
  route,
  current,
  favourite,
}: {
  route: ScreenInfo;
  current: string | undefined;
  favourite: boolean;
}) {
  const { t } = useLingui();
  const title = route.title;
  return (
    <li className="app-nav-item">
      <button
        type="button"
        className="app-nav-link"
        aria-current={route.name === current ? 'page' : undefined}
        onClick={() => {
          void leaveTo(route.name);
          toggleMenu(false);
        }}
      >
        {route.title}
      </button>
      <button
        type="button"
        className="app-nav-star"
        aria-pressed={favourite}
        aria-label={favourite ? t`${title} uit favorieten` : t`${title} als favoriet`}
        title={favourite ? t`Uit favorieten` : t`Als favoriet`}
        onClick={() => toggleFavourite(route.name)}
      >
        {favourite ? '★' : '☆'}
      </button>
    </li>
  );
}

export function NavMenu() {
  const { t } = useLingui();
  const snap = useSnapshot(router);
  const { menuOpen } = useSnapshot(shell);
  const { favourites } = useSnapshot(shortcuts);
  const folds = useSnapshot(menuFolds);
  const [filter, setFilter] = useState('');
  const routes = snap.routes as ScreenInfo[];
  const groups = useMemo(() => menuGroups(routes, filter), [routes, filter]);
  const current = currentEntry(snap)?.name;
  const foldContext = { fullAccess: folds.fullAccess, folded: folds.folded, current, filter };
  const home = routes.find((r) => r.name === HOME_ROUTE);
  const favouriteRoutes = favourites
    .map((n) => routes.find((r) => r.name === n))
    .filter((r): r is ScreenInfo => !!r && matchesSearch(r, filter));
  return (
    <nav id="app-nav" aria-label={t`Menu`} className={`app-nav${menuOpen ? ' app-nav--open' : ''}`}>
      <input
        type="search"
        className="app-nav-filter"
        value={filter}
        placeholder={t`Zoeken`}
        aria-label={t`Menu filteren`}
        onChange={(e) => setFilter(e.target.value)}
      />
      {home && !filter && (
        <button
          type="button"
          className="app-nav-link app-nav-home"
          aria-current={current === HOME_ROUTE ? 'page' : undefined}
          onClick={() => {
            void leaveTo(HOME_ROUTE);
            toggleMenu(false);
          }}
        >
          {home.title}
        </button>
      )}
      {groups.length === 0 && <p className="app-nav-empty">{t`Geen schermen gevonden`}</p>}
      {favouriteRoutes.length > 0 && (
        <section className="app-nav-group">
          <h2 className="app-nav-group-title">{t`Favorieten`}</h2>
          <ul>
            {favouriteRoutes.map((route) => (
              <MenuLink key={route.name} route={route} current={current} favourite />
            ))}
          </ul>
        </section>
      )}
      {groups.map((group) => {
        const title = groupTitle(routes, group.parent, group.area);
        const open = groupOpen(group, foldContext);
        const listId = `app-nav-group-${group.key}`;
        return (
          <section key={group.key} className="app-nav-group">
            <h2 className="app-nav-group-title">
              <button
                type="button"
                className="app-nav-group-toggle"
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => setFolded(toggledFolds(groups, foldContext, group.key))}
              >
                <span className="app-nav-fold" aria-hidden="true">
                  {open ? '▾' : '▸'}
                </span>
                {title} <span className="app-nav-count">{group.routes.length}</span>
              </button>
            </h2>
            <ul id={listId} hidden={!open}>
              {group.routes.map((route) => (
                <MenuLink
                  key={route.name}
                  route={route}
                  current={current}
                  favourite={favourites.includes(route.name)}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </nav>
  );
}
