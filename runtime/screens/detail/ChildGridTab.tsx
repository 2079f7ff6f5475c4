// A grid tab: the child rows of this record (parentField = the record, sent as a dataFilter
// condition), with Add, edit and delete as on a maintenance page; a new child gets the parent
// filled in and read-only. Rights: the child table's own screen when there is one, else the
// parent screen's.
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { ScreenInfo } from '../../api/index.ts';
import { HistoryEntryContext } from '../../app/historyEntry.ts';
import { router } from '../../app/router.ts';
import { FlexGrid } from '../../grid/index.ts';
import { useScreenRights } from '../../state/index.ts';
import { useTableMaintenance } from '../useTableMaintenance.tsx';

export interface ChildGridTabProps {
  parent: ScreenInfo;
  tab: { name: string; title: string; table: string; parentField: string };
  parentId: number;
  /** Bumped when the parent changed (an action may have moved its children along). */
  version: number;
}

export function ChildGridTab({ parent, tab, parentId, version }: ChildGridTabProps) {
  const { t } = useLingui();
  const { routes } = useSnapshot(router);
  const own = routes.find((r) => r.table.toLowerCase() === tab.table.toLowerCase() && r.kind !== 'detail');
  const rights = useScreenRights(own ?? parent);
  const fixed = useMemo(() => ({ [tab.parentField]: parentId }), [tab.parentField, parentId]);
  const maintenance = useTableMaintenance(tab.table, rights, fixed);
  const scope = useMemo(() => ({ dataFilter: [{ FieldName: tab.parentField, Value: parentId }] }), [tab.parentField, parentId]);
  return (
    <div className="detail-child">
      <div className="app-edit-menu detail-child-menu" role="toolbar" aria-label={t`Bewerken`}>
        {rights.create && <button type="button" className="app-button" onClick={maintenance.add}>{t`Toevoegen`}</button>}
      </div>
      {/* Child rows are not kept for Back and Forward: another record has other children. */}
      <HistoryEntryContext.Provider value={null}>
        <FlexGrid
          control={tab.table}
          label={tab.title}
          scope={scope}
          refreshToken={maintenance.refreshToken + version}
          onRowClick={maintenance.openRow}
          contextMenu={maintenance.contextMenu}
        />
      </HistoryEntryContext.Provider>
      {maintenance.dialogs}
    </div>
  );
}
