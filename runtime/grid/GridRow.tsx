// One virtualized row. Cells are memoized per row object, so selection changes and scrolling
// re-render only the small selection cell, which keeps 10,000 loaded rows smooth.
import { memo, type MouseEvent } from 'react';
import type { RowComponentProps } from 'react-window';
import { FileLink } from '../files/index.ts';
import { cellAlignment, cellContent, type FileUrl } from './format.ts';
import { rowId } from './state.ts';
import type { GridColumn, GridRow } from './types.ts';

export const ROW_HEIGHT = 30;
/**
 * On a phone a row is a card: the fields the grid definition names for it (those the view shows),
 * else its first columns, one under the other, each with its title.
 */
export const CARD_FIELDS = 4;
export function cardColumns(columns: readonly GridColumn[], card: readonly string[]): readonly GridColumn[] {
  const named = card
    .map((name) => columns.find((c) => c.FieldName.toLowerCase() === name.toLowerCase()))
    .filter((c): c is GridColumn => c !== undefined);
  return named.length ? named : columns.slice(0, CARD_FIELDS);
}
const CARD_LINE = 22;
const CARD_PADDING = 12;
/** A card's height for the number of fields it shows. */
export const cardHeight = (fields: number) => CARD_PADDING + Math.max(1, fields) * CARD_LINE;
export const SELECT_WIDTH = 34;
export const DEFAULT_COLUMN_WIDTH = 150;

export function columnWidth(column: GridColumn): number {
  return Math.max(0, column.ColumnWidth ?? DEFAULT_COLUMN_WIDTH);
}

export interface RowHandlers {
  click?: (row: GridRow) => void;
  contextMenu?: (event: MouseEvent, row: GridRow) => void;
  toggle: (id: number) => void;
  dragStart: (index: number) => void;
  dragOver: (index: number) => void;
  /** A row got the focus (a click or the keys): it becomes the grid's tab stop. */
  focus: (index: number) => void;
}

export interface GridRowProps {
  rows: readonly GridRow[];
  columns: readonly GridColumn[];
  selected: ReadonlySet<number>;
  selectable: boolean;
  locale: string;
  selectLabel: string;
  handlers: RowHandlers;
  /** Where the rows' files are (file and image columns). */
  fileUrl: FileUrl;
  /** Rows as cards (a phone): the columns a card shows; null: rows as table rows. */
  card: readonly GridColumn[] | null;
  /** The one row Tab reaches (the grid is one tab stop; see keys.ts). */
  tabRow: number;
}

const GridCells = memo(function GridCells({
  row,
  columns,
  locale,
  fileUrl,
  card,
}: {
  row: GridRow;
  columns: readonly GridColumn[];
  locale: string;
  fileUrl: FileUrl;
  card: boolean;
}) {
  return columns.map((column) => {
    const content = cellContent(column, row, locale, fileUrl);
    return (
      <div
        key={column.FieldName}
        role="gridcell"
        className={`grid-cell grid-align-${cellAlignment(column)}`}
        style={card ? undefined : { width: columnWidth(column) }}
      >
        {card && <span className="grid-card-title">{column.Title ?? column.FieldName}</span>}
        {content.kind === 'bool' ? (
          <input
            type="checkbox"
            checked={content.value}
            disabled
            readOnly
            tabIndex={-1}
            aria-label={column.Title ?? column.FieldName}
          />
        ) : content.kind === 'image' ? (
          content.src ? (
            <img src={content.src} alt="" loading="lazy" className="grid-image" />
          ) : null
        ) : content.kind === 'file' ? (
          <FileLink path={content.path} name={content.name} className="grid-text files-link" />
        ) : (
          <span className="grid-text" title={content.text}>
            {content.text}
          </span>
        )}
      </div>
    );
  });
});

const noop = () => {};

export function GridRowView({
  index,
  style,
  rows,
  columns,
  selected,
  selectable,
  locale,
  selectLabel,
  handlers,
  fileUrl,
  card,
  tabRow,
}: RowComponentProps<GridRowProps>) {
  const row = rows[index];
  const id = rowId(row);
  const isSelected = selected.has(id);
  return (
    <div
      role="row"
      aria-rowindex={index + 3}
      aria-selected={selectable ? isSelected : undefined}
      data-autoid={id}
      data-row-index={index}
      tabIndex={index === tabRow ? 0 : -1}
      className={`grid-row${card !== null ? ' grid-card' : ''}${isSelected ? ' grid-row-selected' : ''}${index % 2 ? ' grid-row-odd' : ''}${handlers.click ? ' grid-row-clickable' : ''}`}
      style={style}
      onClick={handlers.click ? () => handlers.click?.(row) : undefined}
      onFocus={(e) => {
        if (e.target === e.currentTarget) handlers.focus(index);
      }}
      onContextMenu={handlers.contextMenu ? (e) => handlers.contextMenu?.(e, row) : undefined}
      onMouseEnter={selectable ? () => handlers.dragOver(index) : undefined}
    >
      {selectable && (
        <div
          role="gridcell"
          className="grid-cell grid-select"
          style={{ width: SELECT_WIDTH }}
          onMouseDown={(e) => {
            if (e.button === 0) {
              e.preventDefault();
              handlers.dragStart(index);
            }
          }}
          onClick={(e) => e.stopPropagation()}
        >
          <input
            type="checkbox"
            checked={isSelected}
            tabIndex={-1}
            aria-label={selectLabel}
            onChange={noop}
            // A mouse click was handled on mousedown (it starts a drag); keyboard toggles come with detail 0.
            onClick={(e) => {
              e.stopPropagation();
              if (e.detail === 0) handlers.toggle(id);
            }}
          />
        </div>
      )}
      <GridCells row={row} columns={card ?? columns} locale={locale} fileUrl={fileUrl} card={card !== null} />
    </div>
  );
}
