// The body of a record editor, shared by the maintenance modal and the settings page: the form
// once loaded, a spinner while loading, the error when loading failed.
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { GenericForm, formForTab, lockFields } from '../form/index.ts';
import type { RecordEditor } from './useRecordEditor.ts';

export interface EditorBodyProps {
  editor: RecordEditor;
  /** Fields shown read-only. */
  locked?: readonly string[];
  /** Only the groups of this form tab (a detail screen's form tab); all groups when not given. */
  tab?: { formTab?: string };
}

export function EditorBody({ editor, locked, tab }: EditorBodyProps) {
  const { t } = useLingui();
  const lockedKey = (locked ?? []).join(',');
  const onTab = tab !== undefined;
  const formTab = tab?.formTab;
  const form = useMemo(() => {
    if (!editor.form) return null;
    const shown = onTab ? formForTab(editor.form, formTab) : editor.form;
    return lockFields(shown, lockedKey ? lockedKey.split(',') : []);
  }, [editor.form, onTab, formTab, lockedKey]);
  if (form && editor.record) {
    return (
      <GenericForm form={form} value={editor.record} onChange={editor.change} serverError={editor.serverError} table={editor.table} stored={editor.stored} />
    );
  }
  if (editor.loading) return <div className="app-spinner" role="progressbar" aria-label={t`Bezig met laden...`} />;
  return editor.serverError ? <p className="app-error-text">{editor.serverError.Error}</p> : null;
}
