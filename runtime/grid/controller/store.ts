// The one valtio store behind a grid controller, and what its slices share. Everything the grid
// knows lives in the store, the saved view and its column descriptions included, so a snapshot
// (Back/Forward, a test) sees all of it. Only the request bookkeeping in loading.ts stays outside:
// it says which answer is still wanted, nothing about the grid.
import { proxy, ref, snapshot } from 'valtio';
import type {
  DescribedLayout,
  FlexAnswer,
  FlexRequest,
  Layout,
  MissingRight,
  UserLayout,
  ViewPermissions,
} from '../../api/index.ts';
import { initialGridState, type GridState } from '../state.ts';
import type { CurrentView, DragSelection, GridColumn, GridQuery, ViewColumn } from '../types.ts';
import { NO_VIEW_PERMISSIONS } from '../viewRules.ts';

export interface GridStore extends GridState {
  pinned: boolean;
  /** The saved view the grid works from; null when none could be loaded. */
  view: CurrentView | null;
  /** The working view's columns in order, hidden ones included. */
  viewColumns: readonly ViewColumn[];
  permissions: ViewPermissions;
  /** The working view differs from the saved one. */
  modified: boolean;
  /** Filtered beyond the view's own filters (reset returns to those). */
  filtered: boolean;
  /** The saved view as the server answered it. */
  saved: Layout | null;
  /** The saved view's content as JSON, which the working view is compared with. */
  baseline: string;
  /** The server's description of the columns it answered (Meta.Columns). */
  meta: readonly GridColumn[];
  /** The fields a row's card shows on a phone (the grid definition's card); empty: the first columns. */
  card: readonly string[];
  /** The rights whose lack keeps rows of this grid from the user (Meta.Unseen). */
  unseen: readonly MissingRight[];
  /** A view (or the fallback) is in place: only then is there a state worth keeping for Back/Forward. */
  ready: boolean;
  /** The id the next advanced filter gets; ids stay unique across views and restores. */
  nextFilterId: number;
  /** The drag selection under way, if any. */
  drag: DragSelection | null;
  /** Someone else changed the table (or the definitions) since the rows were asked for. */
  stale: boolean;
}

export interface GridDeps {
  flexData: (control: string, request: FlexRequest) => Promise<FlexAnswer>;
  userLayout: (control: string) => Promise<UserLayout>;
  layout: (AutoID: number) => Promise<DescribedLayout>;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now?: () => number;
  log?: (message: string, error: unknown) => void;
  /** A page failed to load: the user is told (spec 1 §8: the alert box with its heading, gone after 5 s). */
  loadFailed?: () => void;
}

/** What every slice works with: the grid's name, its store and its calls. */
export interface GridContext {
  control: string;
  store: GridStore;
  deps: GridDeps;
  now: () => number;
  log: (message: string, error: unknown) => void;
}

export function createGridContext(control: string, deps: GridDeps): GridContext {
  // Rows, columns, the selection and the server's layouts can be large: ref() keeps valtio from wrapping each part.
  const store = proxy<GridStore>({
    ...initialGridState(),
    rows: ref([]),
    columns: ref([]),
    selected: ref([]),
    pinned: false,
    view: null,
    viewColumns: ref([]),
    permissions: NO_VIEW_PERMISSIONS,
    modified: false,
    filtered: false,
    saved: null,
    baseline: '',
    meta: ref([]),
    card: ref([]),
    unseen: ref([]),
    ready: false,
    nextFilterId: 1,
    drag: null,
    stale: false,
  });
  return {
    control,
    store,
    deps,
    now: deps.now ?? (() => performance.now()),
    log: deps.log ?? ((message: string, error: unknown) => console.error(message, error)),
  };
}

export const stateOf = (store: GridStore) => snapshot(store) as GridStore;

/** What a request is asked with, read from a snapshot so later edits of the store do not leak in. */
export function queryOf(store: GridStore): GridQuery {
  const s = stateOf(store);
  return {
    search: s.search,
    dataSource: s.dataSource,
    order: s.order,
    columnFilters: s.columnFilters,
    advancedFilters: s.advancedFilters,
  };
}

/** Filters that come in (a view, a pinned state, a snapshot) keep their ids: new ones number after them. */
export function numberFilters(store: GridStore, filters: readonly { id: number }[]) {
  store.nextFilterId = Math.max(store.nextFilterId, ...filters.map((f) => f.id + 1));
}
