// A detail screen (docs/business-records.md): the table's grid with its data sets and actions; a
// row click (or ?id= at start) opens the record as a full-screen modal with a history entry of its
// own, Add opens a blank one there, Importeren (for an import destination) the import dialog.
// After an action the grid and the open record reload; a record the user can no longer see in its
// new status closes, back on the overview, with a notice. A transition the server refused because
// the open record changed meanwhile reads it again and says so there. An action that needs several
// rows stays disabled, saying how many, until that many are selected. Without the update right a
// saved record opens read-only; a screen whose read right the server now refuses says so. A record
// made here that the grid's data set does not show says, once it closes, where it landed.
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import type { TableScreen } from '../../api/index.ts';
import { showAlert } from '../../ui/dialogs/index.ts';
import { NoScreenRight, useHistoryEntry, type RouteParams } from '../../ui/navigation/index.ts';
import { FlexGrid, type GridRow } from '../../grid/index.ts';
import { useScreenRights } from '../../state/index.ts';
import {
  changesStatus,
  screenActions,
  stampOf,
  useActionRights,
  useActionRunner,
  type ActionOutcome,
  type ActionSpec,
} from '../actions/index.ts';
import { CustomizeFieldsButton } from '../CustomizeFields.tsx';
import { ImportButton } from '../import/index.ts';
import { enterOpensOnly, GRID_CHANGE_BUTTON, rowIdOf } from '../gridFocus.ts';
import { useReadRefused } from '../useReadRefused.ts';
import { useRecordEditor, type RecordEditor } from '../useRecordEditor.ts';
import { initialDataSet, keepDataSet, keptDataSet, orderedDataSets } from './dataSets.ts';
import { RecordScreen } from './RecordScreen.tsx';
import { useOpenRecord } from './useOpenRecord.ts';
import { useRowActions } from './useRowActions.tsx';
import { useElsewhere } from './useElsewhere.ts';
import { landedName } from './landing.ts';
import { LandingNotice } from './LandingNotice.tsx';
import { useLanding } from './useLanding.ts';
import { ViewRowButton } from '../ViewRowButton.tsx';
import { SelectionPrintMenu } from './SelectionPrintMenu.tsx';
import '../screens.css';
import './detail.css';

export interface DetailPageProps {
  screen: TableScreen;
  query?: string;
  params: RouteParams;
}

type Row = Record<string, unknown>;

export function DetailPage({ screen, query, params }: DetailPageProps) {
  const { t } = useLingui();
  const rights = useScreenRights(screen);
  const refused = useReadRefused(screen);
  const page = useHistoryEntry();
  const memoryKey = `${page ?? 'none'}:${screen.name}`;
  // Kept across renders: the grid asks where rows are whenever what it asks with changes.
  const dataSets = useMemo(() => orderedDataSets(screen), [screen]);
  const [dataSet, setDataSet] = useState(() => initialDataSet(screen, keptDataSet(memoryKey)));
  const [refreshToken, setRefreshToken] = useState(0);
  const [version, setVersion] = useState(0);
  const refresh = useCallback(() => setRefreshToken((n) => n + 1), []);
  // The server's word that the open record changed before a transition of it: shown on the record
  // until it closes, is saved or starts another action.
  const [conflict, setConflict] = useState<string | null>(null);

  // Every save of the open record (button, before a tab change, before closing) reloads the grid;
  // a new record's entry learns its AutoID.
  const base = useRecordEditor(screen.table);
  const savedRef = useRef<(autoid: number) => void>(() => {});
  // The record made while it is open (its name as last saved): asked after where it landed on closing.
  const created = useRef<{ autoid: number; name: string } | null>(null);
  const editor: RecordEditor = {
    ...base,
    save: async () => {
      const wasNew = !Number(base.current()?.AutoID ?? 0);
      if (!(await base.save())) return false;
      setConflict(null);
      refresh();
      setVersion((v) => v + 1);
      const saved = base.current();
      const autoid = Number(saved?.AutoID ?? 0);
      if (wasNew || created.current?.autoid === autoid) created.current = { autoid, name: landedName(saved) };
      if (wasNew) savedRef.current(autoid);
      return true;
    },
  };
  const record = useOpenRecord(params, editor);
  savedRef.current = record.saved;

  const all = useMemo(() => screenActions(screen), [screen]);
  const allowed = useActionRights(screen, all);
  const offered = useMemo(() => all.filter(allowed), [all, allowed]);

  useEffect(() => setConflict(null), [record.shown]);

  const afterAction = useCallback(
    async (action: ActionSpec, rows: Row[], result: ActionOutcome) => {
      refresh();
      const open = record.shown;
      if (!open || !rows.some((r) => Number(r.AutoID) === open)) return;
      const outcome = await editor.reload();
      if (outcome === 'gone') {
        // The spec: without rights for the new status the user is sent back to the overview.
        record.leave();
        showAlert(
          changesStatus(action)
            ? t`U heeft geen rechten om deze status te zien; u bent teruggekeerd naar het overzicht.`
            : t`Het item is in de nieuwe status niet meer voor u zichtbaar.`,
          { type: 'info' },
        );
        return;
      }
      setConflict(result.conflict);
      setVersion((v) => v + 1);
    },
    [refresh, record, editor, t],
  );
  const runner = useActionRunner(screen.table, (action, rows, result) => void afterAction(action, rows, result));
  const startOnRecord = (action: ActionSpec, row: Row) => {
    setConflict(null);
    void runner.start(action, [row], { stamp: stampOf(row) });
  };
  // A child row written or acted on from a tab may change the record (totals the server keeps):
  // read it again, so its header is current and its next transition carries the TimeStamp it has
  // now; the user's unsaved edits stay.
  const childrenChanged = () => {
    void editor.refresh?.({ takeNewer: true });
  };
  const { contextMenu, toolbar: actionsBar } = useRowActions(offered, runner.start);
  // Spec 1 §6: a row click needs the update right. Without it a row is looked at through Bekijken
  // (the row selected, else the one focused), which opens the record read-only.
  const viewOnly = rights.ready && !rights.update;
  const [focused, setFocused] = useState<number | null>(null);
  const onGridFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const autoid = rowIdOf(event.target);
    if (autoid !== null) setFocused(autoid);
    else if (!(event.target instanceof Element && event.target.hasAttribute(GRID_CHANGE_BUTTON))) setFocused(null);
  }, []);
  // The toolbar's Selectie afdrukken offers the table's reports (none: no menu).
  const toolbar = useMemo(
    () => (selected: GridRow[]) => (
      <>
        {viewOnly && <ViewRowButton selected={selected} focused={focused} onView={record.open} />}
        {actionsBar?.(selected)}
        <SelectionPrintMenu table={screen.table} selected={selected} />
      </>
    ),
    [viewOnly, actionsBar, focused, record.open, screen.table],
  );

  const chooseDataSet = useCallback(
    (name: string) => {
      setDataSet(name);
      keepDataSet(memoryKey, name);
    },
    [memoryKey],
  );
  const control = screen.fetchDestination ?? screen.table;
  const elsewhere = useElsewhere(control, dataSets, dataSet, chooseDataSet);
  const landing = useLanding(control, dataSets, dataSet);
  // The row to point out in the grid, once no record is open over it (it takes the focus).
  const [highlight, setHighlight] = useState<number | null>(null);
  const { check: checkLanding, dismiss: dismissLanding } = landing;
  useEffect(() => {
    if (record.shown !== null) {
      dismissLanding();
      return;
    }
    const made = created.current;
    created.current = null;
    if (made && made.autoid > 0) checkLanding(made.autoid, made.name);
  }, [record.shown, checkLanding, dismissLanding]);
  // Another data set chosen: the notice about the one before is done.
  useEffect(() => dismissLanding(), [dataSet, dismissLanding]);
  const goToLanding = useCallback(
    (name: string, autoid: number) => {
      chooseDataSet(name);
      setHighlight(autoid);
    },
    [chooseDataSet],
  );
  const openRow = useCallback((row: Row) => record.open(Number(row.AutoID) || 0), [record.open]);
  const scope = useMemo(() => (dataSet ? { dataSet } : undefined), [dataSet]);
  if (refused) return <NoScreenRight title={screen.title} />;

  return (
    <section className="app-page">
      <header className="app-page-header">
        <h1 className="app-page-title">{screen.title}</h1>
        {dataSets.length > 0 && (
          <div className="detail-datasets" role="group" aria-label={t`Gegevensset`}>
            {dataSets.map((set) => (
              <button
                key={set.name}
                type="button"
                className="grid-button"
                aria-pressed={set.name === dataSet}
                onClick={() => chooseDataSet(set.name)}
              >
                {set.title}
              </button>
            ))}
          </div>
        )}
        <div className="app-edit-menu" role="toolbar" aria-label={t`Bewerken`}>
          {rights.create && (
            <button type="button" className="app-button" onClick={() => record.open(0)}>{t`Toevoegen`}</button>
          )}
          <ImportButton table={screen.table} onImported={refresh} />
          <CustomizeFieldsButton table={screen.table} />
        </div>
      </header>
      {landing.notice && (
        <LandingNotice notice={landing.notice} onGo={goToLanding} onOpen={record.open} onDismiss={landing.dismiss} />
      )}
      <div className="app-page-grid" onKeyDown={enterOpensOnly} onFocus={onGridFocus}>
        <FlexGrid
          control={control}
          elsewhere={dataSets.length > 1 ? elsewhere : undefined}
          dataSourceSwitch={screen.dataSourceSwitch}
          query={query}
          scope={scope}
          refreshToken={refreshToken}
          highlight={record.shown === null ? highlight : null}
          onRowClick={rights.update ? openRow : undefined}
          contextMenu={contextMenu}
          toolbar={toolbar}
        />
      </div>
      {record.shown !== null && (
        <RecordScreen
          screen={screen}
          editor={editor}
          autoid={Number(editor.record?.AutoID ?? record.shown) || 0}
          version={version}
          allowed={allowed}
          readOnly={record.shown !== 0 && rights.ready && !rights.update}
          conflict={conflict}
          onAction={startOnRecord}
          onChildrenChanged={childrenChanged}
          onClose={record.requestClose}
        />
      )}
      {runner.dialogs}
    </section>
  );
}
