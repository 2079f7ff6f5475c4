// The right-click menu of a row: the owner's actions, applied to the selected rows.
import { useEffect, useRef } from 'react';
import type { GridRow } from './types.ts';

export interface ContextMenuItem {
  id: string;
  label: string;
  onSelect: (rows: GridRow[]) => void;
  /** Whether the item applies to these rows (an action on exactly one row); shown disabled otherwise. */
  enabled?: (rows: GridRow[]) => boolean;
  /** Why the item does not apply to these rows, shown as its tooltip (none when it applies). */
  hint?: (rows: GridRow[]) => string | undefined;
}

interface Props {
  x: number;
  y: number;
  items: readonly ContextMenuItem[];
  rows: GridRow[];
  onClose: () => void;
}

export function GridContextMenu({ x, y, items, rows, onClose }: Props) {
  const menu = useRef<HTMLUListElement>(null);
  useEffect(() => {
    menu.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    const outside = (e: Event) => {
      if (!menu.current?.contains(e.target as Node)) onClose();
    };
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onClose();
      }
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', key, true);
    window.addEventListener('blur', onClose);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', key, true);
      window.removeEventListener('blur', onClose);
    };
  }, [onClose]);
  // Keep the menu inside the viewport near the right and bottom edges.
  const left = Math.max(0, Math.min(x, window.innerWidth - 220));
  const top = Math.max(0, Math.min(y, window.innerHeight - items.length * 32 - 8));
  return (
    <ul ref={menu} role="menu" className="grid-menu" style={{ left, top }}>
      {items.map((item) => {
        const enabled = item.enabled?.(rows) ?? true;
        return (
          <li key={item.id} role="none">
            <button
              type="button"
              role="menuitem"
              disabled={!enabled}
              aria-disabled={!enabled || undefined}
              title={item.hint?.(rows)}
              onClick={() => {
                if (!enabled) return;
                onClose();
                item.onSelect(rows);
              }}
            >
              {item.label}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
