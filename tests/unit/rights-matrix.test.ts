// The rights matrix's rows and moves: a cell per action a right has, grouped and searched as a
// user types, and a click or Space moving a cell from not set to granted to denied and back.
import { describe, expect, it } from 'vitest';
import type { RightsMatrixAnswer } from '../../runtime/api/index.ts';
import {
  compareCodes,
  matrixLines,
  matrixRows,
  nextRightLine,
  nextState,
} from '../../runtime/screens/detail/rightsMatrix.ts';

const right = (
  Code: string,
  Name: string,
  Actions: RightsMatrixAnswer['Rights'][number]['Actions'],
  Parent = 'admin',
) => ({
  Code,
  Name,
  Actions,
  Uses: [`${Name} scherm`],
  Parent,
  ParentTitle: null,
  Area: 'screens' as const,
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
});
