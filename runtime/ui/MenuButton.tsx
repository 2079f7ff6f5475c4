// A button that opens a menu of choices (Exporteren, Status). Keyboard: Enter or ArrowDown opens it
// on the first item, arrows, Home and End move, Escape closes it with focus back on the button; a
// click elsewhere or Tab away closes it. A choice closes it and gives the focus back first.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface MenuItem {
  key: string;
  label: string;
  onSelect: () => void;
}

export interface MenuButtonProps {
  label: string;
  items: readonly MenuItem[];
  disabled?: boolean;
  /** Classes of the wrapper, the button and the menu (the menu also gets `grid-menu`). */
  className?: string;
  buttonClassName?: string;
  menuClassName?: string;
}

export function MenuButton({ label, items, disabled, className, buttonClassName, menuClassName }: MenuButtonProps) {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const entries = () => [...(root.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    entries()[0]?.focus();
    const outside = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    // Escape belongs to the menu while it is open, not to a dialog it sits in.
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
    const list = entries();
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
  const choose = (item: MenuItem) => {
    setOpen(false);
    button.current?.focus();
    item.onSelect();
  };

  return (
    <span className={className} ref={root}>
      <button
        ref={button}
        type="button"
        className={buttonClassName}
        disabled={disabled}
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
        {label}
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label={label}
          className={`grid-menu${menuClassName ? ` ${menuClassName}` : ''}`}
          onKeyDown={move}
        >
          {items.map((item) => (
            <li key={item.key} role="none">
              <button type="button" role="menuitem" onClick={() => choose(item)}>
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
