// Column headers (sortable ones are buttons with an arrow) and the quick-filter row under them:
// text (a list column's by the text it shows), yes/no, or a choice column's labels.
// A header's right edge resizes its column; dragging a header onto another moves it there.
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ColumnResizer } from './ColumnResizer.tsx';
import { quickFilterValue, isFilterable, kindOf } from './filters.ts';
import { cellAlignment } from './format.ts';
import { SELECT_WIDTH, columnWidth } from './GridRow.tsx';
import { sortDirection } from './state.ts';
import type { GridColumn, SelectAllState } from './types.ts';

interface Props {
  columns: readonly GridColumn[];
  order: string;
  columnFilters: Readonly<Record<string, string>>;
  selectable: boolean;
  selectAll: SelectAllState;
  onSort: (column: GridColumn) => void;
  onFilter: (field: string, text: string, delay?: number) => void;
  onToggleAll: () => void;
  onResize: (field: string, width: number) => void;
  onMove: (field: string, target: string) => void;
  /**
   * Whether the headers and filters are Tab stops: not while there are rows (the grid is then
   * one tab stop, and the arrows go up from the first row to here; see keys.ts).
   */
  tabbable: boolean;
}

/** The drag carries the column's name under a type of its own, so other drags (text, files) are not drops. */
const COLUMN_DRAG = 'application/x-grid-column';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export function GridHeader({
  columns,
  order,
  columnFilters,
  selectable,
  selectAll,
  onSort,
  onFilter,
  onToggleAll,
  onResize,
  onMove,
  tabbable,
}: Props) {
  const { t } = useLingui();
  const tabIndex = tabbable ? 0 : -1;
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  return (
    <div role="rowgroup" className="grid-head">
      <div role="row" aria-rowindex={1} className="grid-row grid-header-row" data-grid-line="head">
        {selectable && (
          <div role="columnheader" className="grid-cell grid-select" style={{ width: SELECT_WIDTH }}>
            <input
              type="checkbox"
              aria-label={t`Alles selecteren`}
              tabIndex={tabIndex}
              checked={selectAll === 'all'}
              ref={(el) => {
                if (el) el.indeterminate = selectAll === 'some';
              }}
              onChange={onToggleAll}
            />
          </div>
        )}
        {columns.map((column) => {
          const direction = sortDirection(order, column.FieldName);
          const title = column.Title ?? column.FieldName;
          return (
            <div
              key={column.FieldName}
              role="columnheader"
              // Named by its title alone, not also by the resize handle inside it.
              aria-label={title}
              aria-sort={column.IsSortable ? (direction ? ARIA_SORT[direction] : 'none') : undefined}
              className={`grid-cell grid-header-cell grid-align-${cellAlignment(column)}${dropTarget === column.FieldName ? ' grid-drop-target' : ''}`}
              style={{ width: columnWidth(column) }}
              title={title}
              draggable
              onDragStart={(e) => {
                e.dataTransfer.setData(COLUMN_DRAG, column.FieldName);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => {
                if (!e.dataTransfer.types.includes(COLUMN_DRAG)) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                setDropTarget(column.FieldName);
              }}
              onDragLeave={() => setDropTarget((current) => (current === column.FieldName ? null : current))}
              onDrop={(e) => {
                const field = e.dataTransfer.getData(COLUMN_DRAG);
                setDropTarget(null);
                if (!field) return;
                e.preventDefault();
                if (field !== column.FieldName) onMove(field, column.FieldName);
              }}
              onDragEnd={() => setDropTarget(null)}
              // Alt+Arrow moves the column from the keyboard, as dragging does with the mouse.
              onKeyDown={(e) => {
                if (!e.altKey || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
                const index = columns.indexOf(column) + (e.key === 'ArrowLeft' ? -1 : 1);
                const target = columns[index];
                if (!target) return;
                e.preventDefault();
                onMove(column.FieldName, target.FieldName);
                // The moved column keeps the focus, so it can be moved on.
                const header = e.currentTarget;
                requestAnimationFrame(() => header.querySelector('button')?.focus());
              }}
            >
              {column.IsSortable ? (
                <button type="button" className="grid-sort" tabIndex={tabIndex} onClick={() => onSort(column)}>
                  <span className="grid-text">{title}</span>
                  <span aria-hidden="true" className="grid-sort-arrow">
                    {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : ''}
                  </span>
                </button>
              ) : (
                <span className="grid-text">{title}</span>
              )}
              <ColumnResizer
                field={column.FieldName}
                title={title}
                width={columnWidth(column)}
                onResize={onResize}
                tabIndex={tabIndex}
              />
            </div>
          );
        })}
      </div>
      <div role="row" aria-rowindex={2} className="grid-row grid-filter-row" data-grid-line="filter">
        {selectable && <div role="gridcell" className="grid-cell grid-select" style={{ width: SELECT_WIDTH }} />}
        {columns.map((column) => {
          const text = columnFilters[column.FieldName] ?? '';
          const label = t`Filter ${column.Title ?? column.FieldName}`;
          const invalid = text.trim() !== '' && quickFilterValue(column, text) === undefined;
          return (
            <div
              key={column.FieldName}
              role="gridcell"
              className="grid-cell grid-filter-cell"
              style={{ width: columnWidth(column) }}
            >
              {!isFilterable(column) ? null : kindOf(column) === 'bool' ? (
                <select
                  aria-label={label}
                  tabIndex={tabIndex}
                  value={text}
                  onChange={(e) => onFilter(column.FieldName, e.target.value, 0)}
                >
                  <option value="">{t`Alle`}</option>
                  <option value="true">{t`Ja`}</option>
                  <option value="false">{t`Nee`}</option>
                </select>
              ) : kindOf(column) === 'choice' ? (
                // A choice column offers its labels; the filter is its code (a URL parameter may name the label).
                <select
                  aria-label={label}
                  tabIndex={tabIndex}
                  value={quickFilterValue(column, text) ?? ''}
                  onChange={(e) => onFilter(column.FieldName, e.target.value, 0)}
                >
                  <option value="">{t`Alle`}</option>
                  {(column.Options ?? []).map((o) => (
                    <option key={o.Value} value={o.Value}>
                      {o.Label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  type="text"
                  aria-label={label}
                  tabIndex={tabIndex}
                  aria-invalid={invalid || undefined}
                  className={invalid ? 'grid-filter-invalid' : undefined}
                  value={text}
                  onChange={(e) => onFilter(column.FieldName, e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') onFilter(column.FieldName, e.currentTarget.value, 0);
                  }}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
