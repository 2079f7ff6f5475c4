// The rights matrix of a record (a security group): a row per right of the catalogue, grouped as
// the menu groups the screens it guards, a column per action (the execute right of an action or
// a transition in one "actions" column). A cell is granted, denied or not set (no grant row), or
// absent when the right has no such action. Clicking or Space moves a cell on: not set → granted
// → denied → not set. A right that requires others (its Requires) is granted with them: granting it
// grants those not held yet, and taking the last grant of a required right away clears the grants of
// the rights that require it.
import type { GrantChange, RightsMatrixAnswer } from '../../api/index.ts';

export const MATRIX_ACTIONS = ['read', 'create', 'update', 'delete', 'execute'] as const;
export type MatrixAction = (typeof MATRIX_ACTIONS)[number];

export type CellState = 'granted' | 'denied' | 'unset' | 'absent';

type Right = RightsMatrixAnswer['Rights'][number];
export type Grant = RightsMatrixAnswer['Grants'][number];

export interface MatrixCell {
  state: CellState;
  /** The grant row of a granted or denied cell. */
  grant?: Grant;
}

export interface MatrixRow {
  code: string;
  name: string;
  uses: readonly string[];
  group: string;
  cells: Record<MatrixAction, MatrixCell>;
  /** The rights this one is held only with, followed through. */
  requires: readonly string[];
}

export type MatrixLine = { kind: 'group'; title: string; count: number } | { kind: 'right'; row: MatrixRow };

const codeParts = (code: string) => code.split('.').map(Number);

/** Right codes in their numeric order (2.10 after 2.9). */
export function compareCodes(a: string, b: string): number {
  const x = codeParts(a);
  const y = codeParts(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? -1) - (y[i] ?? -1);
    if (d) return d;
  }
  return a.localeCompare(b);
}

export function cellState(grant: Grant | undefined): CellState {
  if (!grant) return 'unset';
  return grant.Grant === false ? 'denied' : 'granted';
}

/** The rows of the matrix: each right with its cells, by group title, then by code. */
export function matrixRows(answer: RightsMatrixAnswer, groupOf: (right: Right) => string): MatrixRow[] {
  const grants = new Map(answer.Grants.map((g) => [`${g.Right}|${g.Action}`, g]));
  return answer.Rights.map((right) => {
    const cell = (action: MatrixAction): MatrixCell => {
      if (!right.Actions.includes(action)) return { state: 'absent' };
      const grant = grants.get(`${right.Code}|${action}`);
      return { state: cellState(grant), ...(grant ? { grant } : {}) };
    };
    const cells: Record<MatrixAction, MatrixCell> = {
      read: cell('read'),
      create: cell('create'),
      update: cell('update'),
      delete: cell('delete'),
      execute: cell('execute'),
    };
    return {
      code: right.Code,
      name: right.Name,
      uses: right.Uses,
      group: groupOf(right),
      cells,
      requires: right.Requires,
    };
  }).sort((a, b) => a.group.localeCompare(b.group) || compareCodes(a.code, b.code));
}

/** Whether a row matches what was typed: its name, code, group or a screen or table it guards. */
export function matchesRow(row: MatrixRow, typed: string): boolean {
  const needle = typed.trim().toLocaleLowerCase();
  if (!needle) return true;
  return [row.name, row.code, row.group, ...row.uses].some((text) => text.toLocaleLowerCase().includes(needle));
}

/** The lines to show: a heading per group, then its rows. */
export function matrixLines(rows: readonly MatrixRow[], typed: string): MatrixLine[] {
  const lines: MatrixLine[] = [];
  let heading: Extract<MatrixLine, { kind: 'group' }> | undefined;
  for (const row of rows) {
    if (!matchesRow(row, typed)) continue;
    if (heading?.title !== row.group) lines.push((heading = { kind: 'group', title: row.group, count: 0 }));
    heading.count++;
    lines.push({ kind: 'right', row });
  }
  return lines;
}

/** What a click or Space makes of a cell. */
export function nextState(state: CellState): CellState {
  switch (state) {
    case 'unset':
      return 'granted';
    case 'granted':
      return 'denied';
    case 'denied':
      return 'unset';
    default:
      return state;
  }
}

/** The line a move from `index` by `step` lands on, skipping group headings; the same when none. */
export function nextRightLine(lines: readonly MatrixLine[], index: number, step: number): number {
  for (let i = index + step; i >= 0 && i < lines.length; i += step) if (lines[i].kind === 'right') return i;
  return index;
}

const asGrant = (state: CellState): boolean | null => (state === 'granted' ? true : state === 'denied' ? false : null);

/** Whether a row's cells hold the right: one of them granted. */
const holds = (cells: Record<MatrixAction, MatrixCell>, action?: MatrixAction, next?: CellState) =>
  MATRIX_ACTIONS.some((a) => (a === action ? next : cells[a].state) === 'granted');

/**
 * The cells one change makes: the cell itself; when it makes the right held, the first unset action
 * of each right it requires that is not held; when it takes the right's last grant away, every
 * granted cell of the rights that require it.
 */
export function cellChanges(
  rows: readonly MatrixRow[],
  row: MatrixRow,
  action: MatrixAction,
  next: CellState,
): GrantChange[] {
  const changes: GrantChange[] = [{ Right: row.code, Action: action, Grant: asGrant(next) }];
  const before = holds(row.cells);
  const after = holds(row.cells, action, next);
  if (!before && after)
    for (const code of row.requires) {
      const other = rows.find((r) => r.code === code);
      const first = other && !holds(other.cells) && MATRIX_ACTIONS.find((a) => other.cells[a].state === 'unset');
      if (first) changes.push({ Right: code, Action: first, Grant: true });
    }
  if (before && !after)
    for (const other of rows)
      if (other.requires.includes(row.code))
        for (const a of MATRIX_ACTIONS)
          if (other.cells[a].state === 'granted') changes.push({ Right: other.code, Action: a, Grant: null });
  return changes;
}
