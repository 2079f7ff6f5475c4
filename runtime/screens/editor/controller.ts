// One record editor's controller: a valtio store plus the actions that load, change, save,
// discard and read the record again. Kept free of React so its flow can be followed (and tested)
// on its own; useRecordEditor binds it. Each concern is a slice working on the one store.
import { createDeriving } from './deriving.ts';
import { createReading } from './reading.ts';
import { createEditorContext, type RecordEditorDeps } from './store.ts';
import { createWriting } from './writing.ts';
import type { Row } from './recordValues.ts';

export type RecordEditorController = ReturnType<typeof createRecordEditorController>;

export function createRecordEditorController(table: string, deps: RecordEditorDeps) {
  const ctx = createEditorContext(table, deps);
  const { store } = ctx;
  const writing = createWriting(ctx);
  const deriving = createDeriving(ctx);
  const actions = {
    ...createReading(ctx),
    ...writing,
    /** A change by the user; what a save would derive from it follows when the server answers. */
    change(next: Row): void {
      const previous = store.record;
      writing.change(next);
      void deriving.derive(previous, next);
    },
    /** The record as it is now (after a save: as saved), outside the render cycle. */
    current: () => store.record,
  };
  return { table, store, actions };
}
