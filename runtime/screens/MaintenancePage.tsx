// Generic maintenance and system-table page: title, edit menu (Add, Import when the table is an
// import destination), the grid with Verwijderen in its toolbar, the add/edit/view modal, and
// delete of the selection through the batch-result dialog. A screen whose read right the server
// now refuses says so instead of showing an empty grid.
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { TableScreen } from '../api/index.ts';
import { leaveTo, NoScreenRight, router, type RouteParams } from '../ui/navigation/index.ts';
import { CustomizeFieldsButton, TableFieldsPanel } from './CustomizeFields.tsx';
import { FlexGrid } from '../grid/index.ts';
import { useScreenRights } from '../state/index.ts';
import { ImportButton } from './import/index.ts';
import { useReadRefused } from './useReadRefused.ts';
import { useTableMaintenance, type MaintenanceOptions } from './useTableMaintenance.tsx';
import './screens.css';

export interface MaintenancePageProps {
  screen: TableScreen;
  /** The page's URL query at start, for the grid's filters. */
  query?: string;
  /** Route parameters: the field dictionary opened on one table names it here. */
  params?: RouteParams;
  /** What a page built on this one adds (the API clients page: a new client's secret). */
  options?: MaintenanceOptions;
}

export function MaintenancePage({ screen, query, params = {}, options }: MaintenancePageProps) {
  const { t } = useLingui();
  // Add needs create, saving a row update (without it a row opens read-only), Delete delete
  // (spec 6); all false until the rights are known.
  const rights = useScreenRights(screen);
  const refused = useReadRefused(screen);
  // The field dictionary opened from a table's screen shows that table's rows, and a new row is
  // about that table.
  const tableField = screen.fieldDictionary?.tableField;
  const forTable = tableField ? params[tableField] : undefined;
  const fixed = useMemo(
    () => (tableField && forTable ? { [tableField]: forTable } : undefined),
    [tableField, forTable],
  );
  const scope = useMemo(
    () =>
      fixed ? { dataFilter: Object.entries(fixed).map(([FieldName, Value]) => ({ FieldName, Value })) } : undefined,
    [fixed],
  );
  const tableTitle =
    useSnapshot(router).routes.find((r) => r.table === forTable && r.kind !== 'detail')?.title ?? forTable;
  const maintenance = useTableMaintenance(screen.table, rights, fixed, options);
  if (refused) return <NoScreenRight title={screen.title} />;

  return (
    <section className="app-page">
      <header className="app-page-header">
        <h1 className="app-page-title">{screen.title}</h1>
        {forTable && (
          <p className="app-page-scope">
            {t`Velden van ${tableTitle}`}{' '}
            <button
              type="button"
              className="app-link-button"
              onClick={() => void leaveTo(screen.name)}
            >{t`Alle tabellen`}</button>
          </p>
        )}
        <div className="app-edit-menu" role="toolbar" aria-label={t`Bewerken`}>
          {rights.create && screen.addable !== false && (
            <button type="button" className="app-button" onClick={maintenance.add}>{t`Toevoegen`}</button>
          )}
          <ImportButton table={screen.table} onImported={maintenance.refresh} />
          <CustomizeFieldsButton table={screen.table} />
        </div>
      </header>
      {forTable && <TableFieldsPanel table={forTable} version={maintenance.refreshToken} />}
      <div className="app-page-grid" {...maintenance.area}>
        <FlexGrid
          control={screen.fetchDestination ?? screen.table}
          dataSourceSwitch={screen.dataSourceSwitch}
          query={query}
          scope={scope}
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
