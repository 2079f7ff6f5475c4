// The planning board (spec 2 §1, §2, §9; route `scheduler`): rows of persons (a team's members, or
// every team member), a time line of day, week, two weeks or a month in time steps, the planned
// records of every plannable table as bars, and the unplanned ones in a side list. A bar is
// dragged to move it, its right edge to resize it, an unplanned record onto a row to plan it; with
// the keyboard a bar takes the arrows (a time step), Shift+arrows (another row) and Enter (open).
// Every drop is the record's normal save; a refused one puts the bar back and says why.
import { useLingui } from '@lingui/react/macro';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { List, useListRef, type RowComponentProps } from 'react-window';
import { useSnapshot } from 'valtio';
import { api, errorText, type ScreenInfo } from '../../api/index.ts';
import { account } from '../../account/index.ts';
import { leaveTo, router } from '../../ui/navigation/index.ts';
import {
  boardColumns,
  boardDays,
  columnAt,
  COLUMN_WIDTHS,
  dayStart,
  isTimeZone,
  shiftView,
  TIME_STEPS,
  viewRange,
  wallIn,
  wallMs,
  type ColumnWidth,
  type PlanningView,
  type TimeStep,
  type WeekdayMode,
} from '../../../definitions/language/planning-time.ts';
import { monitorOf, monitorRecord, type Monitor } from './monitors.ts';
import { BUILT_IN, loadPrefs, savePrefs, settingsPrefs, type BoardPrefs } from './prefs.ts';
import {
  usePlanningBoard,
  type Board,
  type BoardBar,
  type BoardItem,
  type BoardRow,
  type Placement,
} from './usePlanningBoard.ts';
import '../screens.css';
import './planning.css';

const ROW_HEIGHT = 40;
const NAME_WIDTH = 180;
const MINUTE = 60_000;

interface Drag {
  kind: 'move' | 'resize' | 'plan';
  table: string;
  autoid: number;
  stamp: number;
  team: number | null;
  label: string;
  start: number;
  end: number;
  rowIndex: number;
  x: number;
  y: number;
  dx: number;
  dy: number;
}

/** Today as a wall time of this browser's clock. */
function today(): number {
  const d = new Date();
  return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
}

interface Layout {
  columns: number[];
  step: TimeStep;
  width: number;
}

/** A wall time `cols` columns later, keeping its place within the column; hidden nights are skipped. */
function shifted(layout: Layout, ms: number, cols: number): number {
  const { columns, step } = layout;
  if (!columns.length || !cols) return ms;
  const at = Math.min(Math.floor(columnAt(columns, step, ms)), columns.length - 1);
  const into = ms - columns[at];
  const to = Math.max(0, Math.min(columns.length - 1, at + cols));
  return columns[to] + into;
}

/** The user's board choices over the defaults of the screen's settings table (its `settings`), over the built-in ones. */
function useBoardPrefs(settings: string | undefined): [BoardPrefs, (p: Partial<BoardPrefs>) => void] {
  const user = useSnapshot(account).user?.Username ?? '';
  const [prefs, setPrefs] = useState<BoardPrefs>(() => loadPrefs(user, BUILT_IN));
  useEffect(() => {
    let live = true;
    if (settings)
      api
        .flexData(settings, { pageSize: 1 })
        .then((answer) => live && setPrefs(loadPrefs(user, settingsPrefs(answer.Data[0]))))
        .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [user, settings]);
  const change = useCallback(
    (p: Partial<BoardPrefs>) =>
      setPrefs((old) => {
        const next = { ...old, ...p };
        savePrefs(user, next);
        return next;
      }),
    [user],
  );
  return [prefs, change];
}

/**
 * The saved monitors, read under the board's right (null when the board keeps none or the read
 * fails: the choice is then not offered), and a reload after one is saved or deleted.
 */
function useMonitors(table: string | undefined): [Monitor[] | null, () => void] {
  const [monitors, setMonitors] = useState<Monitor[] | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    if (!table) return;
    api
      .planningMonitors()
      .then((answer) => live && setMonitors(answer.Data.map((row) => monitorOf(row, BUILT_IN))))
      .catch(() => live && setMonitors(null));
    return () => {
      live = false;
    };
  }, [table, version]);
  return [monitors, useCallback(() => setVersion((v) => v + 1), [])];
}

export function PlanningBoardPage({ screen }: { screen: ScreenInfo }) {
  const { t, i18n } = useLingui();
  const [prefs, setPrefs] = useBoardPrefs(screen.settings);
  const [anchor, setAnchor] = useState(today);
  const [team, setTeam] = useState<number | null>(null);
  const [teams, setTeams] = useState<{ AutoID: number; Descr: string; TimeZone: string }[]>([]);
  const [search, setSearch] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [busy, setBusy] = useState(false);
  const [monitors, reloadMonitors] = useMonitors(screen.monitors);
  const [monitor, setMonitor] = useState<number | null>(null);
  const [monitorName, setMonitorName] = useState('');
  const id = useId();
  const { from, till } = viewRange(anchor, prefs.view);
  const { board, error, place } = usePlanningBoard(from, till, team, search);
  const { routes } = useSnapshot(router);
  const listRef = useListRef(null);
  const headerRef = useRef<HTMLDivElement>(null);

  // The teams to choose from: rows of the table the plannable tables' team field names.
  const teamTable = board?.Tables.find((x) => x.TeamTable)?.TeamTable ?? null;
  useEffect(() => {
    if (!teamTable) return;
    api
      .flexData(teamTable, { pageSize: 200 })
      .then((a) =>
        setTeams(
          a.Data.map((r) => ({
            AutoID: Number(r.AutoID),
            Descr: String(r.Descr ?? r.ID ?? ''),
            TimeZone: typeof r.TimeZone === 'string' ? r.TimeZone : '',
          })),
        ),
      )
      .catch(() => setTeams([]));
  }, [teamTable]);

  const layout: Layout = useMemo(() => {
    const days = boardDays(from, till, prefs.mode);
    return { columns: boardColumns(days, prefs.step), step: prefs.step, width: COLUMN_WIDTHS[prefs.width] };
  }, [from, till, prefs.mode, prefs.step, prefs.width]);
  const days = useMemo(() => boardDays(from, till, prefs.mode), [from, till, prefs.mode]);
  const perDay = (24 * 60) / prefs.step;
  const trackWidth = layout.columns.length * layout.width;

  const rows = board?.Rows ?? [];
  const rowIndex = useMemo(() => new Map(rows.map((r, i) => [`${r.Table}:${r.AutoID}`, i])), [rows]);
  const barsByRow = useMemo(() => {
    const out = new Map<number, BoardBar[]>();
    for (const bar of board?.Bars ?? []) {
      const i = rowIndex.get(`${bar.RowTable}:${bar.Resource}`);
      if (i === undefined) continue;
      out.set(i, [...(out.get(i) ?? []), bar]);
    }
    return out;
  }, [board, rowIndex]);

  const dateTime = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.locale, {
        timeZone: 'UTC',
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }),
    [i18n.locale],
  );
  const dayLabel = useMemo(
    () => new Intl.DateTimeFormat(i18n.locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }),
    [i18n.locale],
  );
  const timeLabel = useMemo(
    () => new Intl.DateTimeFormat(i18n.locale, { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' }),
    [i18n.locale],
  );

  const refused = t`De planning is niet opgeslagen.`;
  const wrongRow = t`Dit item kan niet op deze rij worden ingepland.`;
  const save = useCallback(
    async (d: Placement) => {
      if (busy) return;
      setBusy(true);
      setMessage(null);
      try {
        const problem = await place(d, { refused, wrongRow });
        if (problem) setMessage(problem);
        setSelected(`${d.table}:${d.autoid}`);
      } finally {
        setBusy(false);
      }
    },
    [place, refused, wrongRow, busy],
  );

  // Pointer drags: the bar (or the unplanned item) follows the pointer in whole steps and rows;
  // the drop saves. The listeners live on the document so a drag may leave the bar.
  const dragRef = useRef<Drag | null>(null);
  useEffect(() => {
    if (!drag) return;
    const move = (e: PointerEvent) => {
      const d = dragRef.current;
      if (!d) return;
      dragRef.current = { ...d, dx: e.clientX - d.x, dy: e.clientY - d.y };
      setDrag(dragRef.current);
    };
    const up = (e: PointerEvent) => {
      const d = dragRef.current;
      dragRef.current = null;
      setDrag(null);
      if (!d) return;
      const drop = dropOf(d, e);
      if (drop) void save(drop);
    };
    document.addEventListener('pointermove', move);
    document.addEventListener('pointerup', up, { once: true });
    return () => {
      document.removeEventListener('pointermove', move);
      document.removeEventListener('pointerup', up);
    };
    // The listeners read the drag through its ref; they are set up once per drag.
  }, [drag !== null]);

  /** Where a drag ends: the planned times and the row, or null when nothing changed or it left the board. */
  function dropOf(d: Drag, e: PointerEvent) {
    const cols = Math.round(d.dx / layout.width);
    const rowsBy = Math.round(d.dy / ROW_HEIGHT);
    if (d.kind === 'plan') {
      const body = listRef.current?.element;
      if (!body) return null;
      const rect = body.getBoundingClientRect();
      const x = e.clientX - rect.left + body.scrollLeft - NAME_WIDTH;
      const y = e.clientY - rect.top + body.scrollTop;
      const row = rows[Math.floor(y / ROW_HEIGHT)];
      const col = Math.floor(x / layout.width);
      if (!row || x < 0 || e.clientY < rect.top || e.clientY > rect.bottom || col >= layout.columns.length) return null;
      const start = layout.columns[col];
      return { ...d, start, end: start + (d.end - d.start), row };
    }
    const row = rows[Math.max(0, Math.min(rows.length - 1, d.rowIndex + rowsBy))];
    if (!row || (!cols && !rowsBy)) return null;
    if (d.kind === 'resize') {
      const end = shifted(layout, d.end, cols);
      return end > d.start ? { ...d, end, row: rows[d.rowIndex] } : null;
    }
    const start = shifted(layout, d.start, cols);
    return { ...d, start, end: start + (d.end - d.start), row };
  }

  const startDrag = (e: ReactPointerEvent, d: Omit<Drag, 'x' | 'y' | 'dx' | 'dy'>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    dragRef.current = { ...d, x: e.clientX, y: e.clientY, dx: 0, dy: 0 };
    setDrag(dragRef.current);
  };

  const open = (table: string, autoid: number) => {
    const target = routes.find((r) => r.table === table && r.kind === 'detail');
    if (target) void leaveTo(target.name, { id: String(autoid) });
  };

  const barKeys = (e: KeyboardEvent, bar: BoardBar, index: number) => {
    const start = wallMs(bar.Start);
    const end = bar.End ? wallMs(bar.End) : start + prefs.step * MINUTE;
    const at = {
      table: bar.Table,
      autoid: bar.AutoID,
      stamp: bar.TimeStamp,
      team: bar.Team,
      start,
      end,
      row: rows[index],
    };
    if (e.key === 'Enter') {
      e.preventDefault();
      open(bar.Table, bar.AutoID);
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      const by = e.key === 'ArrowRight' ? 1 : -1;
      const moved = shifted(layout, start, by);
      void save({ ...at, start: moved, end: moved + (end - start) });
    } else if (e.shiftKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      const to = rows[index + (e.key === 'ArrowDown' ? 1 : -1)];
      if (to) void save({ ...at, row: to });
    }
  };

  const itemKeys = (e: KeyboardEvent, item: BoardItem) => {
    if (e.key !== 'Enter' || !rows.length) return;
    e.preventDefault();
    const def = board?.Tables.find((x) => x.Table === item.Table);
    const own =
      item.Resource && def ? rows.find((r) => r.Table === def.ResourceTable && r.AutoID === item.Resource) : null;
    const start = layout.columns[0];
    if (start === undefined) return;
    void save({
      table: item.Table,
      autoid: item.AutoID,
      stamp: item.TimeStamp,
      team: item.Team,
      start,
      end: start + Math.max(prefs.step, 60) * MINUTE,
      row: own ?? rows[0],
    });
  };

  // After a save the moved bar keeps the keyboard focus.
  useEffect(() => {
    if (!selected) return;
    const el = document.querySelector<HTMLElement>(`[data-bar="${selected}"]`);
    if (el && document.activeElement !== el && document.activeElement?.closest('.planning-unplanned, .planning-bar'))
      el.focus();
  }, [board, selected]);

  // A row's time line is in its team's time zone (the Board answer's TimeZone): a bar's start and
  // end are wall times in it, drawn as they read. When that zone is another than this browser's,
  // the row names it and a bar's times are said in both; the toolbar names the chosen team's.
  const browserZone = useMemo(() => new Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const otherZone = useCallback(
    (zone: string | null | undefined) => (zone && zone !== browserZone && isTimeZone(zone) ? zone : null),
    [browserZone],
  );
  const teamZone = otherZone(teams.find((x) => x.AutoID === team)?.TimeZone);

  const barText = (bar: BoardBar, row: BoardRow | undefined) => {
    const def = board?.Tables.find((x) => x.Table === bar.Table);
    const zone = otherZone(row?.TimeZone);
    const times = (to: string | null) => {
      const start = dateTime.format(zone && to ? wallIn(wallMs(bar.Start), zone, to) : wallMs(bar.Start));
      const end = bar.End ? timeLabel.format(zone && to ? wallIn(wallMs(bar.End), zone, to) : wallMs(bar.End)) : '';
      return `${start}${end ? ` – ${end}` : ''}`;
    };
    const when = zone ? `${times(null)} ${zone} (${times(browserZone)} ${browserZone})` : times(null);
    const flags = bar.Flags.map((f) => def?.Flags.find((x) => x.Field === f)?.Label ?? f);
    return [bar.Label || bar.Table, row?.Descr ?? '', when, ...flags].join(', ');
  };

  const onBodyScroll = () => {
    const body = listRef.current?.element;
    if (body && headerRef.current) headerRef.current.scrollLeft = body.scrollLeft;
  };
  useEffect(() => {
    const body = listRef.current?.element;
    body?.addEventListener('scroll', onBodyScroll);
    return () => body?.removeEventListener('scroll', onBodyScroll);
  });

  const ghost = drag && drag.kind !== 'plan' ? `${drag.table}:${drag.autoid}` : null;
  const rowProps: RowProps = {
    rows,
    barsByRow,
    layout,
    trackWidth,
    ghost,
    drag,
    selected,
    barText,
    zoneOf: otherZone,
    onBarDown: startDrag,
    onBarKey: barKeys,
    onSelect: setSelected,
    noRows: t`Geen rijen`,
    resizeLabel: t`Einde verschuiven`,
  };

  const select = <T extends string | number>(
    name: string,
    label: string,
    value: T,
    options: [T, string][],
    on: (v: T) => void,
  ) => (
    <div className="planning-choice">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <select
        id={`${id}-${name}`}
        className="app-input"
        value={String(value)}
        onChange={(e) => on(options.find(([v]) => String(v) === e.target.value)?.[0] ?? value)}
      >
        {options.map(([v, text]) => (
          <option key={v} value={String(v)}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  const views: [PlanningView, string][] = [
    ['day', t`Dag`],
    ['week', t`Week`],
    ['2weeks', t`2 weken`],
    ['month', t`Maand`],
  ];
  const steps: [TimeStep, string][] = TIME_STEPS.map((s) => {
    const hours = s / 60;
    return [s, s === 30 ? t`Half uur` : s === 60 ? t`Uur` : t`${hours} uur`];
  });
  const widths: [ColumnWidth, string][] = [
    ['small', t`Smal`],
    ['medium', t`Middel`],
    ['wide', t`Breed`],
  ];
  const modes: [WeekdayMode, string][] = [
    ['monfri', t`Ma–vr`],
    ['monsat', t`Ma–za`],
    ['monsun', t`Ma–zo`],
  ];

  const openMonitor = (autoid: number | null) => {
    setMonitor(autoid);
    const chosen = monitors?.find((m) => m.AutoID === autoid);
    if (!chosen) return;
    setPrefs(chosen.prefs);
    setTeam(chosen.team);
    setMonitorName(chosen.name);
  };
  const saveMonitor = async () => {
    if (!monitorName.trim() || !screen.monitors) return;
    setMessage(null);
    try {
      const saved = await api.save(screen.monitors, {
        ...(monitor ? { AutoID: monitor } : {}),
        ...monitorRecord(monitorName, prefs, team),
      });
      setMonitor(Number(saved.AutoID));
      reloadMonitors();
    } catch (e) {
      setMessage(errorText(e, t`De monitor is niet opgeslagen.`));
    }
  };
  const deleteMonitor = async () => {
    if (!monitor || !screen.monitors) return;
    setMessage(null);
    try {
      await api.remove(screen.monitors, monitor);
      setMonitor(null);
      setMonitorName('');
      reloadMonitors();
    } catch (e) {
      setMessage(errorText(e, t`De monitor is niet verwijderd.`));
    }
  };

  return (
    <section className="app-page planning-page">
      <header className="app-page-header">
        <h1 className="app-page-title">{screen.title}</h1>
      </header>
      <div className="planning-toolbar" role="toolbar" aria-label={t`Planbord`}>
        <button type="button" className="app-button" onClick={() => setAnchor(shiftView(anchor, prefs.view, -1))}>
          {t`Vorige`}
        </button>
        <button type="button" className="app-button" onClick={() => setAnchor(today())}>
          {t`Vandaag`}
        </button>
        <button type="button" className="app-button" onClick={() => setAnchor(shiftView(anchor, prefs.view, 1))}>
          {t`Volgende`}
        </button>
        <span className="planning-period">
          {dayLabel.format(from)} – {dayLabel.format(dayStart(till - 1))}
        </span>
        {teamZone && <span className="planning-zone">{t`Tijdzone van het team: ${teamZone}`}</span>}
        {select('view', t`Weergave`, prefs.view, views, (view) => setPrefs({ view }))}
        {select('step', t`Tijdstap`, prefs.step, steps, (step) => setPrefs({ step }))}
        {select('width', t`Kolombreedte`, prefs.width, widths, (width) => setPrefs({ width }))}
        {select('mode', t`Weekdagen`, prefs.mode, modes, (mode) => setPrefs({ mode }))}
        {select(
          'team',
          t`Team`,
          team === null ? '' : String(team),
          [['', t`Alle teams`], ...teams.map((x): [string, string] => [String(x.AutoID), x.Descr])],
          (v) => setTeam(v ? Number(v) : null),
        )}
        {monitors && (
          <>
            {select(
              'monitor',
              t`Monitor`,
              monitor === null ? '' : String(monitor),
              [['', t`Geen monitor`], ...monitors.map((m): [string, string] => [String(m.AutoID), m.name])],
              (v) => openMonitor(v ? Number(v) : null),
            )}
            <div className="planning-choice">
              <label htmlFor={`${id}-monitor-name`}>{t`Naam monitor`}</label>
              <input
                id={`${id}-monitor-name`}
                className="app-input"
                maxLength={100}
                value={monitorName}
                onChange={(e) => setMonitorName(e.target.value)}
              />
            </div>
            <button
              type="button"
              className="app-button"
              disabled={!monitorName.trim()}
              onClick={() => void saveMonitor()}
            >
              {t`Monitor opslaan`}
            </button>
            {monitor !== null && (
              <button type="button" className="app-button" onClick={() => void deleteMonitor()}>
                {t`Monitor verwijderen`}
              </button>
            )}
          </>
        )}
      </div>
      {(message || error) && (
        <p role="alert" className="planning-message">
          {message || error}
        </p>
      )}
      {board?.Truncated && (
        <p className="planning-message">{t`Niet alle items passen op het planbord; kies een kortere periode.`}</p>
      )}
      <div className="planning-layout">
        <div className="planning-board" aria-busy={!board || busy ? true : undefined}>
          <div className="planning-header" ref={headerRef} aria-hidden="true">
            <div className="planning-header-inner" style={{ width: NAME_WIDTH + trackWidth }}>
              <div className="planning-corner" style={{ width: NAME_WIDTH }} />
              {days.map((d, i) => (
                <div
                  key={d}
                  className="planning-day"
                  style={{ left: NAME_WIDTH + i * perDay * layout.width, width: perDay * layout.width }}
                >
                  <span>{dayLabel.format(d)}</span>
                  <div className="planning-times">
                    {Array.from({ length: perDay }, (_, k) => (
                      <span key={k} style={{ width: layout.width }}>
                        {layout.width >= 40 || k % 2 === 0 ? timeLabel.format(d + k * prefs.step * MINUTE) : ''}
                      </span>
                    ))}
                  </div>
                </div>
              ))}
            </div>
          </div>
          <List
            className="planning-rows"
            listRef={listRef}
            rowComponent={BoardRowView}
            rowCount={Math.max(rows.length, 1)}
            rowHeight={ROW_HEIGHT}
            rowProps={rowProps}
            overscanCount={6}
            style={{ height: 'min(70vh, 640px)' }}
          />
        </div>
        <aside className="planning-unplanned" aria-label={t`Niet ingepland`}>
          <h2>{t`Niet ingepland`}</h2>
          <input
            className="app-input"
            type="search"
            aria-label={t`Zoeken in niet ingeplande items`}
            placeholder={t`Zoeken`}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <p className="planning-hint">{t`Sleep een item naar een rij, of kies het en druk op Enter.`}</p>
          <ul>
            {(board?.Unplanned ?? []).map((item) => (
              <li key={`${item.Table}:${item.AutoID}`}>
                <button
                  type="button"
                  className="planning-item"
                  onKeyDown={(e) => itemKeys(e, item)}
                  onPointerDown={(e) =>
                    startDrag(e, {
                      kind: 'plan',
                      table: item.Table,
                      autoid: item.AutoID,
                      stamp: item.TimeStamp,
                      team: item.Team,
                      label: item.Label,
                      start: 0,
                      end: Math.max(prefs.step, 60) * MINUTE,
                      rowIndex: -1,
                    })
                  }
                >
                  {item.Label || `${tableLabel(board, item.Table)} ${item.AutoID}`}
                </button>
              </li>
            ))}
          </ul>
        </aside>
      </div>
      {drag?.kind === 'plan' && (
        <div
          className="planning-dragged"
          style={{ left: drag.x + drag.dx + 8, top: drag.y + drag.dy + 8 }}
          aria-hidden="true"
        >
          {drag.label}
        </div>
      )}
    </section>
  );
}

const tableLabel = (board: Board | null, table: string) => board?.Tables.find((x) => x.Table === table)?.Label ?? table;

interface RowProps {
  rows: BoardRow[];
  barsByRow: Map<number, BoardBar[]>;
  layout: Layout;
  trackWidth: number;
  ghost: string | null;
  drag: Drag | null;
  selected: string | null;
  barText: (bar: BoardBar, row: BoardRow | undefined) => string;
  /** A row's time zone when it is another than this browser's. */
  zoneOf: (zone: string | null) => string | null;
  onBarDown: (e: ReactPointerEvent, d: Omit<Drag, 'x' | 'y' | 'dx' | 'dy'>) => void;
  onBarKey: (e: KeyboardEvent, bar: BoardBar, index: number) => void;
  onSelect: (key: string) => void;
  noRows: string;
  resizeLabel: string;
}

function BoardRowView({ index, style, ariaAttributes, ...p }: RowComponentProps<RowProps>) {
  const row = p.rows[index];
  if (!row)
    return (
      <div style={style} className="planning-row" {...ariaAttributes}>
        <div className="planning-name" style={{ width: NAME_WIDTH }}>
          {p.noRows}
        </div>
      </div>
    );
  const { layout } = p;
  const zone = p.zoneOf(row.TimeZone);
  return (
    <div
      style={{ ...style, width: NAME_WIDTH + p.trackWidth }}
      className="planning-row"
      {...ariaAttributes}
      aria-label={zone ? `${row.Descr} (${zone})` : row.Descr}
    >
      <div className="planning-name" style={{ width: NAME_WIDTH }}>
        <span className="planning-name-text">{row.Descr}</span>
        {zone && <span className="planning-row-zone">{zone}</span>}
      </div>
      <div
        className="planning-track"
        style={{ width: p.trackWidth, backgroundSize: `${layout.width}px 100%` }}
        data-row={index}
      >
        {(p.barsByRow.get(index) ?? []).map((bar) => {
          const key = `${bar.Table}:${bar.AutoID}`;
          const start = wallMs(bar.Start);
          const end = bar.End ? wallMs(bar.End) : start + layout.step * MINUTE;
          let left = columnAt(layout.columns, layout.step, start) * layout.width;
          let right = columnAt(layout.columns, layout.step, end) * layout.width;
          let top = 4;
          if (p.ghost === key && p.drag) {
            const d = p.drag;
            if (d.kind === 'move') {
              left += Math.round(d.dx / layout.width) * layout.width;
              right += Math.round(d.dx / layout.width) * layout.width;
              top += Math.round(d.dy / ROW_HEIGHT) * ROW_HEIGHT;
            } else right += Math.round(d.dx / layout.width) * layout.width;
          }
          const width = Math.max(right - left, 8);
          const base = {
            table: bar.Table,
            autoid: bar.AutoID,
            stamp: bar.TimeStamp,
            team: bar.Team,
            label: bar.Label,
            start,
            end,
            rowIndex: index,
          };
          return (
            <div
              key={key}
              role="button"
              tabIndex={0}
              data-bar={key}
              aria-label={p.barText(bar, row)}
              aria-pressed={p.selected === key}
              className={`planning-bar${bar.Flags.length ? ' planning-bar-flagged' : ''}${p.ghost === key ? ' planning-bar-dragging' : ''}`}
              style={{ left, width, top, ...(bar.Color ? { borderLeftColor: bar.Color } : {}) }}
              title={p.barText(bar, row)}
              onFocus={() => p.onSelect(key)}
              onKeyDown={(e) => p.onBarKey(e, bar, index)}
              onPointerDown={(e) => p.onBarDown(e, { ...base, kind: 'move' })}
            >
              {bar.Flags.length > 0 && (
                <span className="planning-flag" aria-hidden="true">
                  ⚠
                </span>
              )}
              <span className="planning-bar-text">{bar.Label}</span>
              <span
                className="planning-resize"
                aria-hidden="true"
                title={p.resizeLabel}
                onPointerDown={(e) => {
                  e.stopPropagation();
                  p.onBarDown(e, { ...base, kind: 'resize' });
                }}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
