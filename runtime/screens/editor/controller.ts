// One record editor's controller: a valtio store plus the actions that load, change, save,
// discard and read the record again. Kept free of React so its flow can be followed (and tested)
// on its own; useRecordEditor binds it. Each concern is a slice working on the one store.
import { createReading } from './reading.ts';
import { createEditorContext, type RecordEditorDeps } from './store.ts';
import { createWriting } from './writing.ts';

export type RecordEditorController = ReturnType<typeof createRecordEditorController>;

export function createRecordEditorController(table: string, deps: RecordEditorDeps) {
  const ctx = createEditorContext(table, deps);
  const { store } = ctx;
  const actions = {
    ...createReading(ctx),
    ...createWriting(ctx),
    /** The record as it is now (after a save: as saved), outside the render cycle. */
    current: () => store.record,
  };
  return { table, store, actions };
}
