// The column chooser (spec 1 section 2 "Column chooser modal"): the columns the user may show,
// searchable by title, each with a checkbox and an alignment. 'Lokaal opslaan' changes the grid's
// working view only; saving the view is a separate step.
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/index.ts';
import type { ColumnAlignment } from '../api/index.ts';
import { Modal } from '../ui/dialogs/index.ts';
import { GridContextMenu } from './GridContextMenu.tsx';
import { chooserDiff, type ColumnDiff } from './layout.ts';
import type { ViewClient, ViewColumn } from './types.ts';
import { chooserItems, type ChooserItem } from './viewsController.ts';

export interface ColumnChooserProps {
  control: string;
  /** The grid's current view: the server answers which columns it shows. */
  viewId: number | null;
  /** The working view's columns; they decide what is ticked. */
  columns: readonly ViewColumn[];
  onApply: (diff: ColumnDiff) => void;
  onClose: () => void;
  client?: Pick<ViewClient, 'availableColumns'>;
}

export function ColumnChooser({ control, viewId, columns, onApply, onClose, client = api }: ColumnChooserProps) {
  const { t } = useLingui();
  const [items, setItems] = useState<ChooserItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [search, setSearch] = useState('');
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);

  useEffect(() => {
    let live = true;
    void chooserItems(client, control, viewId, columns).then((answer) => {
      if (!live) return;
      if (answer) setItems(answer);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
    // Loaded once per opening: the working view does not change while the chooser is open.
  }, [client, control, viewId]);

  const needle = search.trim().toLowerCase();
  const shown = (items ?? []).filter((item) => item.title.toLowerCase().includes(needle));
  const change = (field: string, patch: Partial<ChooserItem>) =>
    setItems((list) => list && list.map((item) => (item.FieldName === field ? { ...item, ...patch } : item)));
  /** Select-all and deselect-all act on the columns the search shows. */
  const tickShown = (selected: boolean) => {
    const fields = new Set(shown.map((item) => item.FieldName));
    setItems((list) => list && list.map((item) => (fields.has(item.FieldName) ? { ...item, selected } : item)));
  };
  const apply = () => {
    if (!items) return;
    onApply(chooserDiff(columns, items));
    onClose();
  };

  return (
    <Modal
      title={t`Kolommen`}
      onClose={onClose}
      className="grid-dialog"
      busy={!items && !failed}
      footer={
        <>
          <button
            type="button"
            className="app-button app-button--primary"
            disabled={!items?.some((item) => item.selected)}
            onClick={apply}
          >
            {t`Lokaal opslaan`}
          </button>
          <button type="button" className="app-button" onClick={onClose}>{t`Annuleren`}</button>
        </>
      }
    >
      {failed && (
        <div role="alert" className="grid-alert">
          {t({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' })}
        </div>
      )}
      {items && (
        <>
          <input
            type="search"
            className="grid-dialog-search"
            aria-label={t`Kolom zoeken`}
            placeholder={t`Kolom zoeken`}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <ul
            className="grid-chooser-list"
            aria-label={t`Beschikbare kolommen`}
            onContextMenu={(e) => {
              e.preventDefault();
              setMenu({ x: e.clientX, y: e.clientY });
            }}
          >
            {shown.map(({ FieldName, title, selected, ColumnAlignment: alignment }) => (
              <li key={FieldName} className="grid-chooser-item">
                <label>
                  <input
                    type="checkbox"
                    checked={selected}
                    onChange={(e) => change(FieldName, { selected: e.target.checked })}
                  />
                  <span>{title}</span>
                </label>
                <select
                  aria-label={t`Uitlijning ${title}`}
                  value={alignment}
                  onChange={(e) => change(FieldName, { ColumnAlignment: Number(e.target.value) as ColumnAlignment })}
                >
                  <option value={0}>{t`Links`}</option>
                  <option value={1}>{t`Midden`}</option>
                  <option value={2}>{t`Rechts`}</option>
                </select>
              </li>
            ))}
          </ul>
        </>
      )}
      {menu && (
        <GridContextMenu
          x={menu.x}
          y={menu.y}
          rows={[]}
          onClose={closeMenu}
          items={[
            { id: 'all', label: t`Alles selecteren`, onSelect: () => tickShown(true) },
            { id: 'none', label: t`Alles deselecteren`, onSelect: () => tickShown(false) },
          ]}
        />
      )}
    </Modal>
  );
}
