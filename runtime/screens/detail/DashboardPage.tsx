// A screen of kind `dashboard`: each of its dashboard tabs over every row of its table the user
// may see (the contracts dashboard: all contracts by status, by month of their next invoice and
// ending soon), drawn as the record's dashboard tab draws its child rows.
import type { ScreenInfo } from '../../api/index.ts';
import { DashboardTab } from './DashboardTab.tsx';
import '../screens.css';

export function DashboardPage({ screen }: { screen: ScreenInfo }) {
  const tabs = (screen.tabs ?? []).flatMap((tab) => (tab.kind === 'dashboard' ? [tab] : []));
  return (
    <section className="app-page">
      <header className="app-page-header">
        <h1 className="app-page-title">{screen.title}</h1>
      </header>
      {tabs.map((tab) => (
        <section key={tab.name} aria-label={tab.title}>
          {tabs.length > 1 && <h2>{tab.title}</h2>}
          <DashboardTab table={tab.table} tab={tab.name} version={0} withinTitle={tab.within?.title} />
        </section>
      ))}
    </section>
  );
}
