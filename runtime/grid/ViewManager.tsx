// The saved-view manager (spec 1 section 2 "Saved-view manager dialog"): the grid's views with
// name, type, default flag and creation date; right-click sets a default or deletes where the
// user may change that view; 'Toepassen' shows the selected view in the grid.
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { ColumnFormat, MAX_PAGE_SIZE } from '../../definitions/language/index.ts';
import { api } from '../api/index.ts';
import type { Layout, ViewPermissions } from '../api/index.ts';
import { confirm, Modal, showAlert } from '../app/dialogs/index.ts';
import { formatDateValue } from './format.ts';
import { GridContextMenu, type ContextMenuItem } from './GridContextMenu.tsx';
import { ResetDefaults } from './ResetDefaults.tsx';
import { useViewName } from './useViewName.ts';
import type { ViewClient } from './types.ts';
import { canDeleteView, canSetDefault } from './viewRules.ts';

export interface ViewManagerProps {
  control: string;
  /** The grid's current view, selected when the list opens. */
  currentId: number | null;
  permissions: ViewPermissions;
  onApply: (layout: Layout) => void;
  /** A view was deleted (the grid may have to leave it). */
  onDeleted: (AutoID: number) => void;
  onClose: () => void;
  client?: Pick<ViewClient, 'deleteLayout' | 'layouts' | 'resetUserLayout' | 'setDefaultLayout' | 'userDefaults'>;
}

type SortField = 'Name' | 'LayoutType' | 'DefaultLayout' | 'CreateDate';

export function ViewManager({ control, currentId, permissions, onApply, onDeleted, onClose, client = api }: ViewManagerProps) {
  const { t } = useLingui();
  const viewName = useViewName();
  const [layouts, setLayouts] = useState<Layout[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [selectedId, setSelectedId] = useState(currentId);
  const [menu, setMenu] = useState<{ x: number; y: number; items: ContextMenuItem[] } | null>(null);
  const [sort, setSort] = useState<{ field: SortField; desc: boolean } | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);

  const load = useCallback(async () => {
    try {
      const answer = await client.layouts(control, { PageSize: MAX_PAGE_SIZE, PageIndex: 0 });
      setLayouts(answer.Data);
      setFailed(false);
    } catch (error) {
      console.error('getflexgridlayouts failed', error);
      setFailed(true);
    }
  }, [client, control]);
  useEffect(() => { void load(); }, [load]);

  const selected = layouts?.find((l) => l.AutoID === selectedId) ?? null;
  const selectedName = selected ? viewName(selected.Name) : '';
  const apply = (layout: Layout) => {
    onApply(layout);
    onClose();
  };

  const makeDefault = async (layout: Layout) => {
    try {
      await client.setDefaultLayout(control, layout.AutoID);
      await load();
    } catch (error) {
      console.error('updatedefaultlayout failed', error);
      showAlert(t`Fout bij het updaten van de weergave.`);
    }
  };

  const remove = async (layout: Layout) => {
    const name = viewName(layout.Name);
    if (await confirm(t`Weet u zeker dat u de weergave ${name} wilt verwijderen?`, t`Verwijderen`) !== 'yes') return;
    try {
      await client.deleteLayout(layout.AutoID);
    } catch (error) {
      console.error('deleteflexgridlayout failed', error);
      showAlert(t`Fout bij het verwijderen van de layout.`);
      return;
    }
    if (selectedId === layout.AutoID) setSelectedId(null);
    onDeleted(layout.AutoID);
    await load();
  };

  const openMenu = (event: MouseEvent, layout: Layout) => {
    event.preventDefault();
    setSelectedId(layout.AutoID);
    const items: ContextMenuItem[] = [];
    if (canSetDefault(permissions, layout)) items.push({ id: 'default', label: t`Als standaard instellen`, onSelect: () => void makeDefault(layout) });
    if (canDeleteView(permissions, layout)) items.push({ id: 'delete', label: t`Verwijderen`, onSelect: () => void remove(layout) });
    setMenu(items.length ? { x: event.clientX, y: event.clientY, items } : null);
  };

  /** The manager's columns sort by a click on their header, like a grid's (spec 1 section 3: IsSortable, Title). */
  const sortValue = (layout: Layout, field: SortField): string | number => {
    switch (field) {
      case 'Name': return viewName(layout.Name).toLowerCase();
      case 'LayoutType': return typeOf(layout).toLowerCase();
      case 'DefaultLayout': return layout.DefaultLayout ? 0 : 1;
      case 'CreateDate': return layout.CreateDate;
    }
  };
  const shown = !layouts || !sort ? layouts : [...layouts].sort((a, b) => {
    const x = sortValue(a, sort.field);
    const y = sortValue(b, sort.field);
    return (x < y ? -1 : x > y ? 1 : 0) * (sort.desc ? -1 : 1);
  });
  const header = (field: SortField, title: string) => (
    <div role="columnheader" aria-sort={sort?.field === field ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
      <button type="button" className="grid-sort" onClick={() => setSort(sort?.field === field && !sort.desc ? { field, desc: true } : { field, desc: false })}>
        {title}
        <span aria-hidden="true" className="grid-sort-arrow">{sort?.field === field ? (sort.desc ? '▼' : '▲') : ''}</span>
      </button>
    </div>
  );

  function typeOf(layout: Layout) {
    if (layout.LayoutType === 1) return t`Gebruiker`;
    const group = layout.SecurityGroup ?? (layout.SecurityGroupID === null ? null : String(layout.SecurityGroupID));
    return group ? t`Rol: ${group}` : t`Systeem`;
  }

  return (
    <Modal
      title={t`Weergaven`}
      onClose={onClose}
      closeButton={false}
      className="grid-dialog grid-dialog--wide"
      busy={!layouts && !failed}
      footer={
        <>
          <span className="grid-dialog-status">{selected ? t`Geselecteerd: ${selectedName}` : ''}</span>
          <button type="button" className="app-button app-button--primary" disabled={!selected} onClick={() => selected && apply(selected)}>
            {t`Toepassen`}
          </button>
          <button type="button" className="app-button" onClick={onClose}>{t`Sluiten`}</button>
        </>
      }
    >
      {failed && <div role="alert" className="grid-alert">{t({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' })}</div>}
      {layouts && (
        <div role="grid" aria-label={t`Weergaven`} className="grid-views">
          <div role="row" className="grid-views-row grid-views-head">
            {header('Name', t`Naam`)}
            {header('LayoutType', t`Soort`)}
            {header('DefaultLayout', t`Standaard`)}
            {header('CreateDate', t`Aangemaakt`)}
          </div>
          {(shown ?? []).map((layout) => (
            <div
              key={layout.AutoID}
              role="row"
              aria-selected={layout.AutoID === selectedId}
              tabIndex={0}
              className={`grid-views-row${layout.AutoID === selectedId ? ' grid-row-selected' : ''}`}
              onClick={() => setSelectedId(layout.AutoID)}
              onDoubleClick={() => apply(layout)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') apply(layout);
                else if (e.key === ' ') { e.preventDefault(); setSelectedId(layout.AutoID); }
              }}
              onContextMenu={(e) => openMenu(e, layout)}
            >
              <div role="gridcell">{viewName(layout.Name)}</div>
              <div role="gridcell">{typeOf(layout)}</div>
              <div role="gridcell">{layout.DefaultLayout ? t`Ja` : t`Nee`}</div>
              <div role="gridcell">{formatDateValue(layout.CreateDate, ColumnFormat.DateTime)}</div>
            </div>
          ))}
        </div>
      )}
      {layouts && (
        <ResetDefaults
          control={control}
          permissions={permissions}
          ownDefault={layouts.some((l) => l.LayoutType === 1 && l.DefaultLayout)}
          onReset={() => void load()}
          client={client}
        />
      )}
      {menu && <GridContextMenu x={menu.x} y={menu.y} items={menu.items} rows={[]} onClose={closeMenu} />}
    </Modal>
  );
}
