// Changing and saving the record: every change tells whether anything is left to save, a save asks
// the table's confirms (and about a type change that loses properties) before it writes, and
// discard goes back to the record as last loaded or saved.
import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { confirmsFor } from '../../form/index.ts';
import { describeFailure, savingFailed as saving } from '../failures.ts';
import { sameValues, type Row } from './recordValues.ts';
import { setRecord, setServerError, show, type EditorContext } from './store.ts';

const saved = () => i18n._(msg({ id: 'batch_action_succeeded', message: 'Opgeslagen' }));

/**
 * A changed type loses the properties the new type lacks: the server counts what is lost and
 * kept, and the user says whether to go on. Nothing lost, nothing asked.
 */
async function typeChangeAccepted(
  { table, deps, log }: EditorContext,
  field: string | undefined,
  record: Row,
  stored: Row | null,
): Promise<boolean> {
  const id = Number(record.AutoID ?? 0);
  if (!field || !id || !stored || record[field] === stored[field]) return true;
  try {
    const impact = await deps.calls.typeChange(table, id, (record[field] as number | null) ?? null);
    return impact.Lost === 0 || (await deps.confirm(impact.Message)) === 'yes';
  } catch (error) {
    log.error(error);
    deps.alert(saving());
    return false;
  }
}

export function createWriting(ctx: EditorContext) {
  const { table, store, deps, counters, cache } = ctx;
  return {
    change(next: Row): void {
      setRecord(store, next);
      // Typed back to what is stored, the record has nothing to save (and nothing to ask about).
      store.hasMutations = !sameValues(next, store.stored);
    },

    /** Save after the table's confirms; true on success (toast shown, flag cleared). */
    async save(): Promise<boolean> {
      const current = store.record;
      if (!current) return false;
      // The table's confirms: each question that applies must be answered yes.
      for (const question of confirmsFor(cache.form?.Confirms, current)) {
        if ((await deps.confirm(question)) !== 'yes') return false;
      }
      if (!(await typeChangeAccepted(ctx, cache.form?.TypeField, current, store.stored))) return false;
      store.saving = true;
      // A quiet read that overlaps the save may have read the record before it: it is not the news.
      counters.saves++;
      try {
        const answer = await deps.calls.save(table, current);
        // Keep fields the save answer leaves out (e.g. list descriptions).
        show(store, { ...current, ...answer });
        setServerError(store, null);
        deps.toast(saved());
        return true;
      } catch (error) {
        const failure = describeFailure(error, saving());
        setServerError(store, failure.serverError);
        if (failure.alert) deps.alert(saving());
        return false;
      } finally {
        counters.saves++;
        store.saving = false;
      }
    },

    /** Back to the record as last loaded or saved. */
    discard(): void {
      setRecord(store, store.stored);
      store.hasMutations = false;
      setServerError(store, null);
    },
  };
}
