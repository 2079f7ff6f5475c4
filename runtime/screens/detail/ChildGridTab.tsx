// A grid tab: the child rows of this record (parentField = the record, sent as a dataFilter
// condition), with Add, edit and delete as on a maintenance page; a new child gets the parent
// filled in and read-only. Rights: the child table's own screen when there is one, else the
// parent screen's; a read-only tab shows rows made elsewhere and offers nothing to change them. The record hears of every change to its rows here (it may keep totals of them).
// When the child table has a detail screen of its own, its actions are offered here too: on the
// selected rows (toolbar and context menu) and in a row's dialog, with their confirms, prompts
// and batch results; afterwards the rows, the open row and the record are read again.
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { TableScreen } from '../../api/index.ts';
import { showAlert } from '../../ui/dialogs/index.ts';
import { router } from '../../ui/navigation/index.ts';
import type { GridRow } from '../../grid/index.ts';
import { sameTable } from '../../live/index.ts';
import {
  changesStatus,
  screenActions,
  stampOf,
  useActionRights,
  useActionRunner,
  type ActionOutcome,
  type ActionSpec,
} from '../actions/index.ts';
import { useTableMaintenance } from '../useTableMaintenance.tsx';
import type { RecordEditor } from '../useRecordEditor.ts';
import { ChildRecordActions } from './ChildRecordActions.tsx';
import { ChildRowsGrid, useChildRights } from './ChildRows.tsx';
import { useRowActions } from './useRowActions.tsx';

type Row = Record<string, unknown>;

export interface ChildGridTabProps {
  parent: TableScreen;
  tab: { name: string; title: string; table: string; parentField: string; readOnly?: boolean };
  parentId: number;
  /** Bumped when the parent changed (an action may have moved its children along). */
  version: number;
  /** A row was added, changed, deleted or acted on here. */
  onChanged?: () => void;
}

/** The child table's own detail screen (the screens answer), whose actions its rows take. */
function useDetailScreenOf(table: string): TableScreen | undefined {
  const { routes } = useSnapshot(router);
  return useMemo(
    () => routes.find((r): r is TableScreen => r.kind === 'detail' && Boolean(r.table) && sameTable(r.table!, table)),
    [routes, table],
  );
}

const NO_ACTIONS: readonly ActionSpec[] = [];

export function ChildGridTab({ parent, tab, parentId, version, onChanged }: ChildGridTabProps) {
  const { t } = useLingui();
  const childRights = useChildRights(parent, tab.table);
  const rights = useMemo(
    () => (tab.readOnly ? { ...childRights, create: false, update: false, delete: false } : childRights),
    [tab.readOnly, childRights],
  );
  const own = useDetailScreenOf(tab.table);
  const actions = useMemo(() => (own && !tab.readOnly ? screenActions(own) : NO_ACTIONS), [own, tab.readOnly]);
  const allowed = useActionRights(own ?? parent, actions);
  const offered = useMemo(() => actions.filter(allowed), [actions, allowed]);
  /** Bumped after an action: the open row's transitions are read again. */
  const [acted, setActed] = useState(0);

  const fixed = useMemo(() => ({ [tab.parentField]: parentId }), [tab.parentField, parentId]);
  // The runner needs the maintenance (to read rows again) and the maintenance the runner (the
  // dialog's actions start it): the dialog's tools reach the runner through a ref.
  const startRef = useRef<(action: ActionSpec, row: Row) => void>(() => {});
  const recordTools = useCallback(
    (editor: RecordEditor): ReactNode =>
      own && (
        <ChildRecordActions
          screen={own}
          editor={editor}
          version={version + acted}
          allowed={allowed}
          onStart={(action, row) => startRef.current(action, row)}
        />
      ),
    [own, version, acted, allowed],
  );
  const maintenance = useTableMaintenance(tab.table, rights, fixed, { recordTools });
  const scope = useMemo(
    () => ({ dataFilter: [{ FieldName: tab.parentField, Value: parentId }] }),
    [tab.parentField, parentId],
  );

  const maintenanceRef = useRef(maintenance);
  maintenanceRef.current = maintenance;
  const afterAction = useCallback(
    async (action: ActionSpec, rows: Row[], outcome: ActionOutcome) => {
      const { refresh, opened, editor, close } = maintenanceRef.current;
      // The rows reload, and the record hears of it (its totals may have moved).
      refresh();
      setActed((n) => n + 1);
      if (!opened || !rows.some((r) => Number(r.AutoID) === opened)) return;
      const read = await editor.reload();
      if (read === 'gone') {
        close();
        showAlert(
          changesStatus(action)
            ? t`U heeft geen rechten om deze status te zien; u bent teruggekeerd naar het overzicht.`
            : t`Het item is in de nieuwe status niet meer voor u zichtbaar.`,
          { type: 'info' },
        );
      } else if (outcome.conflict) {
        showAlert(outcome.conflict, { type: 'info' });
      }
    },
    [t],
  );
  const runner = useActionRunner(tab.table, (action, rows, outcome) => void afterAction(action, rows, outcome));
  startRef.current = (action, row) => void runner.start(action, [row], { stamp: stampOf(row) });
  const rowActions = useRowActions(offered, runner.start);

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

  const contextMenu = useMemo(
    () =>
      rowActions.contextMenu || maintenance.contextMenu
        ? [...(rowActions.contextMenu ?? []), ...(maintenance.contextMenu ?? [])]
        : undefined,
    [rowActions.contextMenu, maintenance.contextMenu],
  );
  const { toolbar: actionsToolbar } = rowActions;
  const { toolbar: maintenanceToolbar } = maintenance;
  const toolbar = useMemo(
    () =>
      actionsToolbar || maintenanceToolbar
        ? (selected: GridRow[]) => (
            <>
              {maintenanceToolbar?.(selected)}
              {actionsToolbar?.(selected)}
            </>
          )
        : undefined,
    [actionsToolbar, maintenanceToolbar],
  );

  return (
    <div className="detail-child">
      <div className="app-edit-menu detail-child-menu" role="toolbar" aria-label={t`Bewerken`}>
        {rights.create && (
          <button type="button" className="app-button" onClick={maintenance.add}>{t`Toevoegen`}</button>
        )}
      </div>
      <ChildRowsGrid
        table={tab.table}
        title={tab.title}
        scope={scope}
        maintenance={{ ...maintenance, contextMenu, toolbar }}
        version={version}
      />
      {maintenance.dialogs}
      {runner.dialogs}
    </div>
  );
}
