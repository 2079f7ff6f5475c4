// The record editor's public entry: its headless controller and the record comparisons it uses.
export { createRecordEditorController } from './controller.ts';
export type { RecordEditorController } from './controller.ts';
export type { RefreshOutcome } from './reading.ts';
export { sameValues, sameVersion, withEdits } from './recordValues.ts';
export type { Row } from './recordValues.ts';
export type { RecordEditorDeps, RecordEditorStore } from './store.ts';
