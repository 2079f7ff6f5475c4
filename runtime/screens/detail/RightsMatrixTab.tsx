// A record's grants as a matrix (tab kind `rightsmatrix`), beside the row-per-grant grid: the
// rights by group, searchable by typing, their actions as columns. A user who may create, change
// and delete grants changes a cell by a click or Space (arrow keys, Home and End move); each
// change is a save or delete of the grant table, as in its grid, so rights and checks hold; a right
// that requires others changes with them, in one call.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { List, useListRef, type RowComponentProps } from 'react-window';
import { api, errorText, type RightsMatrixAnswer, type ScreenInfo } from '../../api/index.ts';
import {
  MATRIX_ACTIONS,
  cellChanges,
  matrixLines,
  matrixRows,
  nextRightLine,
  nextState,
  type CellState,
  type MatrixAction,
  type MatrixLine,
  type MatrixRow,
} from './rightsMatrix.ts';

type MatrixTabDef = Extract<NonNullable<ScreenInfo['tabs']>[number], { kind: 'rightsmatrix' }>;

export interface RightsMatrixTabProps {
  /** The table of the record (the call's control). */
  table: string;
  tab: MatrixTabDef;
  autoid: number;
  version: number;
}

const LINE_HEIGHT = 34;
const MAX_HEIGHT = 520;

interface Active {
  line: number;
  col: number;
}

interface LineProps {
  lines: readonly MatrixLine[];
  active: Active;
  editable: boolean;
  busy: string | null;
  columnTitle: (action: MatrixAction) => string;
  stateText: (state: CellState) => string;
  requiresText: (codes: readonly string[]) => string;
  onCell: (line: number, col: number, change: boolean) => void;
}

const SYMBOL: Record<CellState, string> = { granted: '✓', denied: '✕', unset: '·', absent: '' };

function MatrixLineView({
  index,
  style,
  lines,
  active,
  editable,
  busy,
  columnTitle,
  stateText,
  requiresText,
  onCell,
}: RowComponentProps<LineProps>) {
  const line = lines[index];
  if (line.kind === 'group')
    return (
      <div role="row" className="rights-matrix-group" style={style}>
        <div role="rowheader" aria-colspan={MATRIX_ACTIONS.length + 1}>
          {line.title} <span className="rights-matrix-count">{line.count}</span>
        </div>
      </div>
    );
  const row: MatrixRow = line.row;
  return (
    <div role="row" className="rights-matrix-row" style={style} data-code={row.code}>
      <div role="rowheader" className="rights-matrix-name" title={row.uses.join(', ')}>
        <span>{row.name}</span> <span className="rights-matrix-code">{row.code}</span>
        {row.uses.length > 0 && <span className="rights-matrix-uses">{row.uses.join(', ')}</span>}
        {row.requires.length > 0 && <span className="rights-matrix-requires">{requiresText(row.requires)}</span>}
      </div>
      {MATRIX_ACTIONS.map((action, col) => {
        const cell = row.cells[action];
        const isActive = active.line === index && active.col === col;
        if (cell.state === 'absent')
          return (
            <div
              key={action}
              role="gridcell"
              className="rights-matrix-cell rights-matrix-cell--absent"
              tabIndex={isActive ? 0 : -1}
              data-line={index}
              data-col={col}
              aria-label={`${columnTitle(action)}: ${stateText('absent')}`}
              aria-readonly
              onFocus={() => onCell(index, col, false)}
            />
          );
        const saving = busy === `${row.code}|${action}`;
        return (
          <div
            key={action}
            role="gridcell"
            className={`rights-matrix-cell rights-matrix-cell--${cell.state}`}
            tabIndex={isActive ? 0 : -1}
            data-line={index}
            data-col={col}
            aria-label={`${columnTitle(action)}: ${stateText(cell.state)}`}
            aria-readonly={!editable || undefined}
            aria-busy={saving || undefined}
            onFocus={() => onCell(index, col, false)}
            onClick={() => onCell(index, col, true)}
          >
            {SYMBOL[cell.state]}
          </div>
        );
      })}
    </div>
  );
}

export function RightsMatrixTab({ table, tab, autoid, version }: RightsMatrixTabProps) {
  const { t } = useLingui();
  const [answer, setAnswer] = useState<RightsMatrixAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [reads, setReads] = useState(0);
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState<Active>({ line: -1, col: 0 });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [along, setAlong] = useState<string | null>(null);
  const listRef = useListRef(null);
  const grid = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const focusPending = useRef(false);

  useEffect(() => {
    let live = true;
    api.rightsMatrix(table, autoid, tab.name).then(
      (a) => {
        if (live) {
          setAnswer(a);
          setFailed(false);
        }
      },
      (e) => {
        console.error('GetRightsMatrix failed', e);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [table, autoid, tab.name, version, reads]);

  const groupOf = useMemo(() => {
    const parents: Record<string, string> = {
      admin: t`Beheer`,
      backoffice: t`Backoffice`,
      frontoffice: t`Frontoffice`,
    };
    return (right: RightsMatrixAnswer['Rights'][number]) => {
      if (right.Area === 'settings') return t`Instellingen`;
      if (right.Area === 'systemtables') return t`Systeemtabellen`;
      if (right.ParentTitle) return right.ParentTitle;
      return right.Parent ? (parents[right.Parent] ?? right.Parent) : t`Overig`;
    };
  }, [t]);
  const rows = useMemo(() => (answer ? matrixRows(answer, groupOf) : []), [answer, groupOf]);
  const lines = useMemo(() => matrixLines(rows, typed), [rows, typed]);
  const editable = !!answer && answer.CanCreate && answer.CanUpdate && answer.CanDelete;
  const first = nextRightLine(lines, -1, 1);
  const current: Active = lines[active.line]?.kind === 'right' ? active : { line: first, col: active.col };

  // A cell reached by the keys gets the focus once its line is drawn (the list draws only what shows).
  useEffect(() => {
    if (!focusPending.current) return;
    const cell = grid.current?.querySelector<HTMLElement>(`[data-line="${current.line}"][data-col="${current.col}"]`);
    if (cell) {
      focusPending.current = false;
      cell.focus();
    }
  });

  const columnTitle = (action: MatrixAction) =>
    ({ read: t`Lezen`, create: t`Toevoegen`, update: t`Wijzigen`, delete: t`Verwijderen`, execute: t`Acties` })[action];
  const requiresText = (codes: readonly string[]) => t`Alleen samen met ${codes.join(', ')}`;
  const stateText = (state: CellState) =>
    ({
      granted: t`toegestaan`,
      denied: t`geweigerd`,
      unset: t`niet ingesteld`,
      absent: t`bestaat niet voor dit recht`,
    })[state];

  const change = async (row: MatrixRow, action: MatrixAction) => {
    const cell = row.cells[action];
    if (!editable || busy || cell.state === 'absent') return;
    const changes = cellChanges(rows, row, action, nextState(cell.state));
    setBusy(`${row.code}|${action}`);
    setError(null);
    setAlong(null);
    try {
      setAnswer(await api.saveGrants(table, tab.table, autoid, tab.name, changes));
      const others = [...new Set(changes.slice(1).map((c) => c.Right))];
      if (others.length) setAlong(t`Mee aangepast, omdat ze alleen samen gelden: ${others.join(', ')}`);
    } catch (e) {
      setError(errorText(e, t`De wijziging is niet opgeslagen.`));
      setReads((n) => n + 1);
    } finally {
      setBusy(null);
    }
  };

  const onCell = (line: number, col: number, toggle: boolean) => {
    if (line !== current.line || col !== current.col) setActive({ line, col });
    const target = lines[line];
    if (toggle && target?.kind === 'right') void change(target.row, MATRIX_ACTIONS[col]);
  };

  const moveTo = (line: number, col: number) => {
    setActive({ line, col });
    focusPending.current = true;
    listRef.current?.scrollToRow({ index: line, align: 'smart' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const { line, col } = current;
    const last = MATRIX_ACTIONS.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        moveTo(nextRightLine(lines, line, 1), col);
        break;
      case 'ArrowUp':
        moveTo(nextRightLine(lines, line, -1), col);
        break;
      case 'ArrowRight':
        moveTo(line, Math.min(last, col + 1));
        break;
      case 'ArrowLeft':
        moveTo(line, Math.max(0, col - 1));
        break;
      case 'Home':
        moveTo(event.ctrlKey ? first : line, 0);
        break;
      case 'End':
        moveTo(event.ctrlKey ? nextRightLine(lines, lines.length, -1) : line, last);
        break;
      case ' ':
      case 'Enter':
        onCell(line, col, true);
        break;
      default:
        // Typing searches: the letters go to the search box.
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
          setTyped((x) => x + event.key);
          search.current?.focus();
          break;
        }
        return;
    }
    event.preventDefault();
  };

  if (failed)
    return (
      <p role="alert" className="grid-alert">
        {t({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' })}
      </p>
    );
  if (!answer) return <div className="app-spinner" role="progressbar" aria-label={t`Bezig met laden...`} />;
  const height = Math.min(MAX_HEIGHT, Math.max(1, lines.length) * LINE_HEIGHT);
  return (
    <div className="rights-matrix">
      <div className="rights-matrix-bar">
        <input
          ref={search}
          type="search"
          className="app-input"
          aria-label={t`Rechten zoeken`}
          placeholder={t`Zoek op recht, scherm of tabel`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <span className="rights-matrix-legend">
          <span>
            {SYMBOL.granted} {t`toegestaan`}
          </span>
          <span>
            {SYMBOL.denied} {t`geweigerd`}
          </span>
          <span>
            {SYMBOL.unset} {t`niet ingesteld`}
          </span>
        </span>
      </div>
      {!editable && (
        <p className="app-read-only-note" role="note">
          {t`U kunt deze rechten alleen bekijken: u heeft geen recht om ze te wijzigen.`}
        </p>
      )}
      {error && (
        <p role="alert" className="grid-alert">
          {error}
        </p>
      )}
      {along && (
        <p role="status" className="rights-matrix-along">
          {along}
        </p>
      )}
      <div
        ref={grid}
        role="grid"
        aria-label={tab.title}
        aria-readonly={!editable || undefined}
        aria-rowcount={lines.length + 1}
        className="rights-matrix-grid"
        onKeyDown={onKeyDown}
      >
        <div role="row" className="rights-matrix-row rights-matrix-head">
          <div role="columnheader">{t`Recht`}</div>
          {MATRIX_ACTIONS.map((action) => (
            <div role="columnheader" key={action}>
              {columnTitle(action)}
            </div>
          ))}
        </div>
        {lines.length === 0 ? (
          <p role="status" className="grid-empty">
            {t({ id: 'grid.no_results', message: 'Geen resultaten' })}
          </p>
        ) : (
          <List
            role="rowgroup"
            listRef={listRef}
            rowComponent={MatrixLineView}
            rowCount={lines.length}
            rowHeight={LINE_HEIGHT}
            rowProps={{ lines, active: current, editable, busy, columnTitle, stateText, requiresText, onCell }}
            overscanCount={8}
            style={{ height, maxHeight: MAX_HEIGHT }}
          />
        )}
      </div>
    </div>
  );
}
