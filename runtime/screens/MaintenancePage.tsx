// Generic maintenance and system-table page: title, edit menu (Add, Import when the table is an
// import destination), the grid with Verwijderen in its toolbar, the add/edit/view modal, and
// delete of the selection through the batch-result dialog. A screen whose read right the server
// now refuses says so instead of showing an empty grid.
import { useLingui } from '@lingui/react/macro';
import type { TableScreen } from '../api/index.ts';
import { NoScreenRight } from '../app/NoRights.tsx';
import { FlexGrid } from '../grid/index.ts';
import { useScreenRights } from '../state/index.ts';
import { ImportButton } from './import/index.ts';
import { useReadRefused } from './useReadRefused.ts';
import { useTableMaintenance } from './useTableMaintenance.tsx';
import './screens.css';

export interface MaintenancePageProps {
  screen: TableScreen;
  /** The page's URL query at start, for the grid's filters. */
  query?: string;
}

export function MaintenancePage({ screen, query }: MaintenancePageProps) {
  const { t } = useLingui();
  // Add needs create, saving a row update (without it a row opens read-only), Delete delete
  // (spec 6); all false until the rights are known.
  const rights = useScreenRights(screen);
  const refused = useReadRefused(screen);
  const maintenance = useTableMaintenance(screen.table, rights);
  if (refused) return <NoScreenRight title={screen.title} />;

  return (
    <section className="app-page">
      <header className="app-page-header">
        <h1 className="app-page-title">{screen.title}</h1>
        <div className="app-edit-menu" role="toolbar" aria-label={t`Bewerken`}>
          {rights.create && screen.addable !== false && (
            <button type="button" className="app-button" onClick={maintenance.add}>{t`Toevoegen`}</button>
          )}
          <ImportButton table={screen.table} onImported={maintenance.refresh} />
        </div>
      </header>
      <div className="app-page-grid" {...maintenance.area}>
        <FlexGrid
          control={screen.fetchDestination ?? screen.table}
          dataSourceSwitch={screen.dataSourceSwitch}
          query={query}
          refreshToken={maintenance.refreshToken}
          onRowClick={maintenance.openRow}
          contextMenu={maintenance.contextMenu}
          toolbar={maintenance.toolbar}
        />
      </div>
      {maintenance.dialogs}
    </section>
  );
}
