// The EN 16931 model of an invoice: what the standard computes (line net amounts, their sum, the
// VAT breakdown per category and rate, totals, each rounded to 2 decimals), the mandatory terms it
// asks, and the UBL 2.1 document in the Peppol BIS 3 profile written and read back.
import { describe, expect, it } from 'vitest';
import {
  computeModel,
  directoryDrop,
  PEPPOL_BIS_3,
  readUbl,
  ruleProblems,
  UblError,
  writeUbl,
  type Terms,
} from '../../server/einvoice/index.ts';

const head: Terms = {
  'BT-1': 'F-2026-001',
  'BT-2': '2026-12-07',
  'BT-5': 'EUR',
  'BT-9': '2027-01-06',
  'BT-27': 'Verhuur & Co B.V.',
  'BT-31': 'NL001234567B01',
  'BT-40': 'NL',
  'BT-44': 'Bouwbedrijf <Jansen>',
  'BT-55': 'BE',
};

const lines: Terms[] = [
  { 'BT-126': '1', 'BT-129': '3', 'BT-146': '19.99', 'BT-152': '21', 'BT-153': 'Steiger' },
  { 'BT-126': '2', 'BT-129': '1.5', 'BT-146': '10.333', 'BT-152': '21', 'BT-138': '10', 'BT-153': 'Huur' },
  { 'BT-126': '3', 'BT-129': '7', 'BT-146': '0.15', 'BT-152': '9', 'BT-153': 'Boek' },
  { 'BT-126': '4', 'BT-129': '1', 'BT-146': '5', 'BT-152': '0', 'BT-153': 'Export' },
];

describe('computing the model', () => {
  const model = computeModel({ terms: head, lines });

  it('BR-LIN: a line net amount is quantity × price less its allowance, rounded to 2 decimals (BT-131, BT-136)', () => {
    expect(model.lines.map((l) => l['BT-131'])).toEqual(['59.97', '13.95', '1.05', '5.00']);
    // 1.5 × 10.333 = 15.4995 → 15.50; 10% of it 1.54995 → 1.55; 15.50 − 1.55 = 13.95
    expect(model.lines[1]['BT-136']).toBe('1.55');
    expect(model.lines[1]['BT-137']).toBe('15.50');
    expect(model.lines[0]['BT-136']).toBeNull();
  });

  it('a line allowance is its percentage of the rounded base amount, so base × percentage = allowance (BT-137, BT-138)', () => {
    const m = computeModel({
      terms: head,
      lines: [{ 'BT-126': '1', 'BT-129': '1', 'BT-146': '0.125', 'BT-138': '50', 'BT-152': '0', 'BT-153': 'a' }],
    });
    // base 0.125 → 0.13; 50% of it 0.065 → 0.07 (not 50% of 0.125 = 0.0625 → 0.06); net 0.06
    expect([m.lines[0]['BT-137'], m.lines[0]['BT-136'], m.lines[0]['BT-131']]).toEqual(['0.13', '0.07', '0.06']);
  });

  it('BR-CO-10: the sum of line net amounts (BT-106) is the sum of BT-131', () => {
    expect(model.terms['BT-106']).toBe('79.97');
  });

  it('BR-S-08, BR-Z-08: one VAT breakdown per category and rate, its taxable amount the sum of its lines', () => {
    expect(model.vat).toEqual([
      { category: 'S', rate: '21', taxable: '73.92', tax: '15.52' },
      { category: 'S', rate: '9', taxable: '1.05', tax: '0.09' },
      { category: 'Z', rate: '0', taxable: '5.00', tax: '0.00' },
    ]);
  });

  it('BR-CO-17: a category VAT amount is its taxable amount × rate, rounded to 2 decimals', () => {
    // 73.92 × 21% = 15.5232 → 15.52; 1.05 × 9% = 0.0945 → 0.09
    for (const v of model.vat) expect(v.tax).toBe((Math.round(Number(v.taxable) * Number(v.rate)) / 100).toFixed(2));
  });

  it('BR-CO-13, BR-CO-14, BR-CO-15, BR-CO-16: totals without VAT, VAT, with VAT and due', () => {
    expect(model.terms['BT-109']).toBe('79.97');
    expect(model.terms['BT-110']).toBe('15.61');
    expect(model.terms['BT-112']).toBe('95.58');
    expect(model.terms['BT-115']).toBe('95.58');
  });

  it('rounds half away from zero: 0.125 → 0.13, 2.675 exactly (no binary error) → 2.68', () => {
    const m = computeModel({
      terms: head,
      lines: [
        { 'BT-126': '1', 'BT-129': '1', 'BT-146': '0.125', 'BT-152': '0', 'BT-153': 'a' },
        { 'BT-126': '2', 'BT-129': '1', 'BT-146': '2.675', 'BT-152': '0', 'BT-153': 'b' },
      ],
    });
    expect(m.lines.map((l) => l['BT-131'])).toEqual(['0.13', '2.68']);
  });

  it('BT-3 defaults to 380 (commercial invoice) and the model breaks no mandatory rule', () => {
    expect(model.terms['BT-3']).toBe('380');
    expect(ruleProblems(model)).toEqual([]);
  });

  it('BR-02..BR-11, BR-16: missing mandatory terms and lines are named with their rules', () => {
    const m = computeModel({ terms: { 'BT-1': 'X' }, lines: [] });
    expect(ruleProblems(m).map((p) => p.rule)).toEqual(['BR-03', 'BR-05', 'BR-06', 'BR-07', 'BR-09', 'BR-11', 'BR-16']);
  });
});

describe('the UBL document', () => {
  const model = computeModel({ terms: { ...head, 'BT-10': 'PO 12 & 13' }, lines });
  const xml = writeUbl(model);

  it('BR-01: names the Peppol BIS Billing 3.0 CustomizationID and ProfileID, in the UBL Invoice namespace', () => {
    expect(xml).toContain(`<cbc:CustomizationID>${PEPPOL_BIS_3.customization}</cbc:CustomizationID>`);
    expect(xml).toContain(`<cbc:ProfileID>${PEPPOL_BIS_3.profile}</cbc:ProfileID>`);
    expect(xml).toContain('xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"');
  });

  it('escapes text: a name with < > & stays one text', () => {
    expect(xml).toContain('Bouwbedrijf &lt;Jansen&gt;');
    expect(xml).toContain('PO 12 &amp; 13');
  });

  it('keeps the UBL element order of the header', () => {
    const order = [
      'CustomizationID',
      'ProfileID',
      'cbc:ID',
      'IssueDate',
      'DueDate',
      'InvoiceTypeCode',
      'DocumentCurrencyCode',
      'BuyerReference',
      'AccountingSupplierParty',
      'AccountingCustomerParty',
      'TaxTotal',
      'LegalMonetaryTotal',
      'InvoiceLine',
    ].map((tag) => xml.indexOf(`<${tag.includes(':') ? tag : `cbc:${tag}`}`) + xml.indexOf(`<cac:${tag}`) + 1);
    expect(order.every((pos) => pos > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('reads back into the same model', () => {
    const back = readUbl(xml);
    expect(back.customization).toBe(PEPPOL_BIS_3.customization);
    expect(back.profile).toBe(PEPPOL_BIS_3.profile);
    for (const term of ['BT-1', 'BT-2', 'BT-3', 'BT-5', 'BT-9', 'BT-10', 'BT-27', 'BT-31', 'BT-40', 'BT-44', 'BT-55'])
      expect(back.terms[term], term).toBe(model.terms[term]);
    for (const term of ['BT-106', 'BT-109', 'BT-110', 'BT-112', 'BT-115'])
      expect(back.terms[term], term).toBe(model.terms[term]);
    expect(back.vat).toEqual(model.vat);
    expect(
      back.lines.map((l) => [
        l['BT-126'],
        l['BT-129'],
        l['BT-131'],
        l['BT-136'],
        l['BT-146'],
        l['BT-151'],
        l['BT-152'],
        l['BT-153'],
      ]),
    ).toEqual(
      model.lines.map((l) => [
        l['BT-126'],
        l['BT-129'],
        l['BT-131'],
        l['BT-136'],
        l['BT-146'],
        l['BT-151'],
        l['BT-152'],
        l['BT-153'],
      ]),
    );
    // What the document states is what the standard computes from its given terms.
    expect(computeModel({ terms: back.terms, lines: back.lines }).terms['BT-112']).toBe(back.terms['BT-112']);
  });

  it('refuses a document that declares a document type (entities), reading no entity', () => {
    const bomb = xml.replace(
      '<Invoice',
      '<!DOCTYPE Invoice [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<Invoice',
    );
    expect(() => readUbl(bomb)).toThrow(/document type/);
    expect(readUbl(xml.replace('PO 12 &amp; 13', 'PO &lt;12&gt;')).terms['BT-10']).toBe('PO <12>');
  });

  it('refuses what is no Peppol BIS 3 invoice or no XML', () => {
    expect(() => readUbl('<Invoice><cbc:ID>1</Invoice>')).toThrow(UblError);
    expect(() => readUbl(xml.replace(PEPPOL_BIS_3.customization, 'urn:other'))).toThrow(/CustomizationID/);
    expect(() => readUbl('<?xml version="1.0"?><CreditNote/>')).toThrow(UblError);
  });
});

describe('the directory drop', () => {
  it('writes the document whole under a file name of its own characters, inside the outbox', async () => {
    const { mkdtempSync, readFileSync, readdirSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'drop-')), 'outbox');
    const drop = directoryDrop(dir);
    const where = await drop.deliver('../../etc/F 2026/001', '<Invoice/>');
    expect(path.dirname(where)).toBe(dir);
    expect(readdirSync(dir)).toEqual(['.._.._etc_F_2026_001.xml']);
    expect(readFileSync(where, 'utf8')).toBe('<Invoice/>');
  });
});
