// Header: menu toggle (narrow screens), app name, breadcrumbs, the language switch and the user.
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { LOGIN_ROUTE, UserMenu } from '../account/index.ts';
import { i18n, setCulture } from '../i18n/index.ts';
import type { Locale } from '../i18n/index.ts';
import { parentLabel } from './labels.ts';
import { currentEntry, navigate, router } from './router.ts';
import { breadcrumbs } from './routes.ts';
import { shell, toggleMenu } from './shell.ts';

const SWITCH_LOCALES: Locale[] = ['nl', 'en'];

/** A language's own name for itself, so the switch needs no translation. */
const endonym = (locale: Locale) => new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;

function Breadcrumbs() {
  const { t } = useLingui();
  const snap = useSnapshot(router);
  const entry = currentEntry(snap);
  if (!entry) return null;
  const crumbs = breadcrumbs(snap.routes, entry.name);
  return (
    <nav aria-label={t`Kruimelpad`} className="app-breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          const label = crumb.parent ? parentLabel(snap.routes, crumb.parent) : crumb.title;
          return (
            <li key={`${index}-${crumb.route ?? crumb.parent}`}>
              {crumb.route && !last ? (
                <button type="button" className="app-crumb-link" onClick={() => navigate(crumb.route!)}>{label}</button>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export function Header() {
  const { t } = useLingui();
  const { menuOpen } = useSnapshot(shell);
  // The login page has no menu, so no menu toggle either.
  const onLogin = currentEntry(useSnapshot(router))?.name === LOGIN_ROUTE;
  return (
    <header className="app-header">
      {!onLogin && <button
        type="button"
        className="app-menu-toggle"
        aria-expanded={menuOpen}
        aria-controls="app-nav"
        aria-label={t`Menu openen`}
        onClick={() => toggleMenu()}
      >
        ☰
      </button>}
      <span className="app-name"><Trans id="app.title">Backoffice</Trans></span>
      <Breadcrumbs />
      <select
        className="app-language"
        aria-label={t`Taal`}
        value={i18n.locale}
        onChange={(e) => void setCulture(e.target.value as Locale)}
      >
        {SWITCH_LOCALES.map((locale) => <option key={locale} value={locale}>{endonym(locale)}</option>)}
      </select>
      {!onLogin && <UserMenu />}
    </header>
  );
}
