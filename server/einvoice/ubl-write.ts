// The UBL 2.1 Invoice document of a model, in the Peppol BIS Billing 3.0 profile, in the element
// order the UBL schema demands. Built as a tree by fast-xml-parser's builder, which escapes text.
import { XMLBuilder } from 'fast-xml-parser';
import type { EInvoiceModel, Terms } from './model.ts';
import { DISCOUNT_REASON, PEPPOL_BIS_3, UNIT_ONE } from './model.ts';

export const UBL_NAMESPACES = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

type Node = Record<string, unknown>;
type Value = string | null | undefined;

/** The element's content, or undefined (left out) without a value. */
const text = (v: Value) => (v === null || v === undefined || v === '' ? undefined : v);
/** An amount with its currency (BT-5). */
const money = (v: Value, currency: Value) =>
  text(v) === undefined ? undefined : { '@_currencyID': currency, '#text': v };
/** An element of nested elements; undefined when none of them has a value. */
function group(children: Node): Node | undefined {
  const kept = Object.fromEntries(Object.entries(children).filter(([, v]) => v !== undefined));
  return Object.keys(kept).some((k) => !k.startsWith('@_')) ? kept : undefined;
}
const vatScheme = { 'cbc:ID': 'VAT' };

/** A party (BG-4 seller, BG-7 buyer) by the terms that hold its name, identifiers and address. */
function party(
  t: Terms,
  at: {
    endpoint: string;
    scheme: string;
    id: string;
    street: string;
    street2: string;
    city: string;
    zip: string;
    region: string;
    country: string;
    vat: string;
    name: string;
    legal: string;
  },
): Node {
  return group({
    // Its scheme is required with it (BR-62, BR-63): ruleProblems refuses an address without one.
    'cbc:EndpointID': text(t[at.endpoint]) ? { '@_schemeID': t[at.scheme], '#text': t[at.endpoint] } : undefined,
    'cac:PartyIdentification': group({ 'cbc:ID': text(t[at.id]) }),
    'cac:PostalAddress': group({
      'cbc:StreetName': text(t[at.street]),
      'cbc:AdditionalStreetName': text(t[at.street2]),
      'cbc:CityName': text(t[at.city]),
      'cbc:PostalZone': text(t[at.zip]),
      'cbc:CountrySubentity': text(t[at.region]),
      'cac:Country': group({ 'cbc:IdentificationCode': text(t[at.country]) }),
    }),
    'cac:PartyTaxScheme': text(t[at.vat]) ? { 'cbc:CompanyID': t[at.vat], 'cac:TaxScheme': vatScheme } : undefined,
    'cac:PartyLegalEntity': group({ 'cbc:RegistrationName': text(t[at.name]), 'cbc:CompanyID': text(t[at.legal]) }),
  })!;
}

function line(l: Terms, currency: Value): Node {
  return group({
    'cbc:ID': text(l['BT-126']),
    'cbc:InvoicedQuantity': { '@_unitCode': l['BT-130'] || UNIT_ONE, '#text': l['BT-129'] },
    'cbc:LineExtensionAmount': money(l['BT-131'], currency),
    'cac:AllowanceCharge': text(l['BT-136'])
      ? {
          'cbc:ChargeIndicator': 'false',
          'cbc:AllowanceChargeReasonCode': DISCOUNT_REASON,
          'cbc:MultiplierFactorNumeric': l['BT-138'],
          'cbc:Amount': money(l['BT-136'], currency),
          'cbc:BaseAmount': money(l['BT-137'], currency),
        }
      : undefined,
    'cac:Item': group({
      'cbc:Description': text(l['BT-154']),
      'cbc:Name': text(l['BT-153']),
      'cac:SellersItemIdentification': group({ 'cbc:ID': text(l['BT-155']) }),
      'cac:ClassifiedTaxCategory': {
        'cbc:ID': l['BT-151'],
        'cbc:Percent': l['BT-151'] === 'O' ? undefined : l['BT-152'],
        'cac:TaxScheme': vatScheme,
      },
    }),
    'cac:Price': { 'cbc:PriceAmount': money(l['BT-146'], currency) },
  })!;
}

/** The UBL document of a model. */
export function writeUbl(model: EInvoiceModel): string {
  const t = model.terms;
  const currency = t['BT-5'];
  const invoice = group({
    '@_xmlns': UBL_NAMESPACES.invoice,
    '@_xmlns:cac': UBL_NAMESPACES.cac,
    '@_xmlns:cbc': UBL_NAMESPACES.cbc,
    'cbc:CustomizationID': PEPPOL_BIS_3.customization,
    'cbc:ProfileID': PEPPOL_BIS_3.profile,
    'cbc:ID': text(t['BT-1']),
    'cbc:IssueDate': text(t['BT-2']),
    'cbc:DueDate': text(t['BT-9']),
    'cbc:InvoiceTypeCode': text(t['BT-3']),
    'cbc:Note': text(t['BT-22']),
    'cbc:DocumentCurrencyCode': text(currency),
    'cbc:BuyerReference': text(t['BT-10']),
    'cac:OrderReference': group({ 'cbc:ID': text(t['BT-13']) }),
    'cac:AccountingSupplierParty': {
      'cac:Party': party(t, {
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
    },
    'cac:AccountingCustomerParty': {
      'cac:Party': party(t, {
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
    },
    'cac:PaymentMeans': text(t['BT-81'])
      ? group({
          'cbc:PaymentMeansCode': t['BT-81'],
          'cac:PayeeFinancialAccount': group({
            'cbc:ID': text(t['BT-84']),
            'cac:FinancialInstitutionBranch': group({ 'cbc:ID': text(t['BT-86']) }),
          }),
        })
      : undefined,
    'cac:PaymentTerms': group({ 'cbc:Note': text(t['BT-20']) }),
    'cac:TaxTotal': {
      'cbc:TaxAmount': money(t['BT-110'], currency),
      'cac:TaxSubtotal': model.vat.map((v) => ({
        'cbc:TaxableAmount': money(v.taxable, currency),
        'cbc:TaxAmount': money(v.tax, currency),
        'cac:TaxCategory': {
          'cbc:ID': v.category,
          'cbc:Percent': v.category === 'O' ? undefined : v.rate,
          'cac:TaxScheme': vatScheme,
        },
      })),
    },
    'cac:LegalMonetaryTotal': group({
      'cbc:LineExtensionAmount': money(t['BT-106'], currency),
      'cbc:TaxExclusiveAmount': money(t['BT-109'], currency),
      'cbc:TaxInclusiveAmount': money(t['BT-112'], currency),
      'cbc:PrepaidAmount': money(t['BT-113'], currency),
      'cbc:PayableAmount': money(t['BT-115'], currency),
    }),
    'cac:InvoiceLine': model.lines.map((l) => line(l, currency)),
  });
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    indentBy: '  ',
    suppressEmptyNode: true,
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ Invoice: invoice })}`;
}
