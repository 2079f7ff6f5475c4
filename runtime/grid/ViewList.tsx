// The view manager's list of views: name, kind, default flag and creation date, sortable by a
// click on a column header. It draws; the manager decides what a choice does.
import { useLingui } from '@lingui/react/macro';
import { useState, type MouseEvent } from 'react';
import { ColumnFormat } from '../../definitions/language/index.ts';
import type { Layout } from '../api/index.ts';
import { formatDateValue } from './format.ts';
import { useViewName } from './useViewName.ts';

export interface ViewListProps {
  layouts: readonly Layout[];
  selectedId: number | null;
  onSelect: (AutoID: number) => void;
  onApply: (layout: Layout) => void;
  onMenu: (event: MouseEvent, layout: Layout) => void;
}

type SortField = 'Name' | 'LayoutType' | 'DefaultLayout' | 'CreateDate';

export function ViewList({ layouts, selectedId, onSelect, onApply, onMenu }: ViewListProps) {
  const { t } = useLingui();
  const viewName = useViewName();
  const [sort, setSort] = useState<{ field: SortField; desc: boolean } | null>(null);

  /** The columns sort by a click on their header, like a grid's (spec 1 section 3: IsSortable, Title). */
  const sortValue = (layout: Layout, field: SortField): string | number => {
    switch (field) {
      case 'Name':
        return viewName(layout.Name).toLowerCase();
      case 'LayoutType':
        return typeOf(layout).toLowerCase();
      case 'DefaultLayout':
        return layout.DefaultLayout ? 0 : 1;
      case 'CreateDate':
        return layout.CreateDate;
    }
  };
  const shown = !sort
    ? layouts
    : [...layouts].sort((a, b) => {
        const x = sortValue(a, sort.field);
        const y = sortValue(b, sort.field);
        return (x < y ? -1 : x > y ? 1 : 0) * (sort.desc ? -1 : 1);
      });
  const header = (field: SortField, title: string) => (
    <div role="columnheader" aria-sort={sort?.field === field ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
      <button
        type="button"
        className="grid-sort"
        onClick={() => setSort(sort?.field === field && !sort.desc ? { field, desc: true } : { field, desc: false })}
      >
        {title}
        <span aria-hidden="true" className="grid-sort-arrow">
          {sort?.field === field ? (sort.desc ? '▼' : '▲') : ''}
        </span>
      </button>
    </div>
  );

  function typeOf(layout: Layout) {
    if (layout.LayoutType === 1) return t`Gebruiker`;
    const group = layout.SecurityGroup ?? (layout.SecurityGroupID === null ? null : String(layout.SecurityGroupID));
    return group ? t`Rol: ${group}` : t`Systeem`;
  }

  return (
    <div role="grid" aria-label={t`Weergaven`} className="grid-views">
      <div role="row" className="grid-views-row grid-views-head">
        {header('Name', t`Naam`)}
        {header('LayoutType', t`Soort`)}
        {header('DefaultLayout', t`Standaard`)}
        {header('CreateDate', t`Aangemaakt`)}
      </div>
      {shown.map((layout) => (
        <div
          key={layout.AutoID}
          role="row"
          aria-selected={layout.AutoID === selectedId}
          tabIndex={0}
          className={`grid-views-row${layout.AutoID === selectedId ? ' grid-row-selected' : ''}`}
          onClick={() => onSelect(layout.AutoID)}
          onDoubleClick={() => onApply(layout)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onApply(layout);
            else if (e.key === ' ') {
              e.preventDefault();
              onSelect(layout.AutoID);
            }
          }}
          onContextMenu={(e) => onMenu(e, layout)}
        >
          <div role="gridcell">{viewName(layout.Name)}</div>
          <div role="gridcell">{typeOf(layout)}</div>
          <div role="gridcell">{layout.DefaultLayout ? t`Ja` : t`Nee`}</div>
          <div role="gridcell">{formatDateValue(layout.CreateDate, ColumnFormat.DateTime)}</div>
        </div>
      ))}
    </div>
  );
}
