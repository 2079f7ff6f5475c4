// Settings page: the table's single record in its generic form, with a Save button enabled once
// something changed.
import { useLingui } from '@lingui/react/macro';
import type { TableScreen } from '../api/index.ts';
import { saveOnKeys } from '../ui/dialogs/index.ts';
import { useLeaveGuard } from '../ui/navigation/index.ts';
import { useBeforeUnload } from '../state/index.ts';
import { EditorBody } from './EditorBody.tsx';
import { useSettingsEditor } from './useSettingsEditor.ts';
import './screens.css';

export function SettingsPage({ screen }: { screen: TableScreen }) {
  const { t } = useLingui();
  const editor = useSettingsEditor(screen.table);
  useBeforeUnload(editor.hasMutations);
  useLeaveGuard(editor.hasMutations, editor.save);
  return (
    <section
      className="app-page app-settings"
      onKeyDown={saveOnKeys(() => {
        if (editor.hasMutations && !editor.saving) void editor.save();
      })}
    >
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
