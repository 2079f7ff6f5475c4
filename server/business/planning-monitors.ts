// A planning board's saved configurations (monitors): the rows of the table its screen's `monitors`
// names, answered to who may open the board under the board's read right (21.1), though they lack
// that table's own read right. Only this read is widened: the table's row limits and hidden fields
// hold, its other calls (GetFlexData, GetItem, save, delete) still take its own rights.
import type { Translate } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { flexData } from '../data/flex.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { readingAlso, type Principal } from '../security/index.ts';

/** The most monitors one call answers. */
export const MAX_MONITORS = 200;

export async function planningMonitors(
  db: Queryable,
  snapshot: Snapshot,
  principal: Principal,
  t: Translate,
): Promise<{ Data: Record<string, unknown>[] }> {
  const screen = [...snapshot.effective.screens.values()]
    .map((s) => s.value)
    .find((s) => s.kind === 'planning' && s.monitors && principal.can(s.rights?.read, 'read'));
  const model = screen?.monitors ? snapshot.table(screen.monitors) : undefined;
  if (!model) return { Data: [] };
  const reader = model.table.right ? readingAlso(principal, model.table.right) : principal;
  const answer = await flexData(db, model, reader, { pageSize: MAX_MONITORS }, false, t);
  return { Data: answer.Data };
}
