// The page area: the current route's screen, chosen by its kind. Screens load on demand. A user
// whose page address names a screen they may not open is told so.
import { Trans } from '@lingui/react/macro';
import { Suspense } from 'react';
import { useSnapshot } from 'valtio';
import type { ScreenInfo, TableScreen } from '../api/index.ts';
import {
  currentEntry,
  currentScreen,
  HistoryEntryContext,
  NoScreenRight,
  refusedRoute,
  router,
  type RouteParams,
} from '../ui/navigation/index.ts';
import { ChunkBoundary, lazyChunk } from './chunks.tsx';
import { HomePage } from './HomePage.tsx';

const MaintenancePage = lazyChunk(() => import('../screens/index.ts').then((m) => ({ default: m.MaintenancePage })));
const SettingsPage = lazyChunk(() => import('../screens/index.ts').then((m) => ({ default: m.SettingsPage })));
const DetailPage = lazyChunk(() => import('../screens/index.ts').then((m) => ({ default: m.DetailPage })));
const PlanningBoardPage = lazyChunk(() =>
  import('../screens/index.ts').then((m) => ({ default: m.PlanningBoardPage })),
);
const DashboardPage = lazyChunk(() => import('../screens/index.ts').then((m) => ({ default: m.DashboardPage })));
const CapacityPage = lazyChunk(() => import('../screens/index.ts').then((m) => ({ default: m.CapacityPage })));
const SummaryPage = lazyChunk(() => import('../screens/index.ts').then((m) => ({ default: m.SummaryPage })));
const LicencePage = lazyChunk(() => import('../screens/index.ts').then((m) => ({ default: m.LicencePage })));
const TranslationsPage = lazyChunk(() => import('../screens/index.ts').then((m) => ({ default: m.TranslationsPage })));
const ApiClientsPage = lazyChunk(() => import('../screens/index.ts').then((m) => ({ default: m.ApiClientsPage })));
const SessionUserLogsPage = lazyChunk(() =>
  import('../screens/index.ts').then((m) => ({ default: m.SessionUserLogsPage })),
);
const TranslationDashboardPage = lazyChunk(() =>
  import('../screens/index.ts').then((m) => ({ default: m.TranslationDashboardPage })),
);

const showsTable = (screen: ScreenInfo): screen is TableScreen => !!screen.table;

function Screen({ screen, query, params }: { screen: ScreenInfo; query: string; params: RouteParams }) {
  if (screen.kind === 'home') return <HomePage title={screen.title} />;
  if (screen.kind === 'translations') return <TranslationsPage screen={screen} params={params} />;
  if (screen.kind === 'translationdashboard') return <TranslationDashboardPage screen={screen} />;
  if (screen.kind === 'dashboard') return <DashboardPage screen={screen} />;
  if (screen.kind === 'planning') return <PlanningBoardPage screen={screen} />;
  if (screen.kind === 'capacity') return <CapacityPage screen={screen} />;
  if (screen.kind === 'sessionuserlogs') return <SessionUserLogsPage screen={screen} />;
  if (showsTable(screen)) {
    switch (screen.kind) {
      case 'detail':
        return <DetailPage screen={screen} query={query} params={params} />;
      // A system table with tabs (a document kind and its allowed groups) opens its rows as records.
      case 'systemtable':
        if (screen.tabs?.length) return <DetailPage screen={screen} query={query} params={params} />;
        return <MaintenancePage screen={screen} query={query} params={params} />;
      case 'maintenance':
        return <MaintenancePage screen={screen} query={query} params={params} />;
      case 'apiclients':
        return <ApiClientsPage screen={screen} query={query} params={params} />;
      case 'settings':
        return <SettingsPage screen={screen} />;
      case 'licence':
        return <LicencePage screen={screen} />;
      case 'summary':
        return <SummaryPage screen={screen} />;
    }
  }
  return (
    <section className="app-page">
      <h1 className="app-page-title">{screen.title}</h1>
      <p>
        <Trans>Deze pagina is nog niet beschikbaar.</Trans>
      </p>
    </section>
  );
}

/**
 * The page address is read once, for the first page the user gets after starting (or signing in):
 * when it named a screen they may not open, that page says so instead of the start route it fell
 * back to. Later pages, and a later sign-in, are the user's own navigation.
 */
let startRefusal: { entry: number; route: string | null } | null = null;

function refusedAtStart(entry: number, routes: readonly ScreenInfo[]): string | null {
  startRefusal ??= { entry, route: refusedRoute(routes, window.location.search) };
  return startRefusal.entry === entry ? startRefusal.route : null;
}

export function PageHost() {
  const snap = useSnapshot(router);
  const entry = currentEntry(snap);
  const screen = currentScreen(snap);
  if (!entry || !screen) return null;
  const refused = refusedAtStart(entry.id, snap.routes);
  if (refused)
    return (
      <main className="app-main">
        <NoScreenRight route={refused} />
      </main>
    );
  return (
    <main className="app-main">
      <ChunkBoundary key={entry.page}>
        <Suspense fallback={<div className="app-spinner" aria-hidden="true" />}>
          {/* Keyed by page: every navigation mounts its own page, while the entries a page pushes
              for its parameters (an open record) keep it mounted; the page's id lets it bring back
              its state when Back or Forward shows it again. */}
          <HistoryEntryContext.Provider key={entry.page} value={entry.page}>
            <Screen screen={screen} query={entry.query} params={entry.params} />
          </HistoryEntryContext.Provider>
        </Suspense>
      </ChunkBoundary>
    </main>
  );
}
