// Scheduler monitors (the table the board screen's `monitors` names): saved board configurations. A monitor keeps the
// board's view, time step, column width, weekday mode and team filter under a name; it is stored and
// read through the record API like any row, so the table's right decides who may save or delete one.
import { sanePrefs, type BoardPrefs } from './prefs.ts';

export interface Monitor {
  AutoID: number;
  name: string;
  prefs: BoardPrefs;
  team: number | null;
}

/** A monitor row as the board's choices; values the board does not know keep `defaults`. */
export function monitorOf(row: Record<string, unknown>, defaults: BoardPrefs): Monitor {
  const team = Number(row.Team);
  return {
    AutoID: Number(row.AutoID),
    name: String(row.Descr ?? row.ID ?? ''),
    prefs: sanePrefs({ view: row.View, step: row.TimeStep, width: row.ColumnWidth, mode: row.WeekdayMode }, defaults),
    team: Number.isSafeInteger(team) && team > 0 ? team : null,
  };
}

/** The code of a new monitor: its name in capitals, within the field's 20 characters. */
export const monitorCode = (name: string): string => name.trim().toUpperCase().slice(0, 20);

/** The record that saves the board's current choices as a monitor named `name`. */
export function monitorRecord(name: string, prefs: BoardPrefs, team: number | null): Record<string, unknown> {
  return {
    ID: monitorCode(name),
    Descr: name.trim().slice(0, 100),
    View: prefs.view,
    TimeStep: String(prefs.step),
    ColumnWidth: prefs.width,
    WeekdayMode: prefs.mode,
    Team: team,
  };
}
