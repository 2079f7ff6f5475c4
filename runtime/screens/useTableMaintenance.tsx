// A table's maintenance behind a grid, shared by the maintenance page and a detail screen's child
// grids: Add and row click (or Enter) open the record in the add/edit modal, read-only without the
// update right; delete of the selection (the context menu, the grid toolbar's Verwijderen, the
// Delete key on a row) asks naming the record or counting the rows and runs through the
// batch-result dialog; the grid reloads after a change, a toast says it worked and focus goes back
// to the grid's rows. `fixed` values are set on a new record and shown read-only (a child's parent
// key). A table with a row viewer of its own (an import task) opens its rows there. The owner may
// put tools of its own in the dialog of a saved record (the actions its rows take).
import { useLingui } from '@lingui/react/macro';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { api } from '../api/index.ts';
import { BatchResultDialog, confirm, toast } from '../ui/dialogs/index.ts';
import { rowId, type ContextMenuItem, type GridRow } from '../grid/index.ts';
import type { ScreenRights } from '../state/index.ts';
import {
  enterOpensOnly,
  focusWhenReloaded,
  GRID_CHANGE_BUTTON,
  rowIdOf,
  rowIndexOf,
  type FocusTarget,
} from './gridFocus.ts';
import { rowViewerOf } from './import/index.ts';
import { MaintenanceModal } from './MaintenanceModal.tsx';
import { ViewRowButton } from './ViewRowButton.tsx';
import { deletedNotice, deleteQuestion, describeRow } from './rows.ts';
import { useRecordEditor, type RecordEditor } from './useRecordEditor.ts';

type Row = Record<string, unknown>;

/** Spread on the element around the grid. */
export interface GridArea {
  ref: RefObject<HTMLDivElement | null>;
  /** The Delete key on a row deletes it (or the selection it belongs to); Enter on a row only opens it. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** Keeps the row last focused, which the toolbar's Verwijderen takes when nothing is selected. */
  onFocus: (event: FocusEvent<HTMLElement>) => void;
}

export interface TableMaintenance {
  refreshToken: number;
  refresh: () => void;
  /** Open a blank record (with the fixed values). */
  add: () => void;
  /** Open a row: to edit with the update right, else to view; a table's own row viewer when it has one. */
  /** A row click: undefined without the update right (the row is then looked at through Bekijken). */
  openRow: ((row: Row) => void) | undefined;
  /** Delete of the selection; undefined without the delete right. */
  contextMenu: ContextMenuItem[] | undefined;
  /** The grid toolbar's Verwijderen; undefined without the delete right. */
  toolbar: ((selected: GridRow[]) => ReactNode) | undefined;
  area: GridArea;
  /** The modal and the batch dialog; render them once. */
  dialogs: ReactNode;
  /** The record the modal shows (0: a new one), or null. */
  opened: number | null;
  /** The modal's record. */
  editor: RecordEditor;
  /** Closes the modal without asking (its record is gone). */
  close: () => void;
}

export interface MaintenanceOptions {
  /** Shown in the dialog of a saved record, above its form. */
  recordTools?: (editor: RecordEditor) => ReactNode;
  /** A new record was saved (the API clients page gives it its secret then). */
  onCreated?: (autoid: number) => void;
}

export function useTableMaintenance(
  table: string,
  rights: ScreenRights,
  fixed?: Row,
  options: MaintenanceOptions = {},
): TableMaintenance {
  const { t } = useLingui();
  const editor = useRecordEditor(table);
  const [editing, setEditing] = useState<{ autoid: number } | null>(null);
  const [refreshToken, setRefreshToken] = useState(0);
  const [deleting, setDeleting] = useState<Row[] | null>(null);
  const Viewer = rowViewerOf(table);
  const [viewing, setViewing] = useState<Row | null>(null);
  const refresh = useCallback(() => setRefreshToken((n) => n + 1), []);
  const fixedKey = JSON.stringify(fixed ?? {});

  const area = useRef<HTMLDivElement>(null);
  /** The grid's selection as it last drew its toolbar. */
  const selection = useRef<readonly GridRow[]>([]);
  /** The row that last had focus, while focus stays on the rows or the toolbar's Verwijderen. */
  const [focused, setFocused] = useState<number | null>(null);
  /** Where the opened row was, so focus finds its place again after a save. */
  const openedAt = useRef<number | undefined>(undefined);
  /** Where the first deleted row was, so focus goes to the row that took its place. */
  const deleteFrom = useRef<FocusTarget>({});
  const stopFocusing = useRef<(() => void) | null>(null);
  const focusAfterReload = useCallback((target: FocusTarget) => {
    stopFocusing.current?.();
    stopFocusing.current = area.current ? focusWhenReloaded(area.current, target) : null;
  }, []);
  useEffect(() => () => stopFocusing.current?.(), []);

  const open = useCallback(
    (autoid: number) => {
      setEditing({ autoid });
      void editor.load(autoid, { defaults: JSON.parse(fixedKey) as Row });
    },
    [editor, fixedKey],
  );
  const close = useCallback(() => {
    setEditing(null);
    editor.reset();
  }, [editor.reset]);
  // A stable handler: a new one on every render would redraw every visible grid row.
  const openRow = useCallback(
    (row: Row) => {
      const autoid = Number(row.AutoID) || 0;
      openedAt.current = area.current ? rowIndexOf(area.current, autoid) : undefined;
      open(autoid);
    },
    [open],
  );
  const add = useCallback(() => {
    openedAt.current = undefined;
    open(0);
  }, [open]);

  const askDelete = useCallback(
    async (rows: Row[]) => {
      if (rows.length === 0) return;
      const positions = rows
        .map((r) => (area.current ? rowIndexOf(area.current, rowId(r)) : undefined))
        .filter((i): i is number => i !== undefined);
      if ((await confirm(deleteQuestion(rows), t`Verwijderen`)) !== 'yes') return;
      deleteFrom.current = { rowIndex: positions.length ? Math.min(...positions) : undefined };
      setDeleting(rows);
    },
    [t],
  );

  /** The rows a delete from this row acts on: the selection when the row is in it, else the row itself. */
  const rowsFrom = useCallback(
    async (autoid: number | null): Promise<Row[]> => {
      const selected = selection.current;
      if (autoid === null || selected.some((r) => rowId(r) === autoid)) return [...selected];
      // The grid's rows are its own: the record is read for its name (a failure still names it by number).
      return [await api.getItem(table, autoid).catch(() => ({ AutoID: autoid }))];
    },
    [table],
  );

  const contextMenu = useMemo(() => {
    if (!rights.delete) return undefined;
    return [{ id: 'delete', label: t`Verwijderen`, onSelect: (rows: Row[]) => void askDelete(rows) }];
  }, [rights.delete, t, askDelete]);

  // Spec 1 §6: a row click needs the update right. Without it a row is looked at through Bekijken
  // (the row selected, else the one focused), which opens it read-only.
  const viewOnly = !Viewer && rights.ready && !rights.update;
  const toolbar = useMemo(() => {
    if (!rights.delete && !viewOnly) return undefined;
    return (selected: GridRow[]) => {
      selection.current = selected;
      return (
        <>
          {viewOnly && <ViewRowButton selected={selected} focused={focused} onView={(AutoID) => openRow({ AutoID })} />}
          {rights.delete && (
            <button
              type="button"
              className="grid-button"
              {...{ [GRID_CHANGE_BUTTON]: '' }}
              disabled={selected.length === 0 && focused === null}
              onClick={() => void rowsFrom(selected.length ? null : focused).then(askDelete)}
            >
              {t`Verwijderen`}
            </button>
          )}
        </>
      );
    };
  }, [rights.delete, viewOnly, focused, rowsFrom, askDelete, openRow, t]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      enterOpensOnly(event);
      if (event.key !== 'Delete' || !rights.delete) return;
      const autoid = rowIdOf(event.target);
      if (autoid === null) return;
      event.preventDefault();
      void rowsFrom(autoid).then(askDelete);
    },
    [rights.delete, rowsFrom, askDelete],
  );
  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const autoid = rowIdOf(event.target);
    if (autoid !== null) setFocused(autoid);
    else if (!(event.target instanceof Element && event.target.hasAttribute(GRID_CHANGE_BUTTON))) setFocused(null);
  }, []);

  const remove = useCallback((row: Row) => api.remove(table, Number(row.AutoID)), [table]);
  const count = deleting?.length ?? 0;
  const deleted = useCallback(() => {
    setDeleting(null);
    setFocused(null);
    refresh();
    toast('success', deletedNotice(count));
    focusAfterReload(deleteFrom.current);
  }, [refresh, count, focusAfterReload]);
  const closedWithFailures = useCallback(() => {
    setDeleting(null);
    setFocused(null);
    refresh();
    focusAfterReload(deleteFrom.current);
  }, [refresh, focusAfterReload]);

  const dialogs = (
    <>
      {editing && (
        <MaintenanceModal
          editor={editor}
          isNew={editing.autoid === 0}
          // Without the update right a record opens to be looked at (the server would refuse a save).
          readOnly={editing.autoid !== 0 && rights.ready && !rights.update}
          locked={Object.keys(JSON.parse(fixedKey) as Row)}
          tools={editing.autoid !== 0 && options.recordTools ? options.recordTools(editor) : undefined}
          onClosed={close}
          onSaved={() => {
            const autoid = Number(editor.current()?.AutoID ?? 0) || undefined;
            if (editing.autoid === 0 && autoid) options.onCreated?.(autoid);
            refresh();
            close();
            focusAfterReload({ autoid, rowIndex: openedAt.current });
          }}
        />
      )}
      {Viewer && viewing && <Viewer row={viewing} onClose={() => setViewing(null)} onChanged={refresh} />}
      {deleting && (
        <BatchResultDialog
          title={t`Verwijderen`}
          items={deleting}
          describe={describeRow}
          run={remove}
          onComplete={deleted}
          onClose={closedWithFailures}
        />
      )}
    </>
  );

  return {
    refreshToken,
    refresh,
    add,
    openRow: Viewer ? setViewing : rights.update ? openRow : undefined,
    contextMenu,
    toolbar,
    area: { ref: area, onKeyDown, onFocus },
    dialogs,
    opened: editing?.autoid ?? null,
    editor,
    close,
  };
}
