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

/** `value` when it is one of `options`, else `fallback`. */
const oneOf = <T>(options: readonly T[], value: unknown, fallback: T): T =>
  options.find((o) => o === value) ?? fallback;

/** Whether `key` is a key of `object` of its own. */
const ownKey = <T extends object>(object: T, key: unknown): key is keyof T =>
  typeof key === 'string' && Object.hasOwn(object, key);

/** Only the values the board knows; anything else keeps the default. */
export function sanePrefs(value: unknown, defaults: BoardPrefs): BoardPrefs {
  const v = new Map<string, unknown>(value && typeof value === 'object' ? Object.entries(value) : []);
  const width = v.get('width');
  const mode = v.get('mode');
  return {
    view: oneOf(PLANNING_VIEWS, v.get('view'), defaults.view),
    step: oneOf(TIME_STEPS, Number(v.get('step')), defaults.step),
    width: ownKey(COLUMN_WIDTHS, width) ? width : defaults.width,
    mode: ownKey(WEEKDAY_MODES, mode) ? mode : defaults.mode,
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
