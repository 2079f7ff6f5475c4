// The open record of a detail screen, as a full-screen modal: its header (title, header fields,
// change tracker), the actions and transitions it may take now, and its tabs. Changing tabs or
// starting an action with unsaved changes asks first (spec 2 section 5 "Save before changing tabs").
// A user without the update right sees a saved record read-only, with a note saying why. A
// transition refused because the record changed meanwhile is said above the record.
import { useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import type { TableScreen } from '../../api/index.ts';
import { Modal } from '../../ui/dialogs/index.ts';
import { useBeforeUnload } from '../../state/index.ts';
import { recordActions, type ActionSpec } from '../actions/index.ts';
import { EditorBody, ReadOnlyNote } from '../EditorBody.tsx';
import { describeRow } from '../rows.ts';
import { settleChanges } from '../settleChanges.ts';
import type { FormAnswer } from '../../form/index.ts';
import type { RecordEditor } from '../useRecordEditor.ts';
import { ChildGridTab } from './ChildGridTab.tsx';
import { DashboardTab } from './DashboardTab.tsx';
import { DetailTabs } from './DetailTabs.tsx';
import { DocumentsTab } from './DocumentsTab.tsx';
import { RecordChangedNotice } from '../RecordChangedNotice.tsx';
import { RecordActionBar } from './RecordActionBar.tsx';
import { PrintMenu } from './PrintMenu.tsx';
import { RecordHeader } from './RecordHeader.tsx';
import { RightsMatrixTab } from './RightsMatrixTab.tsx';
import { RowLimitWarning } from './RowLimitWarning.tsx';
import { StatusLogTab } from './StatusLogTab.tsx';
import { detailTabs, tabEnabled, tabOfForm, type DetailTab } from './tabs.ts';
import { useTransitions } from './useTransitions.ts';

export interface RecordScreenProps {
  screen: TableScreen;
  editor: RecordEditor;
  autoid: number;
  /** Bumped after an action or a save: tabs and transitions read again. */
  version: number;
  allowed: (action: ActionSpec) => boolean;
  /** The user may only look at the record's fields (its actions keep their own rights). */
  readOnly?: boolean;
  /** Why the last transition was refused: the record had changed since it was read (read again now). */
  conflict?: string | null;
  /** The record as it is now (after settling its changes), with the TimeStamp it was read with. */
  onAction: (action: ActionSpec, record: Record<string, unknown>) => void;
  /** A child row was added, changed or deleted in a grid tab. */
  onChildrenChanged?: () => void;
  onClose: () => Promise<boolean>;
}

export function RecordScreen({
  screen,
  editor,
  autoid,
  version,
  allowed,
  readOnly: noRight = false,
  conflict = null,
  onAction,
  onChildrenChanged,
  onClose,
}: RecordScreenProps) {
  const { t } = useLingui();
  const idPrefix = useId();
  const tabs = detailTabs(screen, t`Details`);
  const [selected, setSelected] = useState(tabs[0].name);
  const tab: DetailTab = tabs.find((x) => x.name === selected) ?? tabs[0];
  const saved = autoid > 0;
  const transitions = useTransitions(screen.table, autoid, version);
  const actions = useMemo(
    () => (saved ? recordActions(screen, transitions?.Transitions ?? []).filter(allowed) : []),
    [saved, screen, transitions, allowed],
  );
  const record = editor.record;
  // A record in a read-only state of its workflow (a completed invoice) is only looked at, and so
  // are the rows the state locks with it (its lines); its transitions stay offered.
  const frozen = stateReadOnly(editor.form?.ReadOnlyStates, record);
  const readOnly = noRight || frozen;
  useBeforeUnload(editor.hasMutations && !readOnly);
  const tabLocked = (table: string) =>
    frozen && !!editor.form?.ReadOnlyStates?.Children.some((c) => c.toLowerCase() === table.toLowerCase());

  const selectTab = async (name: string) => {
    if (await settleChanges(editor)) setSelected(name);
  };
  const start = async (action: ActionSpec) => {
    // Settling may have saved: the record as it is now carries the TimeStamp the server knows.
    if (record && (await settleChanges(editor))) onAction(action, editor.current() ?? record);
  };

  const panel = () => {
    if (!record) return <EditorBody editor={editor} readOnly={readOnly} />;
    switch (tab.kind) {
      // The workflow's field moves only through its transitions: read-only in the form.
      case 'form':
        return (
          <EditorBody
            editor={editor}
            tab={tabOfForm(screen, tab)}
            locked={transitions?.Field ? [transitions.Field] : undefined}
            readOnly={readOnly}
          />
        );
      // Keyed by tab: two grid tabs in a row are two tables, each with its own form and rows.
      case 'grid':
        return (
          <ChildGridTab
            key={tab.name}
            parent={screen}
            tab={tabLocked(tab.table) ? { ...tab, readOnly: true } : tab}
            parentId={autoid}
            version={version}
            onChanged={onChildrenChanged}
          />
        );
      case 'statuslog':
        return <StatusLogTab table={screen.table} autoid={autoid} version={version} />;
      // An area not built yet says so in place of its rows (the text is the definition's, translated by the server).
      case 'note':
        return (
          <p className="app-read-only-note" role="note">
            {tab.message}
          </p>
        );
      case 'rightsmatrix':
        return <RightsMatrixTab key={tab.name} table={screen.table} tab={tab} autoid={autoid} version={version} />;
      case 'dashboard':
        return (
          <DashboardTab
            key={tab.name}
            table={screen.table}
            autoid={autoid}
            tab={tab.name}
            version={version}
            withinTitle={tab.within?.title}
          />
        );
      // The one kind left, the record's documents (its name is also a table's, which engine code does not spell).
      default:
        return <DocumentsTab parent={screen} tab={tab} parentId={autoid} version={version} />;
    }
  };

  return (
    <Modal
      title={screen.title}
      onClose={onClose}
      onSave={() => {
        if (editor.hasMutations && !readOnly && !editor.saving) void editor.save();
      }}
      className="app-record-screen"
      busy={editor.loading || editor.saving}
      footer={
        <>
          {editor.hasMutations && !readOnly && (
            <button
              type="button"
              className="app-button app-button--primary"
              disabled={editor.saving}
              onClick={() => void editor.save()}
            >{t`Opslaan`}</button>
          )}
          <button type="button" className="app-button" onClick={() => void onClose()}>{t`Sluiten`}</button>
        </>
      }
    >
      {record && frozen && (
        <p className="app-read-only-note" role="note">
          {transitions?.StatusLabel
            ? t`Dit item heeft de status ${transitions.StatusLabel} en kan niet meer worden gewijzigd.`
            : t`Dit item kan in deze status niet meer worden gewijzigd.`}
        </p>
      )}
      {record && noRight && !frozen && <ReadOnlyNote />}
      {/* Read again after each action and save: an earlier notice of someone else's change is answered. */}
      {record && <RecordChangedNotice key={version} editor={editor} />}
      {record && conflict && (
        <div className="app-record-changed" role="alert">
          <span>{conflict}</span>
        </div>
      )}
      {record && (
        <RecordHeader
          title={saved ? describeRow(record) : t`Nieuw`}
          fields={screen.header ?? []}
          properties={editor.form?.Properties ?? []}
          record={record}
          saved={saved}
        />
      )}
      {record && saved && screen.tabs?.some((x) => x.kind === 'grid' && x.rowLimits) && (
        <RowLimitWarning table={screen.table} autoid={autoid} version={version} />
      )}
      <RecordActionBar
        actions={actions}
        workflow={transitions}
        disabled={editor.saving}
        onStart={(action) => void start(action)}
      />
      {record && saved && <PrintMenu table={screen.table} autoid={autoid} disabled={editor.saving} />}
      {screen.tabs?.length ? (
        <DetailTabs
          label={t`Tabbladen`}
          idPrefix={idPrefix}
          tabs={tabs.map((x) => ({ name: x.name, title: x.title, disabled: !tabEnabled(x, saved) }))}
          selected={tab.name}
          onSelect={(name) => void selectTab(name)}
        >
          {panel()}
        </DetailTabs>
      ) : (
        panel()
      )}
    </Modal>
  );
}

/** Whether the record is in one of its workflow's read-only states. */
function stateReadOnly(
  states: FormAnswer['ReadOnlyStates'] | undefined,
  record: Record<string, unknown> | null | undefined,
): boolean {
  const value = states && record ? record[states.Field] : undefined;
  return value !== undefined && value !== null && !!states?.Values.some((v) => String(v) === String(value));
}
