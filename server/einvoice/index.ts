// E-invoices (EN 16931, UBL 2.1 in the Peppol BIS Billing 3.0 profile): the model of a record by
// its table's `einvoice` mapping, what the standard computes, the UBL document out and in, and
// sending it through a transport as a background job.
export { computeModel, ruleProblems, type RuleProblem } from './compute.ts';
export { buildModel } from './build.ts';
export { generateEInvoice } from './generate.ts';
export { deliverEInvoice, sendEInvoice, SEND_JOB, sweepPending, type SendJob, type SendQueue } from './send.ts';
export { readInbox, RECEIVE_JOB } from './inbox.ts';
export {
  makeFromDocument,
  processDocument,
  readReceived,
  receiveFile,
  receivingOf,
  RECEIVE_MAX_BYTES,
  takeUploaded,
  sha256,
  type Receiving,
} from './receive.ts';
export { directoryDrop, type EInvoiceTransport } from './transport.ts';
export { readUbl, UblError } from './ubl-read.ts';
export { writeUbl } from './ubl-write.ts';
export { PEPPOL_BIS_3, type EInvoiceModel, type Terms, type VatBreakdown } from './model.ts';
