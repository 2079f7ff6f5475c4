// The one valtio store behind a record editor, and what its slices share. The form, the record and
// the server's error are kept as they are (ref): the form draws them and compares them by identity,
// and a snapshot must hand back the very objects that were put in.
import { proxy, ref } from 'valtio';
import type { ApiClient, ApiErrorBody } from '../../api/index.ts';
import type { FormAnswer } from '../../form/index.ts';
import type { Row } from './recordValues.ts';

export interface RecordEditorStore {
  form: FormAnswer | null;
  /** The record as the user has it now. */
  record: Row | null;
  /** The record as last loaded or saved (what discard returns to). */
  stored: Row | null;
  loading: boolean;
  saving: boolean;
  hasMutations: boolean;
  serverError: ApiErrorBody | null;
}

/** The calls an editor makes, and how it talks to the user: injectable, so it runs without a page. */
export interface RecordEditorDeps {
  calls: Pick<ApiClient, 'getForm' | 'getNew' | 'getItem' | 'save' | 'typeChange'> & Partial<Pick<ApiClient, 'derive'>>;
  /** A yes/no/cancel question; 'yes' goes on. */
  confirm: (question: string) => Promise<string>;
  alert: (text: string) => void;
  /** A success notice. */
  toast: (text: string) => void;
  log?: Pick<Console, 'error' | 'warn'>;
}

/**
 * What every slice works with. `generation` moves with every load, reload and reset, so an answer
 * that arrives after another one started is dropped; `saves` moves when a save starts and when it
 * ends, so an odd count means one is under way. Bookkeeping, not editor state: outside the store.
 */
export interface EditorContext {
  table: string;
  store: RecordEditorStore;
  deps: RecordEditorDeps;
  log: Pick<Console, 'error' | 'warn'>;
  counters: { generation: number; saves: number };
  /**
   * The form definition the next load reuses. Apart from the form drawn: after a definitions
   * change it is dropped at once (the next load reads it again) while the old one stays drawn.
   */
  cache: { form: FormAnswer | null };
}

export function createEditorContext(table: string, deps: RecordEditorDeps): EditorContext {
  const store = proxy<RecordEditorStore>({
    form: null,
    record: null,
    stored: null,
    loading: false,
    saving: false,
    hasMutations: false,
    serverError: null,
  });
  return { table, store, deps, log: deps.log ?? console, counters: { generation: 0, saves: 0 }, cache: { form: null } };
}

const kept = <T extends object>(value: T | null) => (value ? ref(value) : null);

/** A record as loaded or saved: nothing to save yet. */
export function show(store: RecordEditorStore, row: Row | null): void {
  store.record = kept(row);
  store.stored = kept(row);
  store.hasMutations = false;
}

export function setRecord(store: RecordEditorStore, row: Row | null): void {
  store.record = kept(row);
}

export function setStored(store: RecordEditorStore, row: Row | null): void {
  store.stored = kept(row);
}

export function setForm(store: RecordEditorStore, form: FormAnswer | null): void {
  store.form = kept(form);
}

export function setServerError(store: RecordEditorStore, error: ApiErrorBody | null): void {
  store.serverError = kept(error);
}
