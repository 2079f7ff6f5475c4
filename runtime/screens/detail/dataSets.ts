// A detail screen's data sets (named filters the server applies: active, mine …): the default one
// first and chosen at start, and the choice kept per page so Back and Forward show it again.
import type { ScreenInfo } from '../../api/index.ts';

type DataSet = NonNullable<ScreenInfo['dataSets']>[number];

/** The data sets with the default one first (else the definition's order). */
export function orderedDataSets(screen: Pick<ScreenInfo, 'dataSets'>): DataSet[] {
  const sets = [...(screen.dataSets ?? [])];
  const at = sets.findIndex((s) => s.default);
  if (at > 0) sets.unshift(...sets.splice(at, 1));
  return sets;
}

/** The data set a grid opens with: the kept choice when it still exists, else the default (the first). */
export function initialDataSet(screen: Pick<ScreenInfo, 'dataSets'>, kept?: string | null): string | null {
  const sets = orderedDataSets(screen);
  if (kept && sets.some((s) => s.name === kept)) return kept;
  return sets[0]?.name ?? null;
}

const MAX_KEPT = 50;
const kept = new Map<string, string>();

export function keptDataSet(key: string): string | undefined {
  return kept.get(key);
}

export function keepDataSet(key: string, name: string): void {
  kept.delete(key);
  kept.set(key, name);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
}
