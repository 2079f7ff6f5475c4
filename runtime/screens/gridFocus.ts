// Where focus goes after the rows of a grid changed under the user (a save, a delete): back to
// the grid, never the page body. The grid reloads its first page after a change; once it has
// (its aria-busy came and went), the saved row takes focus, else the row now where the changed
// one was (or the nearest above it), else the grid's search box when no row is left.

const ROW = '[role="row"][data-autoid]';

/** Marks the grid toolbar's own buttons that start a change (Verwijderen), which may hand focus back to the rows. */
export const GRID_CHANGE_BUTTON = 'data-grid-change';

export interface FocusTarget {
  /** The record to focus when its row is shown. */
  autoid?: number;
  /** Else the row in this position (aria-rowindex), or the nearest above it. */
  rowIndex?: number;
}

/** The position (aria-rowindex) of a record's row in the area, if shown. */
export function rowIndexOf(area: ParentNode, autoid: number): number | undefined {
  const index = area.querySelector(`${ROW}[data-autoid="${autoid}"]`)?.getAttribute('aria-rowindex');
  return index ? Number(index) : undefined;
}

/** The record a row element in the area shows, for an event's target inside the row. */
export function rowIdOf(element: EventTarget | null): number | null {
  if (!(element instanceof Element)) return null;
  const row = element.closest(ROW);
  return row ? Number(row.getAttribute('data-autoid')) : null;
}

/** What to focus for the target as the area is now. */
export function focusTarget(area: ParentNode, target: FocusTarget): HTMLElement | null {
  const rows = [...area.querySelectorAll<HTMLElement>(ROW)];
  const own = target.autoid ? rows.find((r) => r.getAttribute('data-autoid') === String(target.autoid)) : undefined;
  if (own) return own;
  if (rows.length > 0) {
    const wanted = target.rowIndex ?? 0;
    const above = rows.filter((r) => Number(r.getAttribute('aria-rowindex')) <= wanted);
    return above[above.length - 1] ?? rows[0];
  }
  return area.querySelector<HTMLElement>('input[type="search"]');
}

/** Whether focus may be moved: it is lost (the body), or still on the rows or the button that started the change. */
function userMovedOn(area: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return false;
  return !(area.contains(active) && (active.closest(ROW) || active.hasAttribute(GRID_CHANGE_BUTTON)));
}

/**
 * Once the grid in the area has reloaded (or after waitMs), focus the target, unless the user has
 * moved on meanwhile. Answers a function that stops waiting.
 */
export function focusWhenReloaded(area: HTMLElement, target: FocusTarget, waitMs = 5000): () => void {
  const busy = () => area.querySelector('[role="grid"]')?.getAttribute('aria-busy') === 'true';
  let seenBusy = busy();
  let done = false;
  const stop = () => {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
  };
  const finish = () => {
    if (done) return;
    stop();
    if (!userMovedOn(area)) focusTarget(area, target)?.focus();
  };
  const observer = new MutationObserver(() => {
    if (busy()) seenBusy = true;
    else if (seenBusy) finish();
  });
  observer.observe(area, { subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  const timer = setTimeout(finish, waitMs);
  return stop;
}

/**
 * Enter on a row opens its record (the grid's own handler). The key must end there: otherwise its
 * keypress reaches what the opened dialog focused first (its Sluiten, while the record loads or
 * when every field is read-only) and closes it at once.
 */
export function enterOpensOnly(event: { key: string; target: EventTarget | null; preventDefault: () => void }): void {
  if (event.key === 'Enter' && event.target instanceof Element && event.target.matches(ROW)) event.preventDefault();
}
