// A pinned grid keeps its view and filters in session storage, so it opens with them again
// (when there are no URL parameters); every change is written while pinned.
import { writePinned, type PinnedState } from '../pinned.ts';
import { queryOf, type GridContext } from './store.ts';

const pinnedState = ({ store }: GridContext): PinnedState => ({
  ...queryOf(store),
  layoutId: store.view?.AutoID ?? null,
});

export function persist(ctx: GridContext) {
  if (ctx.store.pinned) writePinned(ctx.deps.storage, ctx.control, pinnedState(ctx));
}

export function togglePin(ctx: GridContext) {
  ctx.store.pinned = !ctx.store.pinned;
  writePinned(ctx.deps.storage, ctx.control, ctx.store.pinned ? pinnedState(ctx) : null);
}
