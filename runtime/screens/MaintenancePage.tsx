// Generic maintenance and system-table page: title, edit menu (Add), the grid, the add/edit
// modal, and delete of the selection through the batch-result dialog.
import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useState } from 'react';
import { api } from '../api/index.ts';
import type { ScreenInfo } from '../api/index.ts';
import { BatchResultDialog, confirm } from '../app/dialogs/index.ts';
import { FlexGrid } from '../grid/index.ts';
import { useScreenRights } from '../state/index.ts';
import { MaintenanceModal } from './MaintenanceModal.tsx';
import { describeRow } from './rows.ts';
import { useRecordEditor } from './useRecordEditor.ts';
import './screens.css';

type Row = Record<string, unknown>;

export interface MaintenancePageProps {
  screen: ScreenInfo;
  /** The page's URL query at start, for the grid's filters. */
  query?: string;
}

export function MaintenancePage({ screen, query }: MaintenancePageProps) {
  const { t } = useLingui();
  const editor = useRecordEditor(screen.table);
  const [editing, setEditing] = useState<{ autoid: number } | null>(null);
  const [refreshToken, setRefreshToken] = useState(0);
  const [deleting, setDeleting] = useState<Row[] | null>(null);
  const refresh = useCallback(() => setRefreshToken((n) => n + 1), []);
  // Add needs create, a row click update, Delete delete (spec 6); all false until the rights are known.
  const rights = useScreenRights(screen);

  const open = (autoid: number) => {
    setEditing({ autoid });
    void editor.load(autoid);
  };
  const close = () => {
    setEditing(null);
    editor.reset();
  };

  // A stable handler: a new one on every render would redraw every visible grid row.
  const openRow = useCallback((row: Row) => {
    setEditing({ autoid: Number(row.AutoID) || 0 });
    void editor.load(Number(row.AutoID) || 0);
  }, [editor]);

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

  const remove = useCallback((row: Row) => api.remove(screen.table, Number(row.AutoID)), [screen.table]);
  const batchDone = useCallback(() => {
    setDeleting(null);
    refresh();
  }, [refresh]);

  return (
    <section className="app-page">
      <header className="app-page-header">
        <h1 className="app-page-title">{screen.title}</h1>
        <div className="app-edit-menu" role="toolbar" aria-label={t`Bewerken`}>
          {rights.create && (
            <button type="button" className="app-button" onClick={() => open(0)}>{t`Toevoegen`}</button>
          )}
        </div>
      </header>
      <div className="app-page-grid">
        <FlexGrid
          control={screen.fetchDestination ?? screen.table}
          dataSourceSwitch={screen.dataSourceSwitch}
          query={query}
          refreshToken={refreshToken}
          onRowClick={rights.update ? openRow : undefined}
          contextMenu={contextMenu}
        />
      </div>
      {editing && (
        <MaintenanceModal
          editor={editor}
          isNew={editing.autoid === 0}
          onClosed={close}
          onSaved={() => {
            refresh();
            close();
          }}
        />
      )}
      {deleting && (
        <BatchResultDialog
          title={t`Verwijderen`}
          items={deleting}
          describe={describeRow}
          run={remove}
          onComplete={batchDone}
          onClose={batchDone}
        />
      )}
    </section>
  );
}
