// A received UBL 2.1 Invoice or CreditNote back into the EN 16931 model (the terms this module
// writes), read with fast-xml-parser without namespace prefixes. Amounts stay as the document states
// them; the caller may compare them with what computeModel makes of the given terms. A credit note
// states its quantities and amounts as positive numbers: `credit` says they are credited.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { EInvoiceModel, Terms, VatBreakdown } from './model.ts';
import { PEPPOL_BIS_3 } from './model.ts';

type Node = Record<string, unknown>;

/** Why a document is refused: no well-formed XML, no UBL Invoice or CreditNote, another profile. */
export type UblRefusal = 'not_xml' | 'not_ubl' | 'profile';

/** A document that is no UBL invoice, or one of another profile. */
export class UblError extends Error {
  constructor(
    message: string,
    readonly refusal: UblRefusal = 'not_ubl',
    readonly detail = '',
  ) {
    super(message);
  }
}

const REPEATED = new Set([
  'InvoiceLine',
  'CreditNoteLine',
  'TaxSubtotal',
  'TaxTotal',
  'AllowanceCharge',
  'PaymentMeans',
]);

/** The text of an element (its `#text` when it has attributes). */
function textOf(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'object') return textOf((v as Node)['#text']);
  return String(v);
}

/** The node at a path of element names. */
function at(node: unknown, ...path: string[]): unknown {
  let here = node;
  for (const step of path) {
    if (Array.isArray(here)) here = here[0];
    if (!here || typeof here !== 'object') return undefined;
    here = (here as Node)[step];
  }
  return Array.isArray(here) ? here[0] : here;
}
const str = (node: unknown, ...path: string[]) => textOf(at(node, ...path));

function partyTerms(p: unknown, t: Record<string, string>): Terms {
  const endpoint = at(p, 'EndpointID');
  return {
    [t.endpoint]: textOf(endpoint),
    [t.scheme]: endpoint && typeof endpoint === 'object' ? textOf((endpoint as Node)['@_schemeID']) : null,
    [t.id]: str(p, 'PartyIdentification', 'ID'),
    [t.street]: str(p, 'PostalAddress', 'StreetName'),
    [t.street2]: str(p, 'PostalAddress', 'AdditionalStreetName'),
    [t.city]: str(p, 'PostalAddress', 'CityName'),
    [t.zip]: str(p, 'PostalAddress', 'PostalZone'),
    [t.region]: str(p, 'PostalAddress', 'CountrySubentity'),
    [t.country]: str(p, 'PostalAddress', 'Country', 'IdentificationCode'),
    [t.vat]: str(p, 'PartyTaxScheme', 'CompanyID'),
    [t.name]: str(p, 'PartyLegalEntity', 'RegistrationName'),
    [t.legal]: str(p, 'PartyLegalEntity', 'CompanyID'),
  };
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/** The model a received UBL invoice or credit note states; refuses what is no Peppol BIS 3 document. */
export function readUbl(
  xml: string,
): EInvoiceModel & { customization: string | null; profile: string | null; credit: boolean } {
  // UBL has no document type; one could only declare entities (expansion bombs, external files).
  if (/<!DOCTYPE/i.test(xml)) throw new UblError('the document declares a document type, which UBL never does');
  if (XMLValidator.validate(xml) !== true) throw new UblError('the document is no well-formed XML', 'not_xml');
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: true,
    isArray: (name) => REPEATED.has(name),
  });
  const doc = parser.parse(xml) as Node;
  const credit = !doc.Invoice && !!doc.CreditNote && typeof doc.CreditNote === 'object';
  const inv = (credit ? doc.CreditNote : doc.Invoice) as Node | undefined;
  if (!inv || typeof inv !== 'object') throw new UblError('the document is no UBL Invoice or CreditNote');
  const customization = str(inv, 'CustomizationID');
  if (customization !== PEPPOL_BIS_3.customization)
    throw new UblError(
      `the document's CustomizationID ${customization ?? '(none)'} is not Peppol BIS Billing 3.0`,
      'profile',
      customization ?? '(none)',
    );
  const seller = at(inv, 'AccountingSupplierParty', 'Party');
  const buyer = at(inv, 'AccountingCustomerParty', 'Party');
  const totals = at(inv, 'LegalMonetaryTotal');
  const tax = list(inv.TaxTotal)[0];
  const terms: Terms = {
    'BT-1': str(inv, 'ID'),
    'BT-2': str(inv, 'IssueDate'),
    'BT-3': str(inv, credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'),
    'BT-5': str(inv, 'DocumentCurrencyCode'),
    'BT-9': str(inv, 'DueDate'),
    'BT-10': str(inv, 'BuyerReference'),
    'BT-13': str(inv, 'OrderReference', 'ID'),
    'BT-20': str(inv, 'PaymentTerms', 'Note'),
    'BT-22': str(inv, 'Note'),
    'BT-81': str(inv, 'PaymentMeans', 'PaymentMeansCode'),
    'BT-84': str(inv, 'PaymentMeans', 'PayeeFinancialAccount', 'ID'),
    'BT-86': str(inv, 'PaymentMeans', 'PayeeFinancialAccount', 'FinancialInstitutionBranch', 'ID'),
    ...partyTerms(seller, {
      endpoint: 'BT-34',
      scheme: 'BT-34-1',
      id: 'BT-29',
      street: 'BT-35',
      street2: 'BT-36',
      city: 'BT-37',
      zip: 'BT-38',
      region: 'BT-39',
      country: 'BT-40',
      vat: 'BT-31',
      name: 'BT-27',
      legal: 'BT-30',
    }),
    ...partyTerms(buyer, {
      endpoint: 'BT-49',
      scheme: 'BT-49-1',
      id: 'BT-46',
      street: 'BT-50',
      street2: 'BT-51',
      city: 'BT-52',
      zip: 'BT-53',
      region: 'BT-54',
      country: 'BT-55',
      vat: 'BT-48',
      name: 'BT-44',
      legal: 'BT-47',
    }),
    'BT-106': str(totals, 'LineExtensionAmount'),
    'BT-109': str(totals, 'TaxExclusiveAmount'),
    'BT-110': str(tax, 'TaxAmount'),
    'BT-112': str(totals, 'TaxInclusiveAmount'),
    'BT-113': str(totals, 'PrepaidAmount'),
    'BT-115': str(totals, 'PayableAmount'),
  };
  const vat: VatBreakdown[] = list((tax as Node | undefined)?.TaxSubtotal).map((s) => ({
    taxable: str(s, 'TaxableAmount') ?? '0.00',
    tax: str(s, 'TaxAmount') ?? '0.00',
    category: str(s, 'TaxCategory', 'ID') ?? '',
    rate: str(s, 'TaxCategory', 'Percent') ?? '0',
  }));
  const lines: Terms[] = list(credit ? inv.CreditNoteLine : inv.InvoiceLine).map((l) => {
    const quantity = at(l, credit ? 'CreditedQuantity' : 'InvoicedQuantity');
    const allowance = list((l as Node).AllowanceCharge).find((a) => str(a, 'ChargeIndicator') === 'false');
    return {
      'BT-126': str(l, 'ID'),
      'BT-129': textOf(quantity),
      'BT-130': quantity && typeof quantity === 'object' ? textOf((quantity as Node)['@_unitCode']) : null,
      'BT-131': str(l, 'LineExtensionAmount'),
      'BT-136': allowance ? str(allowance, 'Amount') : null,
      'BT-137': allowance ? str(allowance, 'BaseAmount') : null,
      'BT-138': allowance ? str(allowance, 'MultiplierFactorNumeric') : null,
      'BT-146': str(l, 'Price', 'PriceAmount'),
      'BT-151': str(l, 'Item', 'ClassifiedTaxCategory', 'ID'),
      'BT-152': str(l, 'Item', 'ClassifiedTaxCategory', 'Percent'),
      'BT-153': str(l, 'Item', 'Name'),
      'BT-154': str(l, 'Item', 'Description'),
      'BT-155': str(l, 'Item', 'SellersItemIdentification', 'ID'),
    };
  });
  return { terms, lines, vat, customization, profile: str(inv, 'ProfileID'), credit };
}
