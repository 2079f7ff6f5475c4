// A grid tab: the child rows of this record (parentField = the record, sent as a dataFilter
// condition), with Add, edit and delete as on a maintenance page; a new child gets the parent
// filled in and read-only. Rights: the child table's own screen when there is one, else the
// parent screen's. The record hears of every change to its rows here (it may keep totals of them).
import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef } from 'react';
import type { TableScreen } from '../../api/index.ts';
import { useTableMaintenance } from '../useTableMaintenance.tsx';
import { ChildRowsGrid, useChildRights } from './ChildRows.tsx';

export interface ChildGridTabProps {
  parent: TableScreen;
  tab: { name: string; title: string; table: string; parentField: string };
  parentId: number;
  /** Bumped when the parent changed (an action may have moved its children along). */
  version: number;
  /** A row was added, changed or deleted here. */
  onChanged?: () => void;
}

export function ChildGridTab({ parent, tab, parentId, version, onChanged }: ChildGridTabProps) {
  const { t } = useLingui();
  const rights = useChildRights(parent, tab.table);
  const fixed = useMemo(() => ({ [tab.parentField]: parentId }), [tab.parentField, parentId]);
  const maintenance = useTableMaintenance(tab.table, rights, fixed);
  const scope = useMemo(() => ({ dataFilter: [{ FieldName: tab.parentField, Value: parentId }] }), [tab.parentField, parentId]);
  // The maintenance reloads its grid after each write of its own: that is when the parent hears.
  const changedRef = useRef(onChanged);
  changedRef.current = onChanged;
  const written = maintenance.refreshToken;
  const seen = useRef(written);
  useEffect(() => {
    if (written === seen.current) return;
    seen.current = written;
    changedRef.current?.();
  }, [written]);
  return (
    <div className="detail-child">
      <div className="app-edit-menu detail-child-menu" role="toolbar" aria-label={t`Bewerken`}>
        {rights.create && <button type="button" className="app-button" onClick={maintenance.add}>{t`Toevoegen`}</button>}
      </div>
      <ChildRowsGrid table={tab.table} title={tab.title} scope={scope} maintenance={maintenance} version={version} />
      {maintenance.dialogs}
    </div>
  );
}
