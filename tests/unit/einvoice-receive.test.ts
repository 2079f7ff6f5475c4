// Reading a received e-invoice: a document the product writes is taken with its totals; a credit
// note is read as one; anything that is no XML, no UBL Invoice or CreditNote, of another profile,
// or whose totals do not add up (BR-CO-10, BR-CO-13, BR-CO-15) is refused naming the rule.
import { describe, expect, it } from 'vitest';
import { computeModel, PEPPOL_BIS_3, readReceived, writeUbl, type Terms } from '../../server/einvoice/index.ts';
import { AppError } from '../../server/errors.ts';

const head: Terms = { 'BT-1': 'F-1', 'BT-2': '2026-12-07', 'BT-5': 'EUR', 'BT-27': 'Verhuur', 'BT-31': 'NL1' };
const xml = writeUbl(
  computeModel({
    terms: head,
    lines: [
      { 'BT-126': '1', 'BT-129': '3', 'BT-146': '19.99', 'BT-152': '21', 'BT-153': 'Steiger', 'BT-155': 'ART-1' },
      { 'BT-126': '2', 'BT-129': '7', 'BT-146': '0.15', 'BT-152': '9', 'BT-153': 'Boek' },
    ],
  }),
);

/** The message id a read is refused with. */
function refusal(document: string): string {
  try {
    readReceived(document, 'f.xml');
  } catch (err) {
    if (err instanceof AppError) return `${err.id}: ${err.message}`;
    throw err;
  }
  return 'taken';
}

describe('reading a received document', () => {
  it('takes what the product writes, with its lines and totals', () => {
    const model = readReceived(xml, 'f.xml');
    expect(model.credit).toBe(false);
    expect(model.terms).toMatchObject({ 'BT-1': 'F-1', 'BT-31': 'NL1', 'BT-109': '61.02', 'BT-112': '73.70' });
    expect(model.lines.map((l) => [l['BT-129'], l['BT-146'], l['BT-152'], l['BT-155'] ?? null])).toEqual([
      ['3', '19.99', '21', 'ART-1'],
      ['7', '0.15', '9', null],
    ]);
  });

  it('reads a credit note as one', () => {
    const credit = xml
      .replace(
        /<Invoice xmlns="[^"]+"/,
        '<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"',
      )
      .replace('</Invoice>', '</CreditNote>')
      .replaceAll('InvoiceLine>', 'CreditNoteLine>')
      .replaceAll('InvoicedQuantity', 'CreditedQuantity')
      .replace('InvoiceTypeCode>380</cbc:InvoiceTypeCode', 'CreditNoteTypeCode>381</cbc:CreditNoteTypeCode');
    const model = readReceived(credit, 'c.xml');
    expect(model.credit).toBe(true);
    expect(model.terms['BT-3']).toBe('381');
    expect(model.lines.map((l) => l['BT-129'])).toEqual(['3', '7']);
  });

  it('refuses what is no XML, no UBL invoice or of another profile, naming the file', () => {
    expect(refusal('PDF?')).toMatch(/^einvoice\.receive_not_xml: Het bestand f\.xml is geen geldige XML/);
    expect(refusal('<?xml version="1.0"?><Order><ID>1</ID></Order>')).toMatch(/^einvoice\.receive_not_ubl/);
    expect(refusal(xml.replace(PEPPOL_BIS_3.customization, 'urn:other'))).toMatch(
      /^einvoice\.receive_profile: .*CustomizationID urn:other/,
    );
  });

  it('refuses totals that do not add up, naming the rule and the amounts', () => {
    const amount = (name: string, from: string, to: string) =>
      xml.replace(
        `<cbc:${name} currencyID="EUR">${from}</cbc:${name}>`,
        `<cbc:${name} currencyID="EUR">${to}</cbc:${name}>`,
      );
    expect(refusal(amount('LineExtensionAmount', '59.97', '59.98'))).toMatch(/BR-CO-10 \(BT-106 61\.02 ≠ 61\.03\)/);
    expect(refusal(amount('TaxExclusiveAmount', '61.02', '60.00'))).toMatch(/BR-CO-13 \(BT-109 60\.00 ≠ 61\.02\)/);
    expect(refusal(amount('TaxInclusiveAmount', '73.70', '73.71'))).toMatch(
      /^einvoice\.receive_totals: De totalen van F-1 kloppen niet: BR-CO-15 \(BT-112 73\.71 ≠ 73\.70\)/,
    );
  });
});
