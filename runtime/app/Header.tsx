// Header: menu toggle (narrow screens), app name, breadcrumbs, the language switch and the user.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { LOGIN_ROUTE, UserMenu } from '../account/index.ts';
import { ENDONYMS, i18n, loadOfferedLanguages, LOCALES, offered, setCulture } from '../i18n/index.ts';
import type { Locale } from '../i18n/index.ts';
import { parentLabel } from './labels.ts';
import { breadcrumbs, currentEntry, leaveTo, router } from '../ui/navigation/index.ts';
import { languageChanged, shell, toggleMenu, toggleNav } from './shell.ts';
import { useNarrow } from '../ui/useNarrow.ts';

/** Dutch (the source) first, then the others by language code. */
const SWITCH_LOCALES: readonly Locale[] = ['nl', ...LOCALES.filter((l) => l !== 'nl').sort()];

/**
 * The languages on offer: the active content languages the server names (asked once, before
 * sign-in too), else every runtime language. The language in use is always offered.
 */
function useOfferedLocales(current: string): readonly Locale[] {
  const { languages } = useSnapshot(offered);
  useEffect(() => {
    void loadOfferedLanguages();
  }, []);
  return languages ? SWITCH_LOCALES.filter((l) => languages.includes(l) || l === current) : SWITCH_LOCALES;
}

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
                <button type="button" className="app-crumb-link" onClick={() => void leaveTo(crumb.route!)}>
                  {label}
                </button>
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
  const { menuOpen, navHidden } = useSnapshot(shell);
  const narrow = useNarrow();
  // The login page has no menu, so no menu toggle either.
  const onLogin = currentEntry(useSnapshot(router))?.name === LOGIN_ROUTE;
  const offered = useOfferedLocales(i18n.locale);
  return (
    <header className="app-header">
      {!onLogin && (
        <button
          type="button"
          className="app-menu-toggle"
          aria-expanded={narrow ? menuOpen : !navHidden}
          aria-controls="app-nav"
          aria-label={narrow ? t`Menu openen` : navHidden ? t`Menu tonen` : t`Menu verbergen`}
          title={narrow ? undefined : navHidden ? t`Menu tonen` : t`Menu verbergen`}
          onClick={() => (narrow ? toggleMenu() : toggleNav())}
        >
          ☰
        </button>
      )}
      <span className="app-name">
        <Trans id="app.title">Backoffice</Trans>
      </span>
      <Breadcrumbs />
      <select
        className="app-language"
        aria-label={t`Taal`}
        value={i18n.locale}
        onChange={(e) => void setCulture(e.target.value as Locale).then(languageChanged)}
      >
        {offered.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {ENDONYMS[locale]}
          </option>
        ))}
      </select>
      {!onLogin && <UserMenu />}
    </header>
  );
}
