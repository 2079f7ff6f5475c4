// Values derived while editing: when a field that a derived field reads changes (GetForm's
// DeriveOn), the server is asked what a save would derive (Derive) and the form takes it, so
// choosing an article fills the line's description, price and VAT code before it is saved. A
// value the user typed stays; one the form derived and the user left is derived again. An answer
// that comes after a newer change, or after another record was loaded, is dropped.
import { sameValues, type Row } from './recordValues.ts';
import { setRecord, type EditorContext } from './store.ts';

const blank = (value: unknown) => value === null || value === undefined || value === '';
const same = (a: unknown, b: unknown) => (blank(a) && blank(b)) || JSON.stringify(a) === JSON.stringify(b);

export function createDeriving(ctx: EditorContext) {
  const { table, store, deps, log, counters, cache } = ctx;
  let asked = 0;
  /** What the form derived, by field, for the record of this generation. */
  let given = new Map<string, unknown>();
  let generation = counters.generation;
  return {
    async derive(previous: Row | null, next: Row): Promise<void> {
      const derive = deps.calls.derive;
      const on = cache.form?.DeriveOn ?? [];
      if (generation !== counters.generation) {
        given = new Map();
        generation = counters.generation;
      }
      if (!derive || !previous || !on.some((f) => !same(previous[f], next[f]))) return;
      const ticket = ++asked;
      const sent: Row = { ...next };
      for (const [field, value] of given) if (same(sent[field], value)) sent[field] = null;
      try {
        const { Values } = await derive(table, sent);
        if (ticket !== asked || generation !== counters.generation || !store.record) return;
        const record: Row = { ...store.record };
        const readOnly = (field: string) =>
          cache.form?.Properties.find((p) => p.FieldName === field)?.Enabled === false;
        let changed = false;
        for (const [field, value] of Object.entries(Values)) {
          const own = record[field];
          const ours = given.has(field) && same(own, given.get(field));
          if (!readOnly(field) && !blank(own) && !ours) continue;
          given.set(field, value);
          if (same(own, value)) continue;
          record[field] = value;
          changed = true;
        }
        if (!changed) return;
        setRecord(store, record);
        store.hasMutations = !sameValues(record, store.stored);
      } catch (error) {
        // The save derives and checks again: a failed Derive only leaves the fields as they are.
        log.warn(error);
      }
    },
  };
}
