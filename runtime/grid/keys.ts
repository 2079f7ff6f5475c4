// The grid is one tab stop (the ARIA grid pattern with a roving tabindex): Tab enters it on the
// last active row and leaves it with the next Tab; inside, the keys move. Rows: arrows, PageUp and
// PageDown (a screenful), Home and End, Enter opens the row as a click does, Space selects it, and
// ArrowUp from the first row goes to the column filters and headers. Headers and filters: arrows.

export type RowKeyEffect =
  | { kind: 'row'; index: number }
  | { kind: 'open' }
  | { kind: 'toggle' }
  /** Up from the first row: to the quick filters and headers above. */
  | { kind: 'head' }
  | null;

/** What a key does on the row at `index` of `count` rows, with `page` rows in view. */
export function rowKey(key: string, index: number, count: number, page: number): RowKeyEffect {
  if (count === 0) return null;
  const last = count - 1;
  const to = (i: number): RowKeyEffect => ({ kind: 'row', index: Math.min(Math.max(i, 0), last) });
  switch (key) {
    case 'ArrowDown':
      return to(index + 1);
    case 'ArrowUp':
      return index === 0 ? { kind: 'head' } : to(index - 1);
    case 'PageDown':
      return to(index + Math.max(1, page));
    case 'PageUp':
      return to(index - Math.max(1, page));
    case 'Home':
      return to(0);
    case 'End':
      return to(last);
    case 'Enter':
      return { kind: 'open' };
    case ' ':
      return { kind: 'toggle' };
    default:
      return null;
  }
}

/** The row that carries the grid's tab stop: the active one, or the nearest one rendered (rows are virtual). */
export function tabStopRow(active: number, count: number, rendered: { start: number; stop: number } | null): number {
  if (count === 0) return -1;
  const row = Math.min(Math.max(active, 0), count - 1);
  if (!rendered || rendered.stop < rendered.start) return row;
  return Math.min(Math.max(row, rendered.start), rendered.stop);
}

/**
 * Where an arrow goes among the header's and the filters' controls: `line` is the controls of the
 * focused one's line in order, `at` its place. Text inputs keep Left and Right for the caret
 * unless it is already at that end.
 */
export function lineKey(
  key: string,
  at: number,
  length: number,
  caret: { atStart: boolean; atEnd: boolean } | null,
): { kind: 'move'; index: number } | { kind: 'up' } | { kind: 'down' } | null {
  switch (key) {
    case 'ArrowLeft':
      if (caret && !caret.atStart) return null;
      return at > 0 ? { kind: 'move', index: at - 1 } : null;
    case 'ArrowRight':
      if (caret && !caret.atEnd) return null;
      return at < length - 1 ? { kind: 'move', index: at + 1 } : null;
    case 'ArrowUp':
      return { kind: 'up' };
    case 'ArrowDown':
      return { kind: 'down' };
    default:
      return null;
  }
}
