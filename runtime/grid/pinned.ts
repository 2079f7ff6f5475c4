// Pinned filters survive navigation within the browser session, one entry per grid control.
// They are restored when the grid opens without URL query parameters, with the view they were
// pinned on, so the same view comes back.
import type { GridQuery } from './types.ts';

export interface PinnedState extends GridQuery {
  /** The AutoID of the view the filters were pinned on; null without a saved view. */
  layoutId: number | null;
}

export function pinnedKey(control: string): string {
  return `grid.pinned.${control.toLowerCase()}`;
}

export function readPinned(storage: Pick<Storage, 'getItem'> | undefined, control: string): PinnedState | null {
  try {
    const raw = storage?.getItem(pinnedKey(control));
    if (!raw) return null;
    const q = JSON.parse(raw) as Partial<PinnedState>;
    return {
      search: typeof q.search === 'string' ? q.search : '',
      dataSource: q.dataSource === 1 || q.dataSource === 2 ? q.dataSource : 0,
      order: typeof q.order === 'string' ? q.order : '',
      columnFilters: q.columnFilters && typeof q.columnFilters === 'object' ? q.columnFilters : {},
      advancedFilters: Array.isArray(q.advancedFilters) ? q.advancedFilters : [],
      layoutId: typeof q.layoutId === 'number' && Number.isInteger(q.layoutId) && q.layoutId > 0 ? q.layoutId : null,
    };
  } catch {
    // An unreadable entry (old shape, storage refused) only means nothing is pinned.
    return null;
  }
}

export function writePinned(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined,
  control: string,
  state: PinnedState | null,
): void {
  try {
    if (state) {
      const { search, dataSource, order, columnFilters, advancedFilters, layoutId } = state;
      storage?.setItem(
        pinnedKey(control),
        JSON.stringify({ search, dataSource, order, columnFilters, advancedFilters, layoutId }),
      );
    } else storage?.removeItem(pinnedKey(control));
  } catch {
    /* storage full or refused: pinning is a convenience */
  }
}
