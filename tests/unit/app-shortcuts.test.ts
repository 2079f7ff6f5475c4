// @vitest-environment jsdom
// Favourite and recent screens are kept per user in this browser, most recent first, and a
// damaged entry counts as none.
import { describe, expect, it } from 'vitest';
import { loadShortcuts, RECENT_MAX, shortcuts, toggleFavourite, visited } from '../../runtime/app/shortcuts.ts';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('shortcuts', () => {
  it('keeps favourites and recent screens per user across a reload', async () => {
    loadShortcuts('anna');
    toggleFavourite('currencies');
    toggleFavourite('costcodes');
    toggleFavourite('currencies');
    for (const name of ['a', 'b', 'a', ...Array.from({ length: RECENT_MAX }, (_, i) => `s${i}`)]) visited(name);
    await settle();
    loadShortcuts('bert');
    expect(shortcuts.favourites).toEqual([]);
    loadShortcuts('anna');
    expect(shortcuts.favourites).toEqual(['costcodes']);
    expect(shortcuts.recent).toHaveLength(RECENT_MAX);
    expect(shortcuts.recent[0]).toBe(`s${RECENT_MAX - 1}`);
  });
  it('reads a damaged entry as none', () => {
    localStorage.setItem('menu:carl', '{not json');
    loadShortcuts('carl');
    expect(shortcuts.favourites).toEqual([]);
    localStorage.setItem('menu:dora', JSON.stringify({ favourites: [1, 'x'], recent: 'y' }));
    loadShortcuts('dora');
    expect([shortcuts.favourites, shortcuts.recent]).toEqual([['x'], []]);
  });
});
