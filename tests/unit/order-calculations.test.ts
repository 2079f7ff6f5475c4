// The two order calculations no definition expresses (server/behaviours), and the rule values
// definitions compute with: what a user reads in the basket and on the order.
import { describe, expect, it } from 'vitest';
import { earliestDeliverDate } from '../../server/behaviours/delivery-date.ts';
import { costOf, lineSubtotals } from '../../server/behaviours/order-totals.ts';
import { evaluateRule, ruleValue } from '../../definitions/language/index.ts';

const officeWeek = { days: [false, true, true, true, true, true, false], holidays: new Set<string>() };

describe('the earliest deliver date', () => {
  it('counts the lead time in workable days from the order date', () => {
    // Friday 27 November 2026: the Friday itself is the first of two workable days.
    expect(earliestDeliverDate('2026-11-27', 0, officeWeek)).toBe('2026-11-27');
    expect(earliestDeliverDate('2026-11-27', 1, officeWeek)).toBe('2026-11-30');
    expect(earliestDeliverDate('2026-11-27', 2, officeWeek)).toBe('2026-12-01');
    expect(earliestDeliverDate('2026-11-28', 0, officeWeek)).toBe('2026-11-30');
  });

  it('skips the schedule\'s holidays and finds none in a schedule without workable days', () => {
    expect(earliestDeliverDate('2026-11-27', 2, { ...officeWeek, holidays: new Set(['2026-12-01']) })).toBe('2026-12-02');
    expect(earliestDeliverDate('2026-11-27', 2, { days: Array(7).fill(false), holidays: new Set() })).toBeNull();
  });
});

describe('order totals', () => {
  it('a line: quantity less what was cancelled, times the price, less the discount, with VAT', () => {
    expect(lineSubtotals({ OrderQuantity: 2, Price: 100, DiscountPct: 10 }, 21)).toEqual({ excl: 180, vat: 37.8, incl: 217.8 });
    expect(lineSubtotals({ OrderQuantity: 3, CancelQuantity: 1, Price: 19.99 }, 9)).toEqual({ excl: 39.98, vat: 3.6, incl: 43.58 });
    expect(lineSubtotals({ LineType: 'comment', OrderQuantity: 5, Price: 10 }, 21)).toEqual({ excl: 0, vat: 0, incl: 0 });
    expect(lineSubtotals({ OrderQuantity: 1, CancelQuantity: 2, Price: 10 }, 0).excl).toBe(0);
  });

  it('a cost: none, a fixed amount, or a percentage of the lines', () => {
    expect(costOf('none', 25, 400)).toBe(0);
    expect(costOf('fixed', 25, 400)).toBe(25);
    expect(costOf('percentage', 2.5, 400)).toBe(10);
    expect(costOf(null, 25, 400)).toBe(0);
  });
});

describe('rule values', () => {
  it('compute over the record and the scopes an apply names', () => {
    expect(ruleValue({ var: 'OrderQuantity' }, { OrderQuantity: 4 })).toBe(4);
    expect(ruleValue({ '+': [{ var: ['$target.Stock', 0] }, { var: '$child.Quantity' }] }, {}, { $target: { Stock: null }, $child: { Quantity: 6 } })).toBe(6);
    expect(ruleValue({ var: '$child.Product.ObjectType' }, {}, { $child: { Product: 3 } }, new Map([['$child.Product.ObjectType', 9]]))).toBe(9);
  });

  it('`today` takes an offset in days', () => {
    const today = new Date();
    const local = new Date(today.getTime() - today.getTimezoneOffset() * 60_000);
    local.setUTCDate(local.getUTCDate() + 8);
    const later = local.toISOString().slice(0, 10);
    expect(evaluateRule({ '>': [{ var: 'ReturnDate' }, { today: [7] }] } as never, { ReturnDate: later })).toBe(true);
    expect(evaluateRule({ '>': [{ var: 'ReturnDate' }, { today: [7] }] } as never, { ReturnDate: '2000-01-01' })).toBe(false);
  });
});
