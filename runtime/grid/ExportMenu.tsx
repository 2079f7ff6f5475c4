// The toolbar's Exporteren: a menu button with the two layouts of the spreadsheet, the grid as it
// shows (GridLayout) or as an import takes it back (ImportLayout, a column per field under its
// import label). Keyboard: Enter or ArrowDown opens it on the first item, arrows move, Escape
// closes it with focus back on the button; a click elsewhere or Tab away closes it.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ExportLayout } from '../api/index.ts';

export interface ExportMenuProps {
  onExport: (layout: ExportLayout) => void;
}

export function ExportMenu({ onExport }: ExportMenuProps) {
  const { t } = useLingui();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = () => [...(root.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const outside = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    // Escape belongs to the menu while it is open, not to a dialog the grid sits in.
    const escape = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape, true);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape, true);
    };
  }, [open]);

  const move = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const to =
      event.key === 'ArrowDown'
        ? (at + 1) % list.length
        : event.key === 'ArrowUp'
          ? (at - 1 + list.length) % list.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? list.length - 1
              : null;
    if (to === null) {
      if (event.key === 'Tab') setOpen(false);
      return;
    }
    event.preventDefault();
    list[to]?.focus();
  };
  const choose = (layout: ExportLayout) => {
    setOpen(false);
    button.current?.focus();
    onExport(layout);
  };

  return (
    <span className="grid-export" ref={root}>
      <button
        ref={button}
        type="button"
        className="grid-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {t`Exporteren`}
      </button>
      {open && (
        <ul id={menuId} role="menu" aria-label={t`Exporteren`} className="grid-menu grid-export-menu" onKeyDown={move}>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={() => choose('GridLayout')}
            >{t`Exporteren zoals getoond`}</button>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={() => choose('ImportLayout')}
            >{t`Exporteren voor import`}</button>
          </li>
        </ul>
      )}
    </span>
  );
}
