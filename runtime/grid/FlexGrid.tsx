// FlexGrid: one generic grid for every list. It knows no table: it works from a saved view (which
// columns, in which order and width, sort and filters), and titles, formats and filter types come
// from GetFlexData's Meta.Columns.
import { RightsNotice } from './RightsNotice.tsx';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { List, useListRef } from 'react-window';
import { fileUrls, type FlexRequest } from '../api/index.ts';
import { startExport } from '../live/index.ts';
import { AdvancedFilters } from './AdvancedFilters.tsx';
import { GridContextMenu, type ContextMenuItem } from './GridContextMenu.tsx';
import { GridHeader } from './GridHeader.tsx';
import {
  GridRowView,
  ROW_HEIGHT,
  SELECT_WIDTH,
  cardColumns,
  cardHeight,
  columnWidth,
  type GridRowProps,
  type RowHandlers,
} from './GridRow.tsx';
import { useNarrow } from '../ui/useNarrow.ts';
import { GridToolbar } from './GridToolbar.tsx';
import { GridViews } from './GridViews.tsx';
import { lineKey, rowKey, tabStopRow } from './keys.ts';
import { emptyUnfiltered } from './filters.ts';
import { rowId, selectAllState, showLoadMore } from './state.ts';
import type { GridRow } from './types.ts';
import { useFlexGrid, type GridScope } from './useFlexGrid.ts';
import './grid.css';

export interface FlexGridProps {
  /** Table name for mvc/{control}/GetFlexData. */
  control: string;
  /** Shows the Active/Archive/All selector (0, 1, 2). */
  dataSourceSwitch?: boolean;
  onRowClick?: (row: Record<string, unknown>) => void;
  /** Right-click menu; when given, multi-select exists. */
  contextMenu?: ContextMenuItem[];
  /** When it changes, page 1 reloads keeping the filters. */
  refreshToken?: number;
  /** URL query string: $dataset selects the data source, other names set column quick filters. */
  query?: string;
  /** Fixed on every request: the parent's rows (dataFilter), a named data set. */
  scope?: GridScope;
  /** The owner's toolbar controls, given the selected rows (actions on the selection). */
  toolbar?: (selected: GridRow[]) => ReactNode;
  /** An accessible name for the grid (several grids on one screen). */
  label?: string;
  /**
   * Where rows the grid does not show would be found (another data set), asked when a page comes
   * back empty: the grid says so beside its empty state, with a button to go there.
   */
  elsewhere?: (request: FlexRequest) => Promise<ElsewhereHint | null>;
  /**
   * A grid with nothing in it yet (a child tab) carries a light toolbar: no search, filters, export
   * or views while it has no rows and no search or filter; its owner offers Add beside it.
   */
  lightWhenEmpty?: boolean;
  /** A row to point out (a record just made, found in this data set): selected and focused once it loads. */
  highlight?: number | null;
}

/** Rows the grid does not show, found elsewhere: how many, where, and how to go there. */
export interface ElsewhereHint {
  count: number;
  where: string;
  show: () => void;
}

/** Rows shown before the body scrolls; the CSS caps it further on small screens. */
const VISIBLE_ROWS = 20;
const BODY_MAX_HEIGHT = 'max(150px, calc(100vh - 300px))';

export function FlexGrid(props: FlexGridProps) {
  // Another table is another grid: a fresh store, filters and selection.
  return <FlexGridView key={props.control} {...props} />;
}

function FlexGridView({
  control,
  dataSourceSwitch = false,
  onRowClick,
  contextMenu,
  refreshToken,
  query,
  scope,
  toolbar,
  label,
  elsewhere,
  lightWhenEmpty = false,
  highlight = null,
}: FlexGridProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale || 'nl';
  const { state, actions, currentRequest } = useFlexGrid({ control, query, refreshToken, scope, locale });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [menu, setMenu] = useState<{ x: number; y: number; rows: GridRow[] } | null>(null);
  const listRef = useListRef(null);
  const selectable = Boolean(contextMenu?.length);
  const { rows, columns, selected } = state;
  // The grid's one tab stop: the active row (see keys.ts), kept among the rows rendered.
  const [active, setActive] = useState(0);
  const [rendered, setRendered] = useState<{ start: number; stop: number } | null>(null);
  const focusWanted = useRef<number | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const tabRow = tabStopRow(active, rows.length, rendered);
  // An empty page asks whether the rows are elsewhere (another data set); each new answer asks again.
  const [hint, setHint] = useState<ElsewhereHint | null>(null);
  const found = hint?.count ?? 0;
  const where = hint?.where ?? '';
  const hintText = t`${plural(found, { one: `${found} resultaat in ${where}`, other: `${found} resultaten in ${where}` })}`;
  // Only an answered page counts (its time is known), not the grid before its first answer.
  const empty = rows.length === 0 && state.elapsedMs !== null && !state.loading && !state.failed;
  useEffect(() => {
    setHint(null);
    if (!empty || !elsewhere) return;
    let live = true;
    elsewhere(currentRequest()).then(
      (found) => {
        if (live) setHint(found && found.count > 0 ? found : null);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // A new page of rows (its array) is what asks again; the request is read as it is then.
  }, [empty, elsewhere, rows]);

  useEffect(() => {
    const element = listRef.current?.element;
    if (element) element.scrollTop = 0;
  }, [state.scrollToTop, listRef]);

  useEffect(() => {
    if (!selectable) return;
    const end = () => actions.dragEnd();
    window.addEventListener('mouseup', end);
    return () => window.removeEventListener('mouseup', end);
  }, [selectable, actions]);

  const openMenu = useCallback(
    (event: MouseEvent, row: GridRow) => {
      event.preventDefault();
      setMenu({ x: event.clientX, y: event.clientY, rows: actions.contextSelect(row) });
    },
    [actions],
  );
  const closeMenu = useCallback(() => setMenu(null), []);

  const handlers = useMemo<RowHandlers>(
    () => ({
      click: onRowClick,
      contextMenu: selectable ? openMenu : undefined,
      toggle: actions.toggleRow,
      dragStart: actions.dragStart,
      dragOver: actions.dragOver,
      focus: setActive,
    }),
    [onRowClick, selectable, openMenu, actions],
  );

  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const selectedRows = useMemo(() => rows.filter((r) => selectedSet.has(rowId(r))), [rows, selectedSet]);
  const selectLabel = t`Rij selecteren`;
  const fileUrl = useCallback(
    (field: string, autoid: number, thumbnail: boolean) => fileUrls.field(control, autoid, field, thumbnail),
    [control],
  );
  // On a phone rows are cards, the page's width, rather than a table scrolled sideways.
  const narrow = useNarrow();
  const card = useMemo(() => (narrow ? cardColumns(columns, state.card) : null), [narrow, columns, state.card]);
  const rowProps = useMemo<GridRowProps>(
    () => ({
      rows,
      columns,
      selected: selectedSet,
      selectable,
      locale,
      selectLabel,
      handlers,
      fileUrl,
      card,
      tabRow,
    }),
    [rows, columns, selectedSet, selectable, locale, selectLabel, handlers, fileUrl, card, tabRow],
  );

  // A row the keys moved to gets the focus once it is rendered (it may first have to scroll in).
  useEffect(() => {
    const wanted = focusWanted.current;
    if (wanted === null) return;
    const element = gridRef.current?.querySelector<HTMLElement>(`[role="row"][data-row-index="${wanted}"]`);
    if (!element) return;
    focusWanted.current = null;
    element.focus();
  });
  const focusRow = (index: number) => {
    focusWanted.current = index;
    setActive(index);
    listRef.current?.scrollToRow({ index, align: 'smart' });
    const element = gridRef.current?.querySelector<HTMLElement>(`[role="row"][data-row-index="${index}"]`);
    if (element) {
      focusWanted.current = null;
      element.focus();
    }
  };

  // The row to point out is selected and focused once, when a loaded page holds it.
  const highlighted = useRef<number | null>(null);
  useEffect(() => {
    if (highlight === null || highlighted.current === highlight || state.loading) return;
    const index = rows.findIndex((r) => rowId(r) === highlight);
    if (index < 0) return;
    highlighted.current = highlight;
    if (selectable && !selected.includes(highlight)) actions.toggleRow(highlight);
    focusRow(index);
  });
  const controlsOf = (line: Element | null | undefined) =>
    line ? [...line.querySelectorAll<HTMLElement>('button, input, select, [role="separator"]')] : [];
  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    const grid = gridRef.current;
    if (!grid) return;
    if (target.getAttribute('role') === 'row' && target.dataset.rowIndex !== undefined) {
      const index = Number(target.dataset.rowIndex);
      const page = Math.max(1, Math.floor((listRef.current?.element?.clientHeight ?? 0) / rowHeight));
      const effect = rowKey(event.key, index, rows.length, page);
      if (!effect) return;
      event.preventDefault();
      if (effect.kind === 'row') focusRow(effect.index);
      else if (effect.kind === 'open') onRowClick?.(rows[index]);
      else if (effect.kind === 'toggle') {
        if (selectable) actions.toggleRow(rowId(rows[index]));
      } else controlsOf(grid.querySelector('[data-grid-line="filter"]'))[0]?.focus();
      return;
    }
    const line = target.closest('[data-grid-line]');
    if (!line) return;
    const controls = controlsOf(line);
    const at = controls.indexOf(target);
    if (at < 0) return;
    const text = target instanceof HTMLInputElement && target.type === 'text' ? target : null;
    const caret = text
      ? {
          atStart: text.selectionStart === 0 && text.selectionEnd === 0,
          atEnd: text.selectionStart === text.value.length,
        }
      : null;
    const effect = lineKey(event.key, at, controls.length, caret);
    if (!effect) return;
    const head = line.getAttribute('data-grid-line') === 'head';
    if (effect.kind === 'move') {
      event.preventDefault();
      controls[effect.index].focus();
    } else if (effect.kind === 'up') {
      if (head) return;
      event.preventDefault();
      controlsOf(grid.querySelector('[data-grid-line="head"]'))[0]?.focus();
    } else {
      event.preventDefault();
      if (head) controlsOf(grid.querySelector('[data-grid-line="filter"]'))[0]?.focus();
      else if (rows.length) focusRow(tabRow);
    }
  };

  const width =
    card !== null ? undefined : columns.reduce((sum, c) => sum + columnWidth(c), selectable ? SELECT_WIDTH : 0);
  const rowHeight = card !== null ? cardHeight(card.length) : ROW_HEIGHT;
  const bodyHeight = Math.min(rows.length, VISIBLE_ROWS) * rowHeight;
  const searchable = !columns.length || columns.some((c) => c.Search);
  const light = lightWhenEmpty && emptyUnfiltered(state);

  return (
    <div className={`grid${light ? ' grid--light' : ''}`}>
      {!light && (
        <GridToolbar
          search={state.search}
          searchable={searchable}
          dataSource={state.dataSource}
          dataSourceSwitch={dataSourceSwitch}
          pinned={state.pinned}
          filtersOpen={filtersOpen}
          filtered={state.filtered}
          loading={state.loading}
          count={state.count}
          countEstimated={state.countEstimated}
          elapsedMs={state.elapsedMs}
          locale={locale}
          onSearch={actions.setSearch}
          onSearchNow={actions.searchNow}
          onDataSource={actions.setDataSource}
          onRefresh={() => actions.refresh()}
          onToggleFilters={() => setFiltersOpen((open) => !open)}
          onTogglePin={actions.togglePin}
          onReset={actions.resetFilters}
          onExport={(layout) => void startExport(control, currentRequest(), layout)}
        >
          <GridViews
            control={control}
            view={state.view}
            modified={state.modified}
            permissions={state.permissions}
            viewColumns={state.viewColumns}
            pageSize={state.pageSize}
            actions={actions}
          />
          {toolbar?.(selectedRows)}
        </GridToolbar>
      )}
      {filtersOpen && !light && (
        <AdvancedFilters
          columns={columns}
          filters={state.advancedFilters}
          onAdd={actions.addAdvancedFilter}
          onChange={actions.updateAdvancedFilter}
          onRemove={actions.removeAdvancedFilter}
        />
      )}
      {state.stale && (
        <div className="grid-stale" role="status">
          <span>{t`Deze gegevens zijn intussen gewijzigd.`}</span>
          <button type="button" className="grid-button" onClick={() => actions.refresh(true)}>{t`Vernieuwen`}</button>
        </div>
      )}
      <div className="grid-scroll">
        <div
          ref={gridRef}
          role="grid"
          aria-label={label}
          aria-rowcount={state.countEstimated ? -1 : state.count + 2}
          aria-multiselectable={selectable || undefined}
          aria-busy={state.loading || undefined}
          className={`grid-table${card !== null ? ' grid-table--cards' : ''}`}
          style={width === undefined ? undefined : { width }}
          onKeyDown={onGridKey}
        >
          <GridHeader
            columns={columns}
            order={state.order}
            columnFilters={state.columnFilters}
            selectable={selectable}
            selectAll={selectAllState(rows, selected)}
            onSort={actions.toggleSort}
            onFilter={actions.setColumnFilter}
            onToggleAll={actions.toggleAll}
            onResize={actions.resizeColumn}
            onMove={actions.moveColumn}
            tabbable={rows.length === 0}
          />
          {rows.length > 0 && (
            <List
              role="rowgroup"
              className="grid-body"
              listRef={listRef}
              rowComponent={GridRowView}
              rowCount={rows.length}
              rowHeight={rowHeight}
              rowProps={rowProps}
              onRowsRendered={({ startIndex, stopIndex }) =>
                setRendered((r) =>
                  r && r.start === startIndex && r.stop === stopIndex ? r : { start: startIndex, stop: stopIndex },
                )
              }
              defaultHeight={bodyHeight}
              overscanCount={10}
              style={{ height: bodyHeight, maxHeight: BODY_MAX_HEIGHT }}
            />
          )}
        </div>
      </div>
      <RightsNotice unseen={state.unseen} columns={state.meta} />
      {rows.length === 0 && !state.failed && (
        <div className="grid-empty" role="status">
          {state.loading ? t`Laden…` : t({ id: 'grid.no_results', message: 'Geen resultaten' })}
          {hint && (
            <>
              {' '}
              <button type="button" className="grid-button" onClick={hint.show}>
                {hintText}
              </button>
            </>
          )}
        </div>
      )}
      {showLoadMore(state) && (
        <button
          type="button"
          className="grid-load-more"
          disabled={state.busy}
          aria-busy={state.busy || undefined}
          onClick={actions.loadMore}
        >
          {t`Meer laden`}
        </button>
      )}
      {menu && contextMenu && (
        <GridContextMenu x={menu.x} y={menu.y} items={contextMenu} rows={menu.rows} onClose={closeMenu} />
      )}
    </div>
  );
}
