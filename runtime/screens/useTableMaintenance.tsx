// A table's maintenance behind a grid, shared by the maintenance page and a detail screen's child
// grids: Add and row click open the record in the add/edit modal, delete of the selection asks
// with the count and runs through the batch-result dialog, and the grid reloads after a change.
// `fixed` values are set on a new record and shown read-only (a child's parent key). A table with
// a row viewer of its own (an import task) opens its rows there, read-only, without the update right.
import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { api } from '../api/index.ts';
import { BatchResultDialog, confirm } from '../app/dialogs/index.ts';
import type { ContextMenuItem } from '../grid/index.ts';
import type { ScreenRights } from '../state/index.ts';
import { rowViewerOf } from './import/index.ts';
import { MaintenanceModal } from './MaintenanceModal.tsx';
import { describeRow } from './rows.ts';
import { useRecordEditor } from './useRecordEditor.ts';

type Row = Record<string, unknown>;

export interface TableMaintenance {
  refreshToken: number;
  refresh: () => void;
  /** Open a blank record (with the fixed values). */
  add: () => void;
  /** Open a row; undefined without the update right (and no row viewer), so the grid offers no click. */
  openRow: ((row: Row) => void) | undefined;
  /** Delete of the selection; undefined without the delete right. */
  contextMenu: ContextMenuItem[] | undefined;
  /** The modal and the batch dialog; render them once. */
  dialogs: ReactNode;
}

export function useTableMaintenance(table: string, rights: ScreenRights, fixed?: Row): TableMaintenance {
  const { t } = useLingui();
  const editor = useRecordEditor(table);
  const [editing, setEditing] = useState<{ autoid: number } | null>(null);
  const [refreshToken, setRefreshToken] = useState(0);
  const [deleting, setDeleting] = useState<Row[] | null>(null);
  const Viewer = rowViewerOf(table);
  const [viewing, setViewing] = useState<Row | null>(null);
  const refresh = useCallback(() => setRefreshToken((n) => n + 1), []);
  const fixedKey = JSON.stringify(fixed ?? {});

  const open = useCallback((autoid: number) => {
    setEditing({ autoid });
    void editor.load(autoid, { defaults: JSON.parse(fixedKey) as Row });
  }, [editor, fixedKey]);
  const close = () => {
    setEditing(null);
    editor.reset();
  };
  // A stable handler: a new one on every render would redraw every visible grid row.
  const openRow = useCallback((row: Row) => open(Number(row.AutoID) || 0), [open]);

  const contextMenu = useMemo(() => {
    if (!rights.delete) return undefined;
    return [{
      id: 'delete',
      label: t`Verwijderen`,
      onSelect: async (rows: Row[]) => {
        if (rows.length === 0) return;
        const count = rows.length;
        const answer = await confirm(t`Weet u zeker dat u ${count} item(s) wilt verwijderen?`, t`Verwijderen`);
        if (answer === 'yes') setDeleting(rows);
      },
    }];
  }, [rights.delete, t]);

  const remove = useCallback((row: Row) => api.remove(table, Number(row.AutoID)), [table]);
  const batchDone = useCallback(() => {
    setDeleting(null);
    refresh();
  }, [refresh]);

  const dialogs = (
    <>
      {editing && (
        <MaintenanceModal
          editor={editor}
          isNew={editing.autoid === 0}
          locked={Object.keys(JSON.parse(fixedKey) as Row)}
          onClosed={close}
          onSaved={() => {
            refresh();
            close();
          }}
        />
      )}
      {Viewer && viewing && <Viewer row={viewing} onClose={() => setViewing(null)} onChanged={refresh} />}
      {deleting && (
        <BatchResultDialog title={t`Verwijderen`} items={deleting} describe={describeRow} run={remove} onComplete={batchDone} onClose={batchDone} />
      )}
    </>
  );

  const rowClick = Viewer ? setViewing : rights.update ? openRow : undefined;
  return { refreshToken, refresh, add: () => open(0), openRow: rowClick, contextMenu, dialogs };
}
