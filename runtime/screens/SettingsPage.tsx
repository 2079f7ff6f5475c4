// Settings page: the table's single record in its generic form, with a Save button enabled once
// something changed.
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { api } from '../api/index.ts';
import type { TableScreen } from '../api/index.ts';
import { saveOnKeys } from '../ui/dialogs/index.ts';
import { useLeaveGuard } from '../ui/navigation/index.ts';
import { useBeforeUnload } from '../state/index.ts';
import { EditorBody } from './EditorBody.tsx';
import { useRecordEditor } from './useRecordEditor.ts';
import './screens.css';

/** The AutoID of the settings row (0 when the table is still empty: a new record). */
async function settingsRowId(table: string): Promise<number> {
  const answer = await api.flexData(table, { pageSize: 1 });
  return Number(answer.Data[0]?.AutoID ?? 0);
}

export function SettingsPage({ screen }: { screen: TableScreen }) {
  const { t } = useLingui();
  const editor = useRecordEditor(screen.table);
  const { load } = editor;
  useBeforeUnload(editor.hasMutations);
  useLeaveGuard(editor.hasMutations, editor.save);
  useEffect(() => {
    void load(() => settingsRowId(screen.table));
  }, [load, screen.table]);

  return (
    <section className="app-page app-settings" onKeyDown={saveOnKeys(() => { if (editor.hasMutations && !editor.saving) void editor.save(); })}>
      <header className="app-page-header">
        <h1 className="app-page-title">{screen.title}</h1>
        <div className="app-edit-menu" role="toolbar" aria-label={t`Bewerken`}>
          <button
            type="button"
            className="app-button app-button--primary"
            disabled={!editor.hasMutations || editor.saving || !editor.record}
            onClick={() => void editor.save()}
          >
            {t`Opslaan`}
          </button>
        </div>
      </header>
      <div className="app-settings-body" aria-busy={editor.loading || undefined}>
        <EditorBody editor={editor} />
      </div>
    </section>
  );
}
