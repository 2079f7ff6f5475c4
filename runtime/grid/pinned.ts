// Pinned filters survive navigation within the browser session, one entry per grid control.
// They are restored when the grid opens without URL query parameters.
import type { GridQuery } from './types.ts';

export function pinnedKey(control: string): string {
  return `grid.pinned.${control.toLowerCase()}`;
}

export function readPinned(storage: Pick<Storage, 'getItem'> | undefined, control: string): GridQuery | null {
  try {
    const raw = storage?.getItem(pinnedKey(control));
    if (!raw) return null;
    const q = JSON.parse(raw) as Partial<GridQuery>;
    return {
      search: typeof q.search === 'string' ? q.search : '',
      dataSource: q.dataSource === 1 || q.dataSource === 2 ? q.dataSource : 0,
      order: typeof q.order === 'string' ? q.order : '',
      columnFilters: q.columnFilters && typeof q.columnFilters === 'object' ? q.columnFilters : {},
      advancedFilters: Array.isArray(q.advancedFilters) ? q.advancedFilters : [],
    };
  } catch {
    // An unreadable entry (old shape, storage refused) only means nothing is pinned.
    return null;
  }
}

export function writePinned(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, control: string, query: GridQuery | null): void {
  try {
    if (query) {
      const { search, dataSource, order, columnFilters, advancedFilters } = query;
      storage?.setItem(pinnedKey(control), JSON.stringify({ search, dataSource, order, columnFilters, advancedFilters }));
    } else storage?.removeItem(pinnedKey(control));
  } catch { /* storage full or refused: pinning is a convenience */ }
}
