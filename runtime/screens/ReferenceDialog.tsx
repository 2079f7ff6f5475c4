// A row of a list field's table in a dialog over the form that refers to it: opened from its
// picker (to change it, or only to look at it) or new from "+ Nieuw". The dialog is drawn outside
// the form's own dialog, and keeps its keys (Tab, Ctrl+S) to itself; Escape reaches the dialog
// stack, which closes the top-most.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { OpenReference, ReferenceRequest } from '../form/index.ts';
import { MaintenanceModal } from './MaintenanceModal.tsx';
import { useRecordEditor } from './useRecordEditor.ts';

type Row = Record<string, unknown>;

interface ReferenceDialogProps {
  request: ReferenceRequest;
  /** The row as saved, or null when the dialog closed without a save. */
  onDone: (saved: Row | null) => void;
}

const ownKeys = (event: KeyboardEvent<HTMLElement>) => {
  if (event.key !== 'Escape') event.stopPropagation();
};

function ReferenceDialog({ request, onDone }: ReferenceDialogProps) {
  const editor = useRecordEditor(request.table);
  const { autoid, values } = request;
  const first = useRef(request);
  useEffect(() => {
    const { autoid: id, values: given } = first.current;
    void editor.load(id, id === 0 && given ? { defaults: given } : undefined);
  }, [editor.load]);
  return createPortal(
    <div className="app-reference-dialog" onKeyDown={ownKeys}>
      <MaintenanceModal
        editor={editor}
        isNew={autoid === 0}
        title={request.title}
        readOnly={request.readOnly}
        locked={autoid === 0 && values ? Object.keys(values) : undefined}
        onClosed={() => onDone(null)}
        onSaved={() => onDone(editor.current())}
      />
    </div>,
    document.body,
  );
}

/** The opener a page's form hands its pickers, and the dialog it draws while one is open. */
export function useReferenceDialogs(): { open: OpenReference; dialog: ReactNode } {
  const [shown, setShown] = useState<{ request: ReferenceRequest; done: (saved: Row | null) => void } | null>(null);
  const open = useCallback<OpenReference>(
    (request) =>
      new Promise((resolve) => {
        setShown({ request, done: resolve });
      }),
    [],
  );
  const dialog = shown && (
    <ReferenceDialog
      request={shown.request}
      onDone={(saved) => {
        setShown(null);
        shown.done(saved);
      }}
    />
  );
  return { open, dialog };
}
