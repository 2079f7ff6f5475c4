// What a write needs besides its record: shared by the write pipeline and what it calls (change
// logs), so neither imports the other for it. A table's own behaviour on a write is its hooks
// (write-hooks.ts), which every path runs.
import type { TableModel } from '../metadata/model.ts';

/** What a write needs besides the record: other tables (a numbering's counters), a transition. */
export interface WriteContext {
  tableOf: (name: string) => TableModel | undefined;
  /** The changes come from the definitions (a transition, an action's set): read-only fields take them. */
  byDefinition?: boolean;
  /**
   * Rows the definitions make along with their parent in the same step (a journal's lines made
   * with it): a read-only state the parent was made in does not lock them.
   */
  along?: boolean;
  /** Set by a workflow transition: its status `field` may change, and the log row says which transition. */
  transition?: { name: string; field: string; reason?: string | null; comment?: string | null; date?: string | null };
}
