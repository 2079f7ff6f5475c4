// The shell: header, navigation menu, page area and the dialog layer.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import {
  accountPageOf,
  AccountPages,
  isMigrateWizard,
  LOGIN_ROUTE,
  LoginPage,
  MigrateWizard,
} from '../account/index.ts';
import { JobNotices } from '../live/index.ts';
import { DialogLayer } from '../ui/dialogs/index.ts';
import { Header } from './Header.tsx';
import { NavMenu } from './NavMenu.tsx';
import { PageHost } from './PageHost.tsx';
import { currentEntry, router } from '../ui/navigation/index.ts';
import { afterLogin, shell, startApp } from './shell.ts';
import './app.css';

export function App() {
  const { t } = useLingui();
  const { status, navHidden } = useSnapshot(shell);
  // The login page is a route of its own, shown without the menu.
  const onLogin = currentEntry(useSnapshot(router))?.name === LOGIN_ROUTE;
  // An account page (/register, /useractivation, /passwordrecovery) needs no session and starts nothing else.
  const accountPage = accountPageOf(window.location.pathname);
  // The single sign-on migration wizard (/migrateWizard) is such a page too.
  const migrating = isMigrateWizard(window.location.pathname);
  useEffect(() => {
    if (!accountPage && !migrating) void startApp();
  }, [accountPage, migrating]);
  if (migrating)
    return (
      <div className="app-shell">
        <Header />
        <div className="app-body">
          <MigrateWizard />
        </div>
        <DialogLayer />
      </div>
    );
  if (accountPage)
    return (
      <div className="app-shell">
        <Header />
        <div className="app-body">
          <AccountPages page={accountPage} />
        </div>
        <DialogLayer />
      </div>
    );
  return (
    <div className="app-shell">
      <Header />
      <div className={`app-body${navHidden ? ' app-body--nav-hidden' : ''}`}>
        {status === 'ready' && !onLogin && <NavMenu />}
        {status === 'ready' && onLogin && <LoginPage onLoggedIn={afterLogin} />}
        {status === 'ready' && !onLogin && <PageHost />}
        {status !== 'ready' && (
          <main className="app-main">
            {status === 'loading' && (
              <div className="app-spinner" role="progressbar" aria-label={t`Bezig met laden...`} />
            )}
            {status === 'failed' && (
              <p className="app-error-text">
                <Trans>Er is een fout opgetreden bij het laden van de pagina.</Trans>
              </p>
            )}
          </main>
        )}
      </div>
      <DialogLayer />
      <JobNotices />
    </div>
  );
}
