// The rights matrix's rows and moves: a cell per action a right has, grouped and searched as a
// user types, and a click or Space moving a cell from not set to granted to denied and back; a right
// that requires others is granted with them.
import { describe, expect, it } from 'vitest';
import type { RightsMatrixAnswer } from '../../runtime/api/index.ts';
import {
  cellChanges,
  compareCodes,
  matrixLines,
  matrixRows,
  nextRightLine,
  nextState,
  type MatrixRow,
} from '../../runtime/screens/detail/rightsMatrix.ts';

const right = (
  Code: string,
  Name: string,
  Actions: RightsMatrixAnswer['Rights'][number]['Actions'],
  Parent = 'admin',
  Requires: string[] = [],
) => ({
  Code,
  Name,
  Actions,
  Uses: [`${Name} scherm`],
  Parent,
  ParentTitle: null,
  Area: 'screens' as const,
  Requires,
});

const answer: RightsMatrixAnswer = {
  Rights: [
    right('2.10', 'Relaties blokkeren', ['execute'], 'backoffice'),
    right('2.9', 'Relaties beheren', ['read', 'update', 'create', 'delete'], 'backoffice'),
    right('12.3', 'Gebruikers beheren', ['read', 'update', 'create', 'delete']),
  ],
  Grants: [
    { AutoID: 1, TimeStamp: 1, Right: '2.9', Action: 'read', Grant: true },
    { AutoID: 2, TimeStamp: 1, Right: '2.9', Action: 'delete', Grant: false },
  ],
  CanCreate: true,
  CanUpdate: true,
  CanDelete: true,
};

const rows = matrixRows(answer, (r) => (r.Parent === 'admin' ? 'Beheer' : 'Backoffice'));

describe('the rights matrix', () => {
  it('orders codes by number and groups the rows', () => {
    expect(compareCodes('2.9', '2.10')).toBeLessThan(0);
    expect(rows.map((r) => r.code)).toEqual(['2.9', '2.10', '12.3']);
    expect(matrixLines(rows, '').map((l) => (l.kind === 'group' ? l.title : l.row.code))).toEqual([
      'Backoffice',
      '2.9',
      '2.10',
      'Beheer',
      '12.3',
    ]);
  });

  it('shows granted, denied, not set, and no cell for an action the right lacks', () => {
    const relations = rows[0].cells;
    expect([relations.read.state, relations.delete.state, relations.create.state, relations.execute.state]).toEqual([
      'granted',
      'denied',
      'unset',
      'absent',
    ]);
    expect(relations.read.grant?.AutoID).toBe(1);
  });

  it('finds rows by name, code or the screens they guard', () => {
    const found = (typed: string) => matrixLines(rows, typed).flatMap((l) => (l.kind === 'right' ? [l.row.code] : []));
    expect(found('blokk')).toEqual(['2.10']);
    expect(found('12.3')).toEqual(['12.3']);
    expect(found('gebruikers beheren scherm')).toEqual(['12.3']);
  });

  it('cycles a cell and moves over group headings', () => {
    expect((['unset', 'granted', 'denied'] as const).map((s) => nextState(s))).toEqual(['granted', 'denied', 'unset']);
    expect(nextState('absent')).toBe('absent');
    const lines = matrixLines(rows, '');
    expect(nextRightLine(lines, 2, 1)).toBe(4);
    expect(nextRightLine(lines, 1, -1)).toBe(1);
  });

  it('grants the rights a right requires along with it, and clears what requires a right with its last grant', () => {
    const requiring: RightsMatrixAnswer = {
      ...answer,
      Rights: [
        right('21.3', 'Werkbonnen goedkeuren', ['execute'], 'backoffice', ['21.4']),
        right('21.4', 'Werkbonnen', ['read', 'update'], 'backoffice'),
        right('21.5', 'Uren', ['read'], 'backoffice'),
      ],
      Grants: [],
    };
    const rows = matrixRows(requiring, () => 'Backoffice');
    const row = (all: MatrixRow[], code: string) => {
      const found = all.find((r) => r.code === code);
      if (!found) throw new Error(`no row ${code}`);
      return found;
    };
    expect(cellChanges(rows, row(rows, '21.3'), 'execute', 'granted')).toEqual([
      { Right: '21.3', Action: 'execute', Grant: true },
      { Right: '21.4', Action: 'read', Grant: true },
    ]);
    // A right required by another, or on its own, changes alone.
    expect(cellChanges(rows, row(rows, '21.4'), 'read', 'granted')).toEqual([
      { Right: '21.4', Action: 'read', Grant: true },
    ]);
    expect(cellChanges(rows, row(rows, '21.5'), 'read', 'granted')).toEqual([
      { Right: '21.5', Action: 'read', Grant: true },
    ]);

    const held = matrixRows(
      {
        ...requiring,
        Grants: [
          { AutoID: 1, TimeStamp: 1, Right: '21.3', Action: 'execute', Grant: true },
          { AutoID: 2, TimeStamp: 1, Right: '21.4', Action: 'read', Grant: true },
          { AutoID: 3, TimeStamp: 1, Right: '21.4', Action: 'update', Grant: true },
        ],
      },
      () => 'Backoffice',
    );
    // One of two grants away: still held, what requires it stays.
    expect(cellChanges(held, row(held, '21.4'), 'read', 'denied')).toEqual([
      { Right: '21.4', Action: 'read', Grant: false },
    ]);
    // The requiring right away: what it requires stays.
    expect(cellChanges(held, row(held, '21.3'), 'execute', 'denied')).toEqual([
      { Right: '21.3', Action: 'execute', Grant: false },
    ]);
    const once = matrixRows(
      {
        ...requiring,
        Grants: [
          { AutoID: 1, TimeStamp: 1, Right: '21.3', Action: 'execute', Grant: true },
          { AutoID: 2, TimeStamp: 1, Right: '21.4', Action: 'read', Grant: true },
        ],
      },
      () => 'Backoffice',
    );
    // The last grant of a required right away: the grants of what requires it go with it.
    expect(cellChanges(once, row(once, '21.4'), 'read', 'unset')).toEqual([
      { Right: '21.4', Action: 'read', Grant: null },
      { Right: '21.3', Action: 'execute', Grant: null },
    ]);
  });
});
