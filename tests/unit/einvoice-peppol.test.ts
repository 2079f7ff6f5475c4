// What Peppol BIS 3 asks of the parties and the payment: each party's electronic address with its
// scheme (BR-62 seller, BR-63 buyer), the seller's postal address, and the account a credit
// transfer is paid into (BR-61), written where the UBL schema puts them and read back.
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { computeModel, readUbl, ruleProblems, writeUbl, type Terms } from '../../server/einvoice/index.ts';

const head: Terms = {
  'BT-1': 'F-2026-001',
  'BT-2': '2026-12-07',
  'BT-5': 'EUR',
  'BT-27': 'Verhuurcentrale B.V.',
  'BT-31': 'NL001234567B01',
  'BT-34': '30123456',
  'BT-34-1': '0106',
  'BT-35': 'Europalaan 40',
  'BT-36': 'Gebouw B',
  'BT-37': 'Utrecht',
  'BT-38': '3526 KS',
  'BT-39': 'Utrecht',
  'BT-40': 'NL',
  'BT-44': 'Bouwbedrijf De Graaf B.V.',
  'BT-48': 'NL241567890B01',
  'BT-49': 'NL241567890B01',
  'BT-49-1': '9944',
  'BT-50': 'Havenweg',
  'BT-55': 'NL',
  'BT-81': '30',
  'BT-84': 'NL81RABO0312345678',
  'BT-86': 'RABONL2U',
};
const lines: Terms[] = [{ 'BT-126': '1', 'BT-129': '2', 'BT-146': '50', 'BT-152': '21', 'BT-153': 'Steiger' }];
const rules = (terms: Terms) => ruleProblems(computeModel({ terms, lines })).map((p) => `${p.rule} ${p.terms.join()}`);
const without = (...names: string[]) => Object.fromEntries(Object.entries(head).filter(([k]) => !names.includes(k)));

type Ordered = Record<string, unknown>[];
/** The child elements of the first element at a path, in document order, as `name` or `name=text`. */
function children(xml: string, ...path: string[]): string[] {
  let here = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    removeNSPrefix: true,
    parseTagValue: false,
  }).parse(xml) as Ordered;
  for (const step of path) {
    const found = here.find((n) => step in n);
    expect(found, step).toBeDefined();
    here = found![step] as Ordered;
  }
  return here.map((n) => {
    const name = Object.keys(n).find((k) => k !== ':@')!;
    const inner = n[name] as Ordered;
    const text = inner.length === 1 && '#text' in inner[0] ? `=${String(inner[0]['#text'])}` : '';
    return name + text;
  });
}

describe('the Peppol terms of a party and the payment', () => {
  const xml = writeUbl(computeModel({ terms: head, lines }));

  it('BR-62, BR-63: an electronic address without its scheme is refused, for the seller and the buyer', () => {
    expect(rules(head)).toEqual([]);
    expect(rules(without('BT-34-1'))).toEqual(['BR-62 BT-34-1']);
    expect(rules(without('BT-49-1'))).toEqual(['BR-63 BT-49-1']);
    // No address, no scheme asked.
    expect(rules(without('BT-34', 'BT-34-1', 'BT-49', 'BT-49-1'))).toEqual([]);
  });

  it('BR-61: a credit transfer (30 or SEPA 58) names the payment account; other means need none', () => {
    expect(rules(without('BT-84', 'BT-86'))).toEqual(['BR-61 BT-84']);
    expect(rules({ ...without('BT-84', 'BT-86'), 'BT-81': '58' })).toEqual(['BR-61 BT-84']);
    expect(rules({ ...without('BT-84', 'BT-86'), 'BT-81': '59' })).toEqual([]);
  });

  it('writes each electronic address first in its party, with its scheme as schemeID', () => {
    expect(children(xml, 'Invoice', 'AccountingSupplierParty', 'Party')).toEqual([
      'EndpointID=30123456',
      'PostalAddress',
      'PartyTaxScheme',
      'PartyLegalEntity',
    ]);
    expect(children(xml, 'Invoice', 'AccountingCustomerParty', 'Party')[0]).toBe('EndpointID=NL241567890B01');
    expect(xml).toContain('<cbc:EndpointID schemeID="0106">30123456</cbc:EndpointID>');
    expect(xml).toContain('<cbc:EndpointID schemeID="9944">NL241567890B01</cbc:EndpointID>');
  });

  it("writes the seller's postal address in the schema's order", () => {
    expect(children(xml, 'Invoice', 'AccountingSupplierParty', 'Party', 'PostalAddress')).toEqual([
      'StreetName=Europalaan 40',
      'AdditionalStreetName=Gebouw B',
      'CityName=Utrecht',
      'PostalZone=3526 KS',
      'CountrySubentity=Utrecht',
      'Country',
    ]);
  });

  it('writes the payment means after the parties and before the payment terms and totals', () => {
    const invoice = children(xml, 'Invoice');
    const at = (name: string) => invoice.findIndex((c) => c === name || c.startsWith(`${name}=`));
    expect(at('AccountingCustomerParty')).toBeLessThan(at('PaymentMeans'));
    expect(at('PaymentMeans')).toBeLessThan(at('TaxTotal'));
    expect(children(xml, 'Invoice', 'PaymentMeans')).toEqual(['PaymentMeansCode=30', 'PayeeFinancialAccount']);
    expect(children(xml, 'Invoice', 'PaymentMeans', 'PayeeFinancialAccount')).toEqual([
      'ID=NL81RABO0312345678',
      'FinancialInstitutionBranch',
    ]);
    expect(children(xml, 'Invoice', 'PaymentMeans', 'PayeeFinancialAccount', 'FinancialInstitutionBranch')).toEqual([
      'ID=RABONL2U',
    ]);
  });

  it('reads them back', () => {
    const back = readUbl(xml).terms;
    for (const term of Object.keys(head)) expect(back[term], term).toBe(head[term]);
  });
});
