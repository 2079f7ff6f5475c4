// Each grid's state per router history entry, kept when the grid unmounts, so Back and Forward
// show it as it was left (spec 1 section 4 "On back/forward navigation the grid restores its saved
// state"). A fresh navigation makes a new history entry, so it finds nothing here.
import type { GridSnapshot } from './controller.ts';

/** Enough for any Back/Forward walk; the oldest states go first. */
const MAX_KEPT = 50;
const kept = new Map<string, GridSnapshot>();

export function memoryKey(historyEntry: number, control: string): string {
  return `${historyEntry}:${control.toLowerCase()}`;
}

export function keepGrid(key: string, snapshot: GridSnapshot): void {
  kept.delete(key);
  kept.set(key, snapshot);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
}

export function keptGrid(key: string): GridSnapshot | undefined {
  return kept.get(key);
}
