// The page area: the current route's screen, chosen by its kind. Screens load on demand.
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import type { ScreenInfo } from '../api/index.ts';
import { HistoryEntryContext } from './historyEntry.ts';
import { currentEntry, currentScreen, router } from './router.ts';

const MaintenancePage = lazy(() => import('../screens/index.ts').then((m) => ({ default: m.MaintenancePage })));
const SettingsPage = lazy(() => import('../screens/index.ts').then((m) => ({ default: m.SettingsPage })));

function Screen({ screen, query }: { screen: ScreenInfo; query: string }) {
  switch (screen.kind) {
    case 'maintenance':
    case 'systemtable':
      return <MaintenancePage screen={screen} query={query} />;
    case 'settings':
      return <SettingsPage screen={screen} />;
    default:
      return (
        <section className="app-page">
          <h1 className="app-page-title">{screen.title}</h1>
          <p><Trans>Deze pagina is nog niet beschikbaar.</Trans></p>
        </section>
      );
  }
}

export function PageHost() {
  const snap = useSnapshot(router);
  const entry = currentEntry(snap);
  const screen = currentScreen(snap);
  if (!entry || !screen) return null;
  return (
    <main className="app-main">
      <Suspense fallback={<div className="app-spinner" aria-hidden="true" />}>
        {/* Keyed by history entry: every entry mounts its own page; the entry's id lets a page
            bring back its state when Back or Forward shows that entry again. */}
        <HistoryEntryContext.Provider key={entry.id} value={entry.id}>
          <Screen screen={screen as ScreenInfo} query={entry.query} />
        </HistoryEntryContext.Provider>
      </Suspense>
    </main>
  );
}
