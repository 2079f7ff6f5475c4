// Loading pages: one request at a time counts (a newer one wins the race), search and filter edits
// are debounced, load-more appends the next page, and filters wait for the column types they need.
import { ref } from 'valtio';
import { buildRequest } from '../filters.ts';
import { columnSetKey } from '../layout.ts';
import { applyPage, canRefresh, changeQuery, nextPage } from '../state.ts';
import { adoptMeta, filtersNeedMeta, layoutColumns } from './columnMeta.ts';
import { setSelected } from './selection.ts';
import { queryOf, stateOf, type GridContext } from './store.ts';

export type Loading = ReturnType<typeof createLoading>;

export function createLoading({ control, store, deps, now, log }: GridContext) {
  // Which answer is still wanted, and the debounce pending: bookkeeping, not grid state, so outside the store.
  let sequence = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** A new request makes every answer still under way stale. */
  const start = () => ++sequence;
  const isCurrent = (id: number) => id === sequence;

  /** What decides the rows: another key means another request. */
  const requestKey = () =>
    JSON.stringify([buildRequest(queryOf(store), store.columns, 0, store.pageSize), columnSetKey(store.viewColumns)]);

  /** A query or column change starts again at the first row, with nothing selected. */
  function backToTop() {
    const next = changeQuery(stateOf(store), {});
    store.pageIndex = next.pageIndex;
    store.scrollToTop = next.scrollToTop;
    setSelected(store, []);
  }

  /** Filters are checked against the columns' types; before they are known one row tells them. */
  async function ensureColumns(id: number): Promise<void> {
    const answer = await deps.flexData(control, {
      dataSource: store.dataSource,
      pageIndex: 0,
      pageSize: 1,
      ...layoutColumns(store),
    });
    if (isCurrent(id)) adoptMeta(store, answer.Meta.Columns ?? []);
  }

  async function load(pageIndex: number): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const id = start();
    store.loading = true;
    store.busy = pageIndex > 0;
    store.failed = false;
    // The first page is asked for now: news from before this moment is in it.
    if (pageIndex === 0) store.stale = false;
    const started = now();
    try {
      if (filtersNeedMeta(store, queryOf(store))) await ensureColumns(id);
      if (!isCurrent(id)) return;
      const answer = await deps.flexData(control, {
        ...buildRequest(queryOf(store), store.columns, pageIndex, store.pageSize),
        ...layoutColumns(store),
      });
      if (!isCurrent(id)) return;
      const next = applyPage(stateOf(store), pageIndex, answer, now() - started);
      store.rows = ref([...next.rows]);
      adoptMeta(store, next.columns);
      if (pageIndex === 0) store.unseen = ref(answer.Meta.Unseen ?? []);
      Object.assign(store, {
        pageIndex: next.pageIndex,
        count: next.count,
        countEstimated: next.countEstimated,
        lastPageFull: next.lastPageFull,
        elapsedMs: next.elapsedMs,
      });
    } catch (error) {
      if (!isCurrent(id)) return;
      store.failed = true;
      log(`GetFlexData ${control} failed`, error);
      deps.loadFailed?.();
    } finally {
      if (isCurrent(id)) {
        store.loading = false;
        store.busy = false;
      }
    }
  }

  function schedule(delay: number) {
    clearTimeout(timer);
    if (delay <= 0) void load(0);
    else
      timer = setTimeout(() => {
        timer = undefined;
        void load(0);
      }, delay);
  }

  return {
    start,
    isCurrent,
    requestKey,
    backToTop,
    ensureColumns,
    load,
    schedule,
    /** Runs a debounced reload now (Enter in a search or filter box). */
    flush() {
      if (timer !== undefined) void load(0);
    },
    /** Page 1 again with the working view as it is now. */
    reload() {
      backToTop();
      void load(0);
    },
    dispose() {
      clearTimeout(timer);
      sequence++;
    },
    /** Reload page 1 keeping the filters; ignored while loading unless forced (a save elsewhere). */
    refresh(force = false) {
      if (!force && !canRefresh(store)) return;
      setSelected(store, []);
      store.scrollToTop++;
      void load(0);
    },
    loadMore() {
      const page = nextPage(store);
      if (page !== null) void load(page);
    },
    /** Someone else changed the table: the grid says so and waits for the user to refresh. */
    markStale() {
      store.stale = true;
    },
    /** The request of the rows as they show now, from the first row (what an export takes). */
    currentRequest() {
      return { ...buildRequest(queryOf(store), store.columns, 0, store.pageSize), ...layoutColumns(store) };
    },
  };
}
