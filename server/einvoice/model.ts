// The EN 16931 semantic model of one invoice: its business terms by identifier (`BT-1`…), its
// lines' terms, and the VAT breakdown (BG-23). Values are text: amounts as decimals with a point
// ("12.50"), dates as YYYY-MM-DD, codes as they are.

export type Terms = Record<string, string | null | undefined>;

/** One VAT category and rate of the invoice (BG-23). */
export interface VatBreakdown {
  /** BT-116: the sum of the line net amounts of this category and rate. */
  taxable: string;
  /** BT-117: the VAT of this category and rate. */
  tax: string;
  /** BT-118: the VAT category code (UNCL5305: S, Z, E, AE, K, G, O, L, M). */
  category: string;
  /** BT-119: the VAT rate, percent. */
  rate: string;
}

export interface EInvoiceModel {
  /**
   * The invoice's terms, the computed ones among them: BT-106 (sum of line net amounts), BT-109
   * (total without VAT), BT-110 (total VAT), BT-112 (total with VAT), BT-115 (amount due).
   */
  terms: Terms;
  /** Each line's terms, with the computed BT-131 (line net amount) and BT-136 (line allowance). */
  lines: Terms[];
  vat: VatBreakdown[];
}

/** The CustomizationID (BT-24) and ProfileID (BT-23) of Peppol BIS Billing 3.0. */
export const PEPPOL_BIS_3 = {
  customization: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
  profile: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
} as const;

/** UNCL1001 commercial invoice: the type code (BT-3) when the mapping gives none. */
export const COMMERCIAL_INVOICE = '380';
/** UN/ECE Rec 20 "one": the unit (BT-130) when the mapping gives none. */
export const UNIT_ONE = 'C62';
/** UNCL5189 "Discount": the reason code of a line allowance made from a discount percentage. */
export const DISCOUNT_REASON = '95';
