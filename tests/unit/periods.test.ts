// The period operators of derived values: months between two dates, and the period of a book
// year a date falls in (a journal's period), for years of 12 months, 4 quarters or 1 period.
import { describe, expect, it } from 'vitest';
import { ruleValue } from '../../definitions/language/index.ts';
import { ExpressionError } from '../../definitions/language/expressions.ts';
import { rule } from '../support/rules.ts';

// The operators are this product's, not json-logic's own: the engine's guard reads them as rules.
const value = (expression: object) => ruleValue(rule(expression), {});

describe('periods of a year', () => {
  it('counts calendar months, whatever the day of the month', () => {
    expect(value({ months_between: ['2026-01-31', '2026-03-01'] })).toBe(2);
    expect(value({ months_between: ['2025-11-15', '2026-02-15'] })).toBe(3);
    expect(value({ months_between: ['2026-03-01', '2026-01-01'] })).toBe(-2);
    expect(value({ months_between: [null, '2026-01-01'] })).toBeNull();
  });

  it('gives the period of a book year a date falls in', () => {
    expect(value({ period_of: ['2026-01-01', '2026-01-01', 12] })).toBe(1);
    expect(value({ period_of: ['2026-12-31', '2026-01-01', 12] })).toBe(12);
    expect(value({ period_of: ['2026-07-15', '2026-01-01', 4] })).toBe(3);
    // A book year from July: March is its ninth month.
    expect(value({ period_of: ['2027-03-10', '2026-07-01', 12] })).toBe(9);
    expect(value({ period_of: ['2026-09-30', '2026-01-01', 1] })).toBe(1);
  });

  it('refuses a year cut into parts that are not whole months', () => {
    expect(() => value({ period_of: ['2026-05-01', '2026-01-01', 5] })).toThrow(ExpressionError);
  });

  it('counts the periods of a rental span, a begun period by its share of days', () => {
    // 15 January through 14 February is a month; 15 through 28 February is 14 of that month's 28 days.
    expect(value({ periods_between: ['2026-01-15', '2026-02-28', 'months'] })).toBe(1.5);
    expect(value({ periods_between: ['2026-03-01', '2026-03-31', 'months'] })).toBe(1);
    expect(value({ periods_between: ['2026-01-15', '2026-01-31', 'months'] })).toBe(value({ '/': [17, 31] }) as number);
    // A month from the 31st ends at the month's last day before the next 31st or month end.
    expect(value({ periods_between: ['2026-01-31', '2026-02-27', 'months'] })).toBe(1);
    expect(value({ periods_between: ['2026-03-02', '2026-03-11', 'weeks'] })).toBe(1 + 3 / 7);
    expect(value({ periods_between: ['2026-03-02', '2026-03-02', 'days'] })).toBe(1);
    expect(value({ periods_between: ['2026-01-01', '2026-12-31', 'years'] })).toBe(1);
    expect(value({ periods_between: ['2026-01-01', '2026-05-15', 'quarters'] })).toBe(1 + 45 / 91);
    expect(value({ periods_between: ['2026-03-02', '2026-03-01', 'months'] })).toBe(0);
    expect(value({ periods_between: [null, '2026-03-01', 'months'] })).toBeNull();
  });

  it('refuses a rental span in a unit it does not know', () => {
    expect(() => value({ periods_between: ['2026-01-01', '2026-02-01', 'fortnights'] })).toThrow(ExpressionError);
  });
});
