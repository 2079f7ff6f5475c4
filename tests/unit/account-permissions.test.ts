import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SecurityEntry } from '../../runtime/api/index.ts';
import { can, clearPermissions, debugMode, ensure, entriesFor, permissions } from '../../runtime/state/permissions.ts';

const answer = (grants: Record<string, boolean>) =>
  vi.fn(async (list: SecurityEntry[]) => list.map((e) => ({ ...e, Grant: grants[`${e.ID}|${e.Action}`] ?? false })));

beforeEach(() => {
  clearPermissions();
  permissions.debug = false;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('permission cache', () => {
  it('asks the server with the action codes and answers from the cache', async () => {
    const fetch = answer({ '10.85|1.3': true, '10.85|1.4': false });
    await ensure([...entriesFor('10.85', 'create'), ...entriesFor('10.85', 'delete')], fetch);
    expect(fetch).toHaveBeenCalledWith([
      { ID: '10.85', Action: '1.3' },
      { ID: '10.85', Action: '1.4' },
    ]);
    expect(can('10.85', 'create')).toBe(true);
    expect(can('10.85', 'delete')).toBe(false);
  });

  it('fetches only entries not yet known', async () => {
    const fetch = answer({ '10.85|1.1': true, '10.21|1.1': true });
    await ensure(entriesFor('10.85', 'read'), fetch);
    await ensure([...entriesFor('10.85', 'read'), ...entriesFor('10.21', 'read')], fetch);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1][0]).toEqual([{ ID: '10.21', Action: '1.1' }]);
    await ensure(entriesFor('10.21', 'read'), fetch);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not ask twice for an entry whose answer is still pending', async () => {
    const fetch = answer({ '10.85|1.2': true });
    await Promise.all([ensure(entriesFor('10.85', 'update'), fetch), ensure(entriesFor('10.85', 'update'), fetch)]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(can('10.85', 'update')).toBe(true);
  });

  it('one denying entry beats a granting one', async () => {
    await ensure([...entriesFor(['10.85', '10.21'], 'update')], answer({ '10.85|1.2': true, '10.21|1.2': false }));
    expect(can(['10.85', '10.21'], 'update')).toBe(false);
    expect(can('10.85', 'update')).toBe(true);
  });

  it('allows unless a grant says false: an entry answered without a Grant, or left out, denies nothing', async () => {
    const fetch = vi.fn(async (list: SecurityEntry[]) =>
      list
        .filter((e) => e.ID !== '10.30')
        .map((e) => (e.ID === '10.21' ? { ID: e.ID, Action: e.Action } : { ...e, Grant: e.ID !== '10.40' })),
    ) as unknown as (list: SecurityEntry[]) => Promise<SecurityEntry[]>;
    await ensure(entriesFor(['10.21', '10.30', '10.40', '10.85'], 'read'), fetch);
    expect(can('10.21', 'read')).toBe(true);
    expect(can('10.30', 'read')).toBe(true);
    expect(can('10.85', 'read')).toBe(true);
    expect(can('10.40', 'read')).toBe(false);
    expect(can(['10.21', '10.40'], 'read')).toBe(false);
  });

  it('an entry not yet known is not allowed; a screen without a right code needs none', () => {
    expect(can('10.99', 'create')).toBe(false);
    expect(can(undefined, 'create')).toBe(true);
  });

  it('a failed authorization call is logged and leaves the right not allowed', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await ensure(
      entriesFor('10.85', 'delete'),
      vi.fn(async () => {
        throw new Error('down');
      }),
    );
    expect(error).toHaveBeenCalled();
    expect(can('10.85', 'delete')).toBe(false);
  });

  it('clearing the cache (login/logout) forgets every entry', async () => {
    await ensure(entriesFor('10.85', 'read'), answer({ '10.85|1.1': true }));
    clearPermissions();
    expect(can('10.85', 'read')).toBe(false);
  });
});

describe('debug mode', () => {
  const storage = (value: string | null) => ({ getItem: () => value });
  it('is on only in a development build with debugPermissions=1', () => {
    expect(debugMode(true, storage('1'))).toBe(true);
    expect(debugMode(false, storage('1'))).toBe(false);
    expect(debugMode(undefined, storage('1'))).toBe(false);
    expect(debugMode(true, storage(null))).toBe(false);
  });
  it('allows everything without asking the server', async () => {
    permissions.debug = true;
    const fetch = answer({});
    await ensure(entriesFor('10.85', 'delete'), fetch);
    expect(fetch).not.toHaveBeenCalled();
    expect(can('10.85', 'delete')).toBe(true);
  });
});
