// A documents tab: the record's documents as a grid (description, kind, language, the file to
// download by its name), Add opens the dialog that uploads files as new documents, a row opens a
// document to edit, and the context menu deletes. Rights: the documents table's own screen when
// there is one, else the record's screen (the server checks its own either way).
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { TableScreen } from '../../api/index.ts';
import { useTableMaintenance } from '../useTableMaintenance.tsx';
import { ChildRowsGrid, useChildRights } from './ChildRows.tsx';
import { AddDocumentsDialog } from './AddDocumentsDialog.tsx';
import { ownerFilter, ownerValues, type BelongsTo } from './documents.ts';

export interface DocumentsTabProps {
  parent: TableScreen;
  tab: { name: string; title: string; table?: string; belongsTo?: BelongsTo };
  parentId: number;
  version: number;
}

export function DocumentsTab({ parent, tab, parentId, version }: DocumentsTabProps) {
  const { t } = useLingui();
  if (!tab.table || !tab.belongsTo)
    return <p className="app-error-text">{t`Deze tab noemt de tabel van zijn documenten niet.`}</p>;
  return (
    <Documents
      parent={parent}
      table={tab.table}
      fields={tab.belongsTo}
      title={tab.title}
      parentId={parentId}
      version={version}
    />
  );
}

function Documents({
  parent,
  table,
  fields,
  title,
  parentId,
  version,
}: {
  parent: TableScreen;
  table: string;
  fields: BelongsTo;
  title: string;
  parentId: number;
  version: number;
}) {
  const { t } = useLingui();
  const rights = useChildRights(parent, table);
  const owner = useMemo(() => ({ table: parent.table, autoid: parentId, fields }), [parent.table, parentId, fields]);
  const fixed = useMemo(() => ownerValues(owner), [owner]);
  const maintenance = useTableMaintenance(table, rights, fixed);
  const scope = useMemo(() => ({ dataFilter: ownerFilter(owner) }), [owner]);
  const [adding, setAdding] = useState(false);
  return (
    <div className="detail-child">
      <div className="app-edit-menu detail-child-menu" role="toolbar" aria-label={t`Bewerken`}>
        {rights.create && (
          <button type="button" className="app-button" onClick={() => setAdding(true)}>{t`Toevoegen`}</button>
        )}
      </div>
      <ChildRowsGrid table={table} title={title} scope={scope} maintenance={maintenance} version={version} />
      {maintenance.dialogs}
      {adding && (
        <AddDocumentsDialog
          table={table}
          owner={owner}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            maintenance.refresh();
          }}
        />
      )}
    </div>
  );
}
