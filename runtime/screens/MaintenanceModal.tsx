// The add/edit modal of a maintenance page: the record's generic form and a Save button that
// shows once something changed. Closing with changes asks save / discard / cancel. Read-only (a
// user without the update right) it shows every field locked, no Save, and says why. The owner's
// tools (a row's actions) go above the form.
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { askUnsaved, Modal } from '../ui/dialogs/index.ts';
import { useBeforeUnload } from '../state/index.ts';
import { EditorBody, ReadOnlyNote } from './EditorBody.tsx';
import { RecordChangedNotice } from './RecordChangedNotice.tsx';
import type { RecordEditor } from './useRecordEditor.ts';

export interface MaintenanceModalProps {
  editor: RecordEditor;
  isNew: boolean;
  /** Fields shown read-only (a child's parent key, fixed by the screen). */
  locked?: readonly string[];
  /** The user may only look at the record. */
  readOnly?: boolean;
  /** The owner's tools for this record (its actions), above the form. */
  tools?: ReactNode;
  /** The dialog's title; by default what it does (Toevoegen, Bewerken, Bekijken). */
  title?: string;
  onClosed: () => void;
  onSaved: () => void;
}

export function MaintenanceModal({
  editor,
  isNew,
  locked,
  readOnly = false,
  tools,
  title,
  onClosed,
  onSaved,
}: MaintenanceModalProps) {
  const { t } = useLingui();
  useBeforeUnload(editor.hasMutations && !readOnly);

  const save = async () => {
    const ok = await editor.save();
    if (ok) onSaved();
    return ok;
  };

  /** Answers whether the modal closed (false keeps it open, e.g. on cancel). */
  const requestClose = async (): Promise<boolean> => {
    if (editor.hasMutations && !readOnly) {
      const choice = await askUnsaved();
      if (choice === 'cancel') return false;
      if (choice === 'save') return save();
    }
    onClosed();
    return true;
  };

  return (
    <Modal
      title={title ?? (isNew ? t`Toevoegen` : readOnly ? t`Bekijken` : t`Bewerken`)}
      history
      onClose={requestClose}
      onSave={() => {
        if (editor.hasMutations && !readOnly && !editor.saving) void save();
      }}
      className="app-maintenance-modal"
      busy={editor.loading || editor.saving}
      footer={
        <>
          {editor.hasMutations && !readOnly && (
            <button
              type="button"
              className="app-button app-button--primary"
              disabled={editor.saving}
              onClick={() => void save()}
            >
              {t`Opslaan`}
            </button>
          )}
          <button type="button" className="app-button" onClick={() => void requestClose()}>{t`Sluiten`}</button>
        </>
      }
    >
      {readOnly && <ReadOnlyNote />}
      <RecordChangedNotice editor={editor} />
      {tools}
      <EditorBody editor={editor} locked={locked} readOnly={readOnly} />
    </Modal>
  );
}
