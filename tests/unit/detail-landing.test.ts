// Where a record just made on a detail screen landed among its data sets, and how the notice names it.
import { describe, expect, it } from 'vitest';
import { findLanding, landedName, type LandingSet } from '../../runtime/screens/detail/landing.ts';

const open = { name: 'open', title: 'Open' };
const all = { name: 'all', title: 'Alle' };
const cancelled = { name: 'cancelled', title: 'Geannuleerd' };
const sets = [open, all, cancelled];

/** A lookup that holds the record in the named data sets (null: the table as the user may see it), and records what was asked. */
function lookup(holding: (string | null)[]) {
  const asked: (string | null)[] = [];
  const holds = async (set: LandingSet | null) => {
    asked.push(set?.name ?? null);
    return holding.includes(set?.name ?? null);
  };
  return { asked, holds };
}

describe('where a new record landed', () => {
  it('is here when the current data set holds it, asking nothing more', async () => {
    const { asked, holds } = lookup(['all', 'cancelled', null]);
    expect(await findLanding(sets, 'cancelled', holds)).toEqual({ kind: 'here' });
    expect(asked).toEqual(['cancelled']);
  });

  it('is the first other data set that holds it, the current one asked first', async () => {
    const { asked, holds } = lookup(['all', 'cancelled', null]);
    expect(await findLanding(sets, 'open', holds)).toEqual({ kind: 'elsewhere', set: all });
    expect(asked).toEqual(['open', 'all']);
  });

  it('is outside every data set when only the table holds it', async () => {
    const { asked, holds } = lookup([null]);
    expect(await findLanding(sets, 'open', holds)).toEqual({ kind: 'outside' });
    expect(asked).toEqual(['open', 'all', 'cancelled', null]);
  });

  it('is gone when the user cannot see it at all (deleted meanwhile)', async () => {
    const { holds } = lookup([]);
    expect(await findLanding(sets, 'open', holds)).toEqual({ kind: 'gone' });
  });

  it('is here on a screen without data sets, asking nothing', async () => {
    const { asked, holds } = lookup([]);
    expect(await findLanding([], null, holds)).toEqual({ kind: 'here' });
    expect(asked).toEqual([]);
  });

  it('asks every data set when the current one is unknown', async () => {
    const { asked, holds } = lookup(['cancelled']);
    expect(await findLanding(sets, null, holds)).toEqual({ kind: 'elsewhere', set: cancelled });
    expect(asked).toEqual(['open', 'all', 'cancelled']);
  });
});

describe('the name of a landed record', () => {
  it('is its ID, else its description, else its number', () => {
    expect(landedName({ AutoID: 301, ID: 'ORD-000301', Descr: 'Hekken' })).toBe('ORD-000301');
    expect(landedName({ AutoID: 301, ID: ' ', Descr: 'Hekken' })).toBe('Hekken');
    expect(landedName({ AutoID: 301, ID: null })).toBe('#301');
    expect(landedName({ AutoID: 7, ID: 12 })).toBe('12');
  });
});
