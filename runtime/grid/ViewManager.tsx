// The saved-view manager (spec 1 section 2 "Saved-view manager dialog"): the grid's views with
// name, type, default flag and creation date; right-click sets a default or deletes where the
// user may change that view; 'Toepassen' shows the selected view in the grid.
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { api } from '../api/index.ts';
import type { Layout, ViewPermissions } from '../api/index.ts';
import { confirm, Modal, showAlert } from '../ui/dialogs/index.ts';
import { GridContextMenu, type ContextMenuItem } from './GridContextMenu.tsx';
import { ResetDefaults } from './ResetDefaults.tsx';
import type { ViewClient } from './types.ts';
import { useViewName } from './useViewName.ts';
import { ViewList } from './ViewList.tsx';
import { canDeleteView, canSetDefault } from './viewRules.ts';
import { deleteView, listViews, setDefaultView } from './viewsController.ts';

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

export function ViewManager({
  control,
  currentId,
  permissions,
  onApply,
  onDeleted,
  onClose,
  client = api,
}: ViewManagerProps) {
  const { t } = useLingui();
  const viewName = useViewName();
  const [layouts, setLayouts] = useState<Layout[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [selectedId, setSelectedId] = useState(currentId);
  const [menu, setMenu] = useState<{ x: number; y: number; items: ContextMenuItem[] } | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);

  const load = useCallback(async () => {
    const listed = await listViews(client, control);
    if (listed) setLayouts(listed);
    setFailed(!listed);
  }, [client, control]);
  useEffect(() => {
    void load();
  }, [load]);

  const selected = layouts?.find((l) => l.AutoID === selectedId) ?? null;
  const selectedName = selected ? viewName(selected.Name) : '';
  const apply = (layout: Layout) => {
    onApply(layout);
    onClose();
  };

  const makeDefault = async (layout: Layout) => {
    if (await setDefaultView(client, control, layout.AutoID)) await load();
    else showAlert(t`Fout bij het updaten van de weergave.`);
  };

  const remove = async (layout: Layout) => {
    const name = viewName(layout.Name);
    if ((await confirm(t`Weet u zeker dat u de weergave ${name} wilt verwijderen?`, t`Verwijderen`)) !== 'yes') return;
    if (!(await deleteView(client, layout.AutoID))) {
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
    if (canSetDefault(permissions, layout))
      items.push({ id: 'default', label: t`Als standaard instellen`, onSelect: () => void makeDefault(layout) });
    if (canDeleteView(permissions, layout))
      items.push({ id: 'delete', label: t`Verwijderen`, onSelect: () => void remove(layout) });
    setMenu(items.length ? { x: event.clientX, y: event.clientY, items } : null);
  };

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
          <button
            type="button"
            className="app-button app-button--primary"
            disabled={!selected}
            onClick={() => selected && apply(selected)}
          >
            {t`Toepassen`}
          </button>
          <button type="button" className="app-button" onClick={onClose}>{t`Sluiten`}</button>
        </>
      }
    >
      {failed && (
        <div role="alert" className="grid-alert">
          {t({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' })}
        </div>
      )}
      {layouts && (
        <ViewList
          layouts={layouts}
          selectedId={selectedId}
          onSelect={setSelectedId}
          onApply={apply}
          onMenu={openMenu}
        />
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
