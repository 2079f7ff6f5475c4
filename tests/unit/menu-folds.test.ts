// The menu's folded groups: the administration starts folded for a user who may do everything,
// a remembered choice wins, and a search or the current screen opens a group.
import { describe, expect, it } from 'vitest';
import type { ScreenInfo } from '../../runtime/api/index.ts';
import { groupOpen, toggledFolds, type FoldContext } from '../../runtime/ui/navigation/folds.ts';
import { menuGroups } from '../../runtime/ui/navigation/routes.ts';

const screen = (name: string, parent: string | undefined, kind: ScreenInfo['kind']): ScreenInfo => ({
  name,
  title: name,
  parent,
  kind,
  table: name,
});
const groups = menuGroups([
  screen('orders', undefined, 'maintenance'),
  screen('users', 'admin', 'maintenance'),
  screen('currencies', 'admin', 'systemtable'),
]);
const open = (context: FoldContext) => groups.filter((g) => groupOpen(g, context)).map((g) => g.key);

describe('menu folds', () => {
  it('folds the administration for a user with full access only', () => {
    expect(open({ fullAccess: true, folded: null })).toEqual(['']);
    expect(open({ fullAccess: false, folded: null })).toEqual(['', 'admin', 'admin/systemtables']);
  });

  it('opens the group of the current screen, and every group while searching', () => {
    expect(open({ fullAccess: true, folded: null, current: 'currencies' })).toEqual(['', 'admin/systemtables']);
    expect(open({ fullAccess: true, folded: null, filter: 'cur' })).toHaveLength(3);
    expect(open({ fullAccess: true, folded: ['', 'admin'], filter: ' ' })).toEqual(['admin/systemtables']);
  });

  it('remembers what the user folded and unfolded from then on', () => {
    const start: FoldContext = { fullAccess: true, folded: null };
    const unfolded = toggledFolds(groups, start, 'admin');
    expect(unfolded).toEqual(['admin/systemtables']);
    expect(open({ ...start, folded: unfolded })).toEqual(['', 'admin']);
    const folded = toggledFolds(groups, { ...start, folded: unfolded }, '');
    expect(open({ ...start, folded })).toEqual(['admin']);
  });

  it('keeps the folds of groups a search leaves out, and folds a group shown open by a search', () => {
    const context: FoldContext = { fullAccess: true, folded: ['admin', 'gone'], filter: 'users' };
    const shown = menuGroups(
      [screen('orders', undefined, 'maintenance'), screen('users', 'admin', 'maintenance')],
      'users',
    );
    expect(toggledFolds(shown, context, 'admin')).toEqual(['gone', 'admin']);
  });
});
