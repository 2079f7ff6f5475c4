// Reading the record: a load (new or by AutoID) that shows the form and the record together, a
// reload after an action, a quiet refresh that keeps the user's edits, and the form read again
// when the definitions change. A newer load, reload or reset makes an older answer moot.
import { CallFailed } from '../../api/index.ts';
import type { FormAnswer } from '../../form/index.ts';
import { describeFailure, retrievingFailed as retrieving } from '../failures.ts';
import { sameValues, sameVersion, withEdits, type Row } from './recordValues.ts';
import { setForm, setRecord, setServerError, setStored, show, type EditorContext } from './store.ts';

export type RefreshOutcome = 'same' | 'changed' | 'gone' | 'failed';

export function createReading({ table, store, deps, log, counters, cache }: EditorContext) {
  const readForm = () => deps.calls.getForm(table) as Promise<unknown> as Promise<FormAnswer>;
  const openId = () => Number(store.record?.AutoID ?? 0);

  return {
    /** Load a blank record (autoid 0, with defaults over the server's) or an existing one; false when loading failed. */
    async load(autoid: number | (() => Promise<number>), options: { defaults?: Row } = {}): Promise<boolean> {
      const mine = ++counters.generation;
      store.loading = true;
      setServerError(store, null);
      show(store, null);
      try {
        const formPromise = cache.form ? Promise.resolve(cache.form) : readForm();
        const id = typeof autoid === 'function' ? await autoid() : autoid;
        const [definition, item] = await Promise.all([
          formPromise,
          id ? deps.calls.getItem(table, id) : deps.calls.getNew(table),
        ]);
        if (mine !== counters.generation) return false;
        cache.form = definition;
        setForm(store, definition);
        show(store, id ? item : { ...item, ...options.defaults });
        return true;
      } catch (error) {
        if (mine !== counters.generation) return false;
        log.error(error);
        setServerError(store, describeFailure(error, retrieving()).serverError);
        deps.alert(retrieving());
        return false;
      } finally {
        if (mine === counters.generation) store.loading = false;
      }
    },

    /** Read the open record again (after an action): 'gone' when the server no longer shows it (404). */
    async reload(): Promise<'ok' | 'gone' | 'failed'> {
      const id = openId();
      if (!id) return 'ok';
      const mine = ++counters.generation;
      try {
        const item = await deps.calls.getItem(table, id);
        if (mine === counters.generation) {
          show(store, item);
          setServerError(store, null);
        }
        return 'ok';
      } catch (error) {
        if (error instanceof CallFailed && error.status === 404) return 'gone';
        log.error(error);
        deps.alert(retrieving());
        return 'failed';
      }
    },

    /**
     * Read the open record again without losing the user's edits. With the TimeStamp the form holds,
     * nobody saved it since: what the server keeps of it (totals of its rows) is taken in quietly,
     * every field the user changed kept ('same'). With another TimeStamp someone saved it: it is left
     * as it is ('changed'), unless `takeNewer` and the user changed nothing, when it is shown as now.
     */
    async refresh({ takeNewer = false }: { takeNewer?: boolean } = {}): Promise<RefreshOutcome> {
      const id = openId();
      if (!id) return 'same';
      // Another load, reload or save meanwhile decides what the form holds: this read is then ignored.
      const mine = counters.generation;
      const savesBefore = counters.saves;
      // A save under way answers with the record as it is then.
      if (savesBefore % 2 === 1) return 'same';
      let item: Row;
      try {
        item = await deps.calls.getItem(table, id);
      } catch (error) {
        if (error instanceof CallFailed && error.status === 404) return 'gone';
        log.warn(`GetItem ${table} ${id}`, error);
        return 'failed';
      }
      const { stored, record: edited } = store;
      if (
        mine !== counters.generation ||
        savesBefore !== counters.saves ||
        !stored ||
        !edited ||
        Number(edited.AutoID) !== id
      )
        return 'same';
      if (!sameVersion(item, stored)) {
        if (!takeNewer || !sameValues(edited, stored)) return 'changed';
        show(store, item);
        return 'same';
      }
      const merged = withEdits(item, edited, stored);
      setRecord(store, merged);
      setStored(store, item);
      store.hasMutations = !sameValues(merged, item);
      return 'same';
    },

    /** The definitions changed: the form is read again; the record and its edits stay. */
    formChanged(): void {
      if (!cache.form) return;
      cache.form = null;
      readForm().then(
        (answer) => {
          cache.form = answer;
          setForm(store, answer);
        },
        (error) => log.warn(`GetForm ${table} after a definitions change`, error),
      );
    },

    /** Nothing open: a load under way is dropped. */
    reset(): void {
      counters.generation++;
      show(store, null);
      setServerError(store, null);
      store.loading = false;
    },
  };
}
