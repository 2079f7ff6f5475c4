// Choosing files: a button that opens the browser's file chooser (the keyboard's way: Tab to it,
// Enter or Space) inside a zone that takes files dropped on it. Both hand the files to onFiles.
import { useLingui } from '@lingui/react/macro';
import { useRef, useState, type DragEvent } from 'react';
import './files.css';

export interface FilePickerProps {
  /** What the files are for (the field's label), so the button says it. */
  label: string;
  multiple?: boolean;
  /** Media types or extensions the chooser offers (image/* for an image field). */
  accept?: string;
  disabled?: boolean;
  busy?: boolean;
  /** An element that describes the choice (the file chosen, an error). */
  describedBy?: string;
  /** The id a form's label points at: the file input, so a click on the label opens the chooser too. */
  inputId?: string;
  /** A dialog whose first step is choosing files starts with focus on the button. */
  autoFocus?: boolean;
  onFiles: (files: File[]) => void;
}

export function FilePicker({
  label,
  multiple = false,
  accept,
  disabled = false,
  busy = false,
  describedBy,
  inputId,
  autoFocus,
  onFiles,
}: FilePickerProps) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const off = disabled || busy;
  const take = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (!off && files.length) onFiles(multiple ? files : files.slice(0, 1));
  };
  const drag = (event: DragEvent, entering: boolean) => {
    if (off || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setOver(entering);
  };
  const choose = multiple ? t`Bestanden kiezen` : t`Bestand kiezen`;
  return (
    <div
      className={`files-drop${over ? ' files-drop--over' : ''}${off ? ' files-drop--off' : ''}`}
      onDragEnter={(e) => drag(e, true)}
      onDragOver={(e) => drag(e, true)}
      onDragLeave={(e) => drag(e, false)}
      onDrop={(e) => {
        if (off) return;
        e.preventDefault();
        setOver(false);
        take(e.dataTransfer.files);
      }}
    >
      <input
        ref={input}
        id={inputId}
        type="file"
        hidden
        tabIndex={-1}
        multiple={multiple}
        accept={accept}
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
      <button
        type="button"
        className="app-button files-choose"
        disabled={off}
        aria-busy={busy || undefined}
        aria-label={`${label}: ${choose}`}
        aria-describedby={describedBy}
        data-autofocus={autoFocus || undefined}
        onClick={() => input.current?.click()}
      >
        {busy ? t`Bezig met uploaden…` : choose}
      </button>
      <span className="files-drop-hint" aria-hidden="true">
        {multiple ? t`of sleep bestanden hierheen` : t`of sleep een bestand hierheen`}
      </span>
    </div>
  );
}
