// A screen's actions on the rows selected in a grid (a detail screen's overview, a record's grid
// tab): a button each in the grid's toolbar and an entry each in its context menu. An action that
// needs several rows stays disabled, saying how many, until that many are selected.
import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, type ReactNode } from 'react';
import type { ContextMenuItem, GridRow } from '../../grid/index.ts';
import { appliesTo, rowsShort, type ActionSpec } from '../actions/index.ts';

export interface RowActions {
  /** Undefined when nothing is offered. */
  contextMenu: ContextMenuItem[] | undefined;
  /** The toolbar's group of actions, given the selection; undefined when nothing is offered. */
  toolbar: ((selected: GridRow[]) => ReactNode) | undefined;
}

export function useRowActions(
  offered: readonly ActionSpec[],
  start: (action: ActionSpec, rows: GridRow[]) => unknown,
): RowActions {
  const { t } = useLingui();
  const atLeast = useCallback((n: number) => t`Selecteer ten minste ${n} rijen.`, [t]);

  const contextMenu = useMemo<ContextMenuItem[] | undefined>(() => {
    if (offered.length === 0) return undefined;
    return offered.map((action) => ({
      id: action.key,
      label: action.label,
      enabled: (rows: GridRow[]) => appliesTo(action, rows.length),
      hint: (rows: GridRow[]) => {
        const n = rowsShort(action, rows.length);
        return n === null ? undefined : atLeast(n);
      },
      onSelect: (rows: GridRow[]) => void start(action, rows),
    }));
  }, [offered, start, atLeast]);

  const toolbar = useMemo(() => {
    if (offered.length === 0) return undefined;
    return (selected: GridRow[]) => (
      <span className="detail-grid-actions" role="group" aria-label={t`Acties`}>
        {offered.map((action) => {
          const short = rowsShort(action, selected.length);
          return (
            <button
              key={action.key}
              type="button"
              className="grid-button"
              disabled={!appliesTo(action, selected.length)}
              title={short === null ? undefined : atLeast(short)}
              onClick={() => void start(action, selected)}
            >
              {action.label}
            </button>
          );
        })}
      </span>
    );
  }, [offered, start, t, atLeast]);

  return { contextMenu, toolbar };
}
