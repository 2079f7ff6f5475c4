// The modal shell's look: overlay, header with title and optional close button, body, footer.
// It takes and keeps focus while open and gives it back when it closes (useDialogFocus).
import { useLingui } from '@lingui/react/macro';
import { useRef, type ReactNode } from 'react';
import { saveOnKeys } from './saveKeys.ts';
import { trapTab, useDialogFocus } from './useDialogFocus.ts';
import './dialogs.css';

export interface ModalFrameProps {
  title: string;
  children?: ReactNode;
  footer?: ReactNode;
  /** Shows the close button in the header. */
  onCloseClick?: () => void;
  leaving?: boolean;
  busy?: boolean;
  width?: string;
  className?: string;
  /** Saves the dialog's form: Ctrl+S, or Enter in a one-line field (see saveKeys.ts). */
  onSave?: () => void;
}

export function ModalFrame({
  title,
  children,
  footer,
  onCloseClick,
  leaving,
  busy,
  width,
  className,
  onSave,
}: ModalFrameProps) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref);
  return (
    <div className={`app-modal-overlay${leaving ? ' app-modal--leaving' : ''}`}>
      <div
        ref={ref}
        tabIndex={-1}
        onKeyDown={(event) => {
          trapTab(event);
          if (onSave) saveOnKeys(onSave)(event);
        }}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        aria-busy={busy || undefined}
        className={`app-modal${className ? ` ${className}` : ''}`}
        style={width ? { width } : undefined}
      >
        <header className="app-modal-header">
          <h2 className="app-modal-title">{title}</h2>
          {onCloseClick && (
            <button
              type="button"
              className="app-modal-close"
              aria-label={t`Sluiten`}
              title={t`Sluiten`}
              onClick={onCloseClick}
            >
              ×
            </button>
          )}
        </header>
        <div className="app-modal-body">{children}</div>
        {footer && <footer className="app-modal-footer">{footer}</footer>}
      </div>
    </div>
  );
}
