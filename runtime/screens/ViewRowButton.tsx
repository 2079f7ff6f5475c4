// Bekijken: for a user who may read but not change a table a row click opens nothing (spec 1 §6),
// so this button of the grid's toolbar opens the selected row, else the focused one, read-only.
import { useLingui } from '@lingui/react/macro';
import { rowId, type GridRow } from '../grid/index.ts';
import { GRID_CHANGE_BUTTON } from './gridFocus.ts';

export interface ViewRowButtonProps {
  selected: readonly GridRow[];
  /** The AutoID of the row that has the focus, if any. */
  focused: number | null;
  onView: (autoid: number) => void;
}

export function ViewRowButton({ selected, focused, onView }: ViewRowButtonProps) {
  const { t } = useLingui();
  const toView = selected.length === 1 ? rowId(selected[0]) : selected.length === 0 ? focused : null;
  return (
    <button
      type="button"
      className="grid-button"
      {...{ [GRID_CHANGE_BUTTON]: '' }}
      disabled={toView === null}
      onClick={() => {
        if (toView !== null) onView(toView);
      }}
    >
      {t`Bekijken`}
    </button>
  );
}
