// The toolbar's view part: the current view's name (marked when the working view differs from it)
// and, for users who may change views (either permission), the column chooser, the view manager,
// save (when this view may be saved over) and save-as.
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { api } from '../api/index.ts';
import type { ViewPermissions } from '../api/index.ts';
import { showAlert, toast } from '../ui/dialogs/index.ts';
import { ColumnChooser } from './ColumnChooser.tsx';
import type { GridController } from './controller.ts';
import { SaveLayoutDialog } from './SaveLayoutDialog.tsx';
import type { CurrentView, ViewClient, ViewColumn } from './types.ts';
import { useViewName } from './useViewName.ts';
import { ViewManager } from './ViewManager.tsx';
import { canSaveView, showViewSettings } from './viewRules.ts';
import { updateView } from './viewsController.ts';

export interface GridViewsProps {
  control: string;
  view: CurrentView | null;
  modified: boolean;
  permissions: ViewPermissions;
  viewColumns: readonly ViewColumn[];
  pageSize: number;
  actions: Pick<
    GridController['actions'],
    'applyColumnDiff' | 'layoutContent' | 'setPageSize' | 'switchView' | 'viewDeleted' | 'viewSaved'
  >;
  client?: ViewClient;
}

type Dialog = 'columns' | 'views' | 'saveAs';

/** Page sizes offered; a view's own size is offered too when it is another. */
const PAGE_SIZES = [25, 35, 50, 100, 200];

export function GridViews({
  control,
  view,
  modified,
  permissions,
  viewColumns,
  pageSize,
  actions,
  client = api,
}: GridViewsProps) {
  const { t } = useLingui();
  const viewName = useViewName();
  const [open, setOpen] = useState<Dialog | null>(null);
  const [saving, setSaving] = useState(false);
  const close = () => setOpen(null);
  // Unsaved changes are worth marking only to users who can save them.
  const marked = modified && showViewSettings(permissions);

  const saveView = async () => {
    if (!view) return;
    setSaving(true);
    const layout = await updateView(client, view.AutoID, actions.layoutContent());
    if (layout) {
      actions.viewSaved(layout);
      toast('success', t({ id: 'grid.maintenanceview.layout_saved', message: 'De weergave is opgeslagen.' }));
    } else {
      showAlert(t({ id: 'errors.error_saving', message: 'Fout bij het opslaan van de gegevens.' }));
    }
    setSaving(false);
  };

  const dialog =
    open === 'columns' ? (
      <ColumnChooser
        control={control}
        viewId={view?.AutoID ?? null}
        columns={viewColumns}
        onApply={actions.applyColumnDiff}
        onClose={close}
        client={client}
      />
    ) : open === 'views' ? (
      <ViewManager
        control={control}
        currentId={view?.AutoID ?? null}
        permissions={permissions}
        onApply={actions.switchView}
        onDeleted={(id) => void actions.viewDeleted(id)}
        onClose={close}
        client={client}
      />
    ) : open === 'saveAs' ? (
      <SaveLayoutDialog
        control={control}
        permissions={permissions}
        content={actions.layoutContent}
        onSaved={actions.viewSaved}
        onClose={close}
        client={client}
      />
    ) : null;

  return (
    <>
      {view && (
        <span className="grid-view-name" title={marked ? t`De weergave heeft niet-opgeslagen wijzigingen` : undefined}>
          {viewName(view.Name)}
          {marked && <span className="grid-view-modified">*</span>}
        </span>
      )}
      <select
        aria-label={t`Rijen per pagina`}
        title={t`Rijen per pagina`}
        value={pageSize}
        onChange={(e) => actions.setPageSize(Number(e.target.value))}
      >
        {[...new Set([...PAGE_SIZES, pageSize])]
          .sort((a, b) => a - b)
          .map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
      </select>
      {showViewSettings(permissions) && (
        <>
          <button type="button" className="grid-button" onClick={() => setOpen('columns')}>{t`Kolommen`}</button>
          <button type="button" className="grid-button" onClick={() => setOpen('views')}>{t`Weergaven`}</button>
          <button
            type="button"
            className="grid-button"
            disabled={!canSaveView(permissions, view) || saving}
            aria-busy={saving || undefined}
            onClick={() => void saveView()}
          >
            {t`Weergave opslaan`}
          </button>
          <button type="button" className="grid-button" onClick={() => setOpen('saveAs')}>{t`Opslaan als…`}</button>
        </>
      )}
      {/* The dialogs live outside the toolbar, whose input and button styles are not theirs. */}
      {dialog && createPortal(dialog, document.body)}
    </>
  );
}
