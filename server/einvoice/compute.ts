// What EN 16931 computes from the given terms, by its rules, in exact decimals:
// - BT-136, a line's allowance: its discount percentage (BT-138) of quantity × price rounded (BT-137);
// - BT-131, a line's net amount: quantity × net price − allowance (BR-LIN / BR-CO-10);
// - BT-106, the sum of the line net amounts (BR-CO-10); BT-109 = BT-106 without document
//   allowances or charges (BR-CO-13); BT-110 = the sum of BT-117 (BR-CO-14);
//   BT-112 = BT-109 + BT-110 (BR-CO-15); BT-115 = BT-112 − paid (BR-CO-16);
// - BG-23, one VAT breakdown per category and rate (BR-S-08, BR-CO-17): BT-116 the sum of that
//   category's and rate's line net amounts, BT-117 = BT-116 × rate / 100.
// Every amount is rounded to 2 decimals, half away from zero, as the standard's amounts are.
import { Decimal } from 'decimal.js';
import type { EInvoiceModel, Terms, VatBreakdown } from './model.ts';
import { COMMERCIAL_INVOICE } from './model.ts';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;

/** An amount of the standard: 2 decimals, rounded half away from zero. */
export const amount = (x: Dec): string => x.toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);

/** A number term as a decimal; empty is zero. */
function num(value: string | null | undefined): Dec {
  if (value === null || value === undefined || value === '') return new D(0);
  return new D(value);
}

/** A rate or quantity without trailing zeros ("21.00" → "21"). */
const plain = (x: Dec) => x.toFixed();

/** The VAT category of a line: its own, or standard (S) with a rate and zero-rated (Z) without. */
export function categoryOf(line: Terms): string {
  const own = line['BT-151'];
  if (own) return own;
  return num(line['BT-152']).isZero() ? 'Z' : 'S';
}

/** The model of an invoice from its given terms and lines, with every computed term filled in. */
export function computeModel(given: { terms: Terms; lines: Terms[] }): EInvoiceModel {
  const lines = given.lines.map((line) => {
    const quantity = num(line['BT-129']);
    const price = num(line['BT-146']);
    // The allowance is its percentage of the rounded base (BT-137), so base × percentage = amount.
    const base = new D(amount(quantity.times(price)));
    const pct = line['BT-138'];
    const allowance = pct ? new D(amount(base.times(num(pct)).dividedBy(100))) : new D(0);
    const net = base.minus(allowance);
    return {
      ...line,
      'BT-129': plain(quantity),
      'BT-146': plain(price),
      'BT-138': pct ? plain(num(pct)) : null,
      'BT-136': pct ? amount(allowance) : null,
      'BT-137': pct ? amount(base) : null,
      'BT-131': amount(net),
      'BT-151': categoryOf(line),
      'BT-152': plain(num(line['BT-152'])),
    } satisfies Terms;
  });
  const groups = new Map<string, { category: string; rate: Dec; taxable: Dec }>();
  for (const line of lines) {
    const key = `${line['BT-151']} ${line['BT-152']}`;
    const group = groups.get(key) ?? { category: line['BT-151'], rate: num(line['BT-152']), taxable: new D(0) };
    group.taxable = group.taxable.plus(line['BT-131']);
    groups.set(key, group);
  }
  const vat: VatBreakdown[] = [...groups.values()].map((g) => ({
    taxable: amount(g.taxable),
    tax: amount(g.taxable.times(g.rate).dividedBy(100)),
    category: g.category,
    rate: plain(g.rate),
  }));
  const sumLines = lines.reduce((s, l) => s.plus(l['BT-131']), new D(0));
  const sumVat = vat.reduce((s, v) => s.plus(v.tax), new D(0));
  const withoutVat = sumLines;
  const withVat = withoutVat.plus(sumVat);
  const paid = num(given.terms['BT-113']);
  return {
    terms: {
      ...given.terms,
      'BT-3': given.terms['BT-3'] || COMMERCIAL_INVOICE,
      'BT-106': amount(sumLines),
      'BT-109': amount(withoutVat),
      'BT-110': amount(sumVat),
      'BT-112': amount(withVat),
      'BT-113': paid.isZero() ? null : amount(paid),
      'BT-115': amount(withVat.minus(paid)),
    },
    lines,
    vat,
  };
}

/** A broken business rule of the standard: its id and the terms it concerns. */
export interface RuleProblem {
  rule: string;
  terms: string[];
}

/** The mandatory terms EN 16931 asks of every invoice, by the rule that asks them. */
const MANDATORY: [string, string[]][] = [
  ['BR-02', ['BT-1']],
  ['BR-03', ['BT-2']],
  ['BR-04', ['BT-3']],
  ['BR-05', ['BT-5']],
  ['BR-06', ['BT-27']],
  ['BR-07', ['BT-44']],
  ['BR-09', ['BT-40']],
  ['BR-11', ['BT-55']],
];

/** UNCL4461 credit transfer (30) and SEPA credit transfer (58): BR-61 asks the payment account. */
const CREDIT_TRANSFER = new Set(['30', '58']);

/** The rules of the standard an invoice's model breaks for want of data (none: it may be sent). */
export function ruleProblems(model: EInvoiceModel): RuleProblem[] {
  const problems = MANDATORY.filter(([, terms]) => terms.some((t) => !model.terms[t])).map(([rule, terms]) => ({
    rule,
    terms,
  }));
  if (!model.lines.length) problems.push({ rule: 'BR-16', terms: ['BG-25'] });
  model.lines.forEach((line, i) => {
    if (!line['BT-126']) problems.push({ rule: 'BR-21', terms: [`BT-126 (${i + 1})`] });
    if (!line['BT-153']) problems.push({ rule: 'BR-25', terms: [`BT-153 (${i + 1})`] });
  });
  // A standard-rated invoice names the seller's VAT identifier (BR-S-02).
  if (model.vat.some((v) => v.category === 'S') && !model.terms['BT-31'] && !model.terms['BT-63'])
    problems.push({ rule: 'BR-S-02', terms: ['BT-31'] });
  // An electronic address says which scheme it is in (BR-62 seller, BR-63 buyer).
  if (model.terms['BT-34'] && !model.terms['BT-34-1']) problems.push({ rule: 'BR-62', terms: ['BT-34-1'] });
  if (model.terms['BT-49'] && !model.terms['BT-49-1']) problems.push({ rule: 'BR-63', terms: ['BT-49-1'] });
  // A credit transfer names the account to pay into (BR-61).
  if (CREDIT_TRANSFER.has(model.terms['BT-81'] ?? '') && !model.terms['BT-84'])
    problems.push({ rule: 'BR-61', terms: ['BT-84'] });
  return problems;
}
