// The rows of another table that belong to the open record (child rows, documents): their
// rights, and their grid, maintained as on a maintenance page (open read-only without the update
// right, Verwijderen and the Delete key, focus back after a change). Rights come from the child table's own screen when there is one, else
// the record's screen (the server checks its own either way).
import { useSnapshot } from 'valtio';
import type { ScreenInfo } from '../../api/index.ts';
import { HistoryEntryContext, router } from '../../ui/navigation/index.ts';
import { FlexGrid, type GridScope } from '../../grid/index.ts';
import { sameTable } from '../../live/index.ts';
import { useScreenRights } from '../../state/index.ts';
import type { useTableMaintenance } from '../useTableMaintenance.tsx';

export function useChildRights(parent: ScreenInfo, table: string) {
  const { routes } = useSnapshot(router);
  const own = routes.find((r) => r.table && sameTable(r.table, table) && r.kind !== 'detail');
  return useScreenRights(own ?? parent);
}

interface ChildRowsGridProps {
  table: string;
  title: string;
  scope: GridScope;
  maintenance: ReturnType<typeof useTableMaintenance>;
  /** Bumped when the record changed (an action may have moved its rows along). */
  version: number;
}

export function ChildRowsGrid({ table, title, scope, maintenance, version }: ChildRowsGridProps) {
  return (
    // Another record has other rows: nothing is kept for Back and Forward.
    <HistoryEntryContext.Provider value={null}>
      <div className="detail-child-grid" {...maintenance.area}>
        <FlexGrid
          control={table}
          label={title}
          scope={scope}
          refreshToken={maintenance.refreshToken + version}
          onRowClick={maintenance.openRow}
          contextMenu={maintenance.contextMenu}
          toolbar={maintenance.toolbar}
          lightWhenEmpty
        />
      </div>
    </HistoryEntryContext.Provider>
  );
}
