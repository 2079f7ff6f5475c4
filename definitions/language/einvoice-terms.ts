// The EN 16931 business terms an `einvoice` mapping may give a field for: the invoice's own terms
// and those of its lines. The standard's computed terms (line net amounts, sums, the VAT
// breakdown and totals) are not mapped: the engine computes them by the standard's rules.

/** Business terms of the invoice, by their EN 16931 identifier, with what each holds. */
export const EINVOICE_TERMS = {
  'BT-1': 'Invoice number',
  'BT-2': 'Invoice issue date',
  'BT-3': 'Invoice type code',
  'BT-5': 'Invoice currency code',
  'BT-9': 'Payment due date',
  'BT-10': 'Buyer reference',
  'BT-13': 'Purchase order reference',
  'BT-20': 'Payment terms',
  'BT-22': 'Invoice note',
  'BT-27': 'Seller name',
  'BT-29': 'Seller identifier',
  'BT-30': 'Seller legal registration identifier',
  'BT-31': 'Seller VAT identifier',
  'BT-34': 'Seller electronic address',
  'BT-34-1': 'Seller electronic address scheme',
  'BT-35': 'Seller address line 1',
  'BT-36': 'Seller address line 2',
  'BT-37': 'Seller city',
  'BT-38': 'Seller post code',
  'BT-39': 'Seller country subdivision',
  'BT-40': 'Seller country code',
  'BT-44': 'Buyer name',
  'BT-46': 'Buyer identifier',
  'BT-47': 'Buyer legal registration identifier',
  'BT-48': 'Buyer VAT identifier',
  'BT-49': 'Buyer electronic address',
  'BT-49-1': 'Buyer electronic address scheme',
  'BT-50': 'Buyer address line 1',
  'BT-51': 'Buyer address line 2',
  'BT-52': 'Buyer city',
  'BT-53': 'Buyer post code',
  'BT-54': 'Buyer country subdivision',
  'BT-55': 'Buyer country code',
  'BT-81': 'Payment means type code',
  'BT-84': 'Payment account identifier',
  'BT-86': 'Payment service provider identifier',
} as const;

/** Business terms of an invoice line. */
export const EINVOICE_LINE_TERMS = {
  'BT-126': 'Invoice line identifier',
  'BT-129': 'Invoiced quantity',
  'BT-130': 'Invoiced quantity unit of measure code',
  'BT-138': 'Invoice line allowance percentage',
  'BT-146': 'Item net price',
  'BT-151': 'Invoiced item VAT category code',
  'BT-152': 'Invoiced item VAT rate',
  'BT-153': 'Item name',
  'BT-154': 'Item description',
  'BT-155': "Item Seller's identifier",
} as const;

export type EInvoiceTerm = keyof typeof EINVOICE_TERMS;
export type EInvoiceLineTerm = keyof typeof EINVOICE_LINE_TERMS;

/** The process states of an e-invoice document (spec 2 §4). */
export const EINVOICE_STATES = ['new', 'success', 'failed', 'skipped', 'pending'] as const;
export type EInvoiceState = (typeof EINVOICE_STATES)[number];
