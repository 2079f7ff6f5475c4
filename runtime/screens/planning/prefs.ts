// The board's view, time step, column width and weekday mode: the planning settings give the
// defaults, the user's own choice is kept in this browser per user (as menu folds and favourites).
import {
  COLUMN_WIDTHS,
  PLANNING_VIEWS,
  TIME_STEPS,
  WEEKDAY_MODES,
  type ColumnWidth,
  type PlanningView,
  type TimeStep,
  type WeekdayMode,
} from '../../../definitions/language/planning-time.ts';

export interface BoardPrefs {
  view: PlanningView;
  step: TimeStep;
  width: ColumnWidth;
  mode: WeekdayMode;
}

export const BUILT_IN: BoardPrefs = { view: 'week', step: 60, width: 'medium', mode: 'monfri' };

const keyOf = (user: string) => `planning:${user}:view`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Only the values the board knows; anything else keeps the default. */
export function sanePrefs(value: unknown, defaults: BoardPrefs): BoardPrefs {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const step = Number(v.step);
  return {
    view: PLANNING_VIEWS.includes(v.view as PlanningView) ? (v.view as PlanningView) : defaults.view,
    step: (TIME_STEPS as readonly number[]).includes(step) ? (step as TimeStep) : defaults.step,
    width: typeof v.width === 'string' && v.width in COLUMN_WIDTHS ? (v.width as ColumnWidth) : defaults.width,
    mode: typeof v.mode === 'string' && v.mode in WEEKDAY_MODES ? (v.mode as WeekdayMode) : defaults.mode,
  };
}

/** The planning settings row as defaults: SchedulerTimeStep, ColumnWidth, WeekdayMode. */
export function settingsPrefs(row: Record<string, unknown> | undefined): BoardPrefs {
  if (!row) return BUILT_IN;
  return sanePrefs({ step: row.SchedulerTimeStep, width: row.ColumnWidth, mode: row.WeekdayMode }, BUILT_IN);
}

export function loadPrefs(user: string, defaults: BoardPrefs): BoardPrefs {
  try {
    return sanePrefs(JSON.parse(storage()?.getItem(keyOf(user)) ?? 'null'), defaults);
  } catch {
    return defaults;
  }
}

export function savePrefs(user: string, prefs: BoardPrefs): void {
  if (user) storage()?.setItem(keyOf(user), JSON.stringify(prefs));
}
