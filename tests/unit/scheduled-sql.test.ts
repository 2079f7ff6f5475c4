// When a scheduled SQL task is due, and to whom it is e-mailed.
import { describe, expect, it } from 'vitest';
import { isDue, recipientsOf } from '../../server/jobs/scheduled-sql.ts';

describe('a scheduled SQL task', () => {
  const at = (iso: string) => new Date(iso);

  it('is due once its cron has a moment after its last start that has passed', () => {
    const task = { cron: '0 3 * * *', lastrunat: at('2026-12-06T12:00:00Z'), createdat: null };
    expect(isDue(task, at('2026-12-07T02:59:00Z'), 'UTC')).toBe(false);
    expect(isDue(task, at('2026-12-07T03:00:00Z'), 'UTC')).toBe(true);
  });

  it('counts from its making before it ever ran', () => {
    const task = { cron: '*/15 * * * *', lastrunat: null, createdat: at('2026-12-07T10:01:00Z') };
    expect(isDue(task, at('2026-12-07T10:14:00Z'), 'UTC')).toBe(false);
    expect(isDue(task, at('2026-12-07T10:15:00Z'), 'UTC')).toBe(true);
  });

  it('never runs on a schedule that cannot be read', () => {
    expect(isDue({ cron: 'elke dag', lastrunat: null, createdat: at('2026-01-01T00:00:00Z') }, new Date())).toBe(false);
  });

  it('is e-mailed to the addresses of EmailTo, at most 20, leaving out what is no address', () => {
    expect(recipientsOf('a@example.com; b@example.com,c@example.com  geen-adres')).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
    expect(recipientsOf(null)).toEqual([]);
    expect(recipientsOf(Array.from({ length: 30 }, (_, i) => `u${i}@example.com`).join(','))).toHaveLength(20);
  });
});
