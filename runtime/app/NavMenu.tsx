// The navigation menu: screens grouped by parent, with a filter box. On narrow screens it folds
// away behind the header's menu button.
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { parentLabel } from './labels.ts';
import { leaveTo } from './leaving.ts';
import { currentEntry, router } from './router.ts';
import { menuGroups } from './routes.ts';
import { shell, toggleMenu } from './shell.ts';

export function NavMenu() {
  const { t } = useLingui();
  const snap = useSnapshot(router);
  const { menuOpen } = useSnapshot(shell);
  const [filter, setFilter] = useState('');
  const groups = useMemo(() => menuGroups(snap.routes, filter), [snap.routes, filter]);
  const current = currentEntry(snap)?.name;
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
      {groups.length === 0 && <p className="app-nav-empty">{t`Geen resultaten`}</p>}
      {groups.map((group) => (
        <section key={group.key} className="app-nav-group">
          {group.key && <h2 className="app-nav-group-title">{parentLabel(snap.routes, group.key)}</h2>}
          <ul>
            {group.routes.map((route) => (
              <li key={route.name}>
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
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
