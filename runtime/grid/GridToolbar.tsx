// Toolbar: barcode-aware search, data source, refresh, advanced filters, pin and reset, export (two layouts),
// the view's controls (children), and the result count with its timing.
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { useNarrow } from '../ui/useNarrow.ts';
import type { ExportLayout } from '../api/index.ts';
import { stripBarcode } from './barcode.ts';
import { ExportMenu } from './ExportMenu.tsx';
import { formatCount, formatSeconds } from './format.ts';
import type { DataSource } from './types.ts';

interface Props {
  search: string;
  searchable: boolean;
  dataSource: DataSource;
  dataSourceSwitch: boolean;
  pinned: boolean;
  filtersOpen: boolean;
  filtered: boolean;
  loading: boolean;
  count: number;
  countEstimated: boolean;
  elapsedMs: number | null;
  locale: string;
  onSearch: (text: string) => void;
  onSearchNow: (text: string) => void;
  onDataSource: (source: DataSource) => void;
  onRefresh: () => void;
  onToggleFilters: () => void;
  onTogglePin: () => void;
  onReset: () => void;
  /** Exports the rows as they show now, in the layout chosen (a background job; the notice follows). */
  onExport: (layout: ExportLayout) => void;
  /** The current view's name and actions. */
  children?: ReactNode;
}

function host(): string {
  return typeof window === 'undefined' ? '' : window.location.host;
}

export function GridToolbar(p: Props) {
  const { t } = useLingui();
  const narrow = useNarrow();
  const [more, setMore] = useState(false);
  const count = p.count;
  const countText = formatCount(count, p.locale);
  const seconds = formatSeconds(p.elapsedMs ?? 0, p.locale);
  return (
    <div className="grid-toolbar">
      <input
        type="search"
        className="grid-search"
        aria-label={t`Zoeken`}
        placeholder={t`Zoeken`}
        disabled={!p.searchable}
        value={p.search}
        onChange={(e) => p.onSearch(e.target.value)}
        onPaste={(e) => {
          const pasted = e.clipboardData.getData('text');
          const code = stripBarcode(pasted, host());
          if (code !== pasted) {
            e.preventDefault();
            p.onSearchNow(code);
          }
        }}
        onBlur={(e) => {
          const code = stripBarcode(e.target.value, host());
          if (code !== e.target.value) p.onSearchNow(code);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') p.onSearchNow(stripBarcode(e.currentTarget.value, host()));
        }}
      />
      {p.dataSourceSwitch && (
        <select
          aria-label={t`Gegevensbron`}
          value={p.dataSource}
          onChange={(e) => p.onDataSource(Number(e.target.value) as DataSource)}
        >
          <option value={0}>{t`Actief`}</option>
          <option value={1}>{t`Archief`}</option>
          <option value={2}>{t`Alle`}</option>
        </select>
      )}
      {narrow && (
        <button
          type="button"
          className="grid-button grid-more"
          aria-expanded={more}
          onClick={() => setMore(!more)}
        >{t`Meer`}</button>
      )}
      {/* On a phone the tools beyond search and data source fold away behind Meer. */}
      <div className="grid-tools" hidden={narrow && !more}>
        <button
          type="button"
          className="grid-button"
          onClick={p.onRefresh}
          aria-busy={p.loading || undefined}
        >{t`Vernieuwen`}</button>
        <button
          type="button"
          className="grid-button"
          aria-expanded={p.filtersOpen}
          onClick={p.onToggleFilters}
        >{t`Filters`}</button>
        <button
          type="button"
          className="grid-button"
          aria-pressed={p.pinned}
          onClick={p.onTogglePin}
          title={p.pinned ? t`Filters losmaken` : t`Filters vastzetten`}
        >
          {p.pinned ? t`Filters losmaken` : t`Filters vastzetten`}
        </button>
        <button
          type="button"
          className="grid-button"
          disabled={!p.filtered}
          onClick={p.onReset}
        >{t`Filters wissen`}</button>
        <ExportMenu onExport={p.onExport} />
        {p.children}
      </div>
      <span className="grid-count" role="status">
        {p.elapsedMs === null
          ? p.loading
            ? t`Laden…`
            : ''
          : p.countEstimated
            ? t`± ${plural(count, { one: `${countText} resultaat (${seconds} s)`, other: `${countText} resultaten (${seconds} s)` })}`
            : t`${plural(count, { one: `${countText} resultaat (${seconds} s)`, other: `${countText} resultaten (${seconds} s)` })}`}
      </span>
    </div>
  );
}
