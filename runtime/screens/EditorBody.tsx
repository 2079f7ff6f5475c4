// The body of a record editor, shared by the maintenance modal, a detail screen's record and the
// settings page: the form once loaded (every field locked when the user may only look), a spinner
// while loading, the error when loading failed. Its pickers open the rows they refer to, and make
// new ones, in a dialog of their own.
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { GenericForm, formForTab, lockFields } from '../form/index.ts';
import { useReferenceDialogs } from './ReferenceDialog.tsx';
import type { RecordEditor } from './useRecordEditor.ts';

export interface EditorBodyProps {
  editor: RecordEditor;
  /** Fields shown read-only. */
  locked?: readonly string[];
  /** Every field read-only: the user may only look at the record. */
  readOnly?: boolean;
  /** Only the groups of this form tab (a detail screen's form tab); all groups when not given. */
  tab?: { formTab?: string };
}

export function EditorBody({ editor, locked, readOnly = false, tab }: EditorBodyProps) {
  const { t } = useLingui();
  const references = useReferenceDialogs();
  const lockedKey = (locked ?? []).join(',');
  const onTab = tab !== undefined;
  const formTab = tab?.formTab;
  const form = useMemo(() => {
    if (!editor.form) return null;
    const shown = onTab ? formForTab(editor.form, formTab) : editor.form;
    return lockFields(
      shown,
      readOnly ? shown.Properties.map((p) => p.FieldName) : lockedKey ? lockedKey.split(',') : [],
    );
  }, [editor.form, onTab, formTab, lockedKey, readOnly]);
  if (form && editor.record) {
    return (
      <>
        <GenericForm
          form={form}
          value={editor.record}
          onChange={editor.change}
          serverError={editor.serverError}
          table={editor.table}
          stored={editor.stored}
          references={references.open}
        />
        {references.dialog}
      </>
    );
  }
  if (editor.loading) return <div className="app-spinner" role="progressbar" aria-label={t`Bezig met laden...`} />;
  return editor.serverError ? <p className="app-error-text">{editor.serverError.Error}</p> : null;
}

/** Says why a record shows locked: the user may look at it, not change it. */
export function ReadOnlyNote() {
  const { t } = useLingui();
  return (
    <p
      className="app-read-only-note"
      role="note"
    >{t`U kunt dit item alleen bekijken: u heeft geen recht om het te wijzigen.`}</p>
  );
}
