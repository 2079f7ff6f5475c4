// The right edge of a column header: drag it to change the column's width, or focus it and use
// the arrow keys. The width never goes below 0 (spec 1 section 5).
import { useLingui } from '@lingui/react/macro';
import type { MouseEvent } from 'react';

interface Props {
  field: string;
  title: string;
  width: number;
  onResize: (field: string, width: number) => void;
  /** -1 while the grid's rows hold its one tab stop (the arrows reach the handle). */
  tabIndex?: number;
}

const KEY_STEP = 10;

export function ColumnResizer({ field, title, width, onResize, tabIndex = 0 }: Props) {
  const { t } = useLingui();
  const start = (event: MouseEvent) => {
    if (event.button !== 0) return;
    // No text selection and no header drag (reorder) while resizing.
    event.preventDefault();
    event.stopPropagation();
    const x0 = event.clientX;
    const move = (e: globalThis.MouseEvent) => onResize(field, Math.max(0, width + e.clientX - x0));
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };
  return (
    <span
      role="separator"
      aria-orientation="vertical"
      aria-label={t`Breedte van ${title}`}
      aria-valuenow={width}
      aria-valuemin={0}
      tabIndex={tabIndex}
      className="grid-resize"
      draggable={false}
      onMouseDown={start}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
        e.preventDefault();
        onResize(field, Math.max(0, width + (e.key === 'ArrowRight' ? KEY_STEP : -KEY_STEP)));
      }}
    />
  );
}
