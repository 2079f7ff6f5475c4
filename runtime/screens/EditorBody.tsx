// The body of a record editor, shared by the maintenance modal and the settings page: the form
// once loaded, a spinner while loading, the error when loading failed.
import { useLingui } from '@lingui/react/macro';
import { GenericForm } from '../form/index.ts';
import type { RecordEditor } from './useRecordEditor.ts';

export function EditorBody({ editor }: { editor: RecordEditor }) {
  const { t } = useLingui();
  if (editor.form && editor.record) {
    return <GenericForm form={editor.form} value={editor.record} onChange={editor.change} serverError={editor.serverError} />;
  }
  if (editor.loading) return <div className="app-spinner" role="progressbar" aria-label={t`Bezig met laden...`} />;
  return editor.serverError ? <p className="app-error-text">{editor.serverError.Error}</p> : null;
}
