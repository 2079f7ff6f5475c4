// The base pack's e-invoice mapping on the demo data: a completed demo invoice's e-invoice names
// the administration as seller with its VAT number and country, the invoice relation as buyer with
// the country of its main address, both with their Peppol electronic addresses, the seller's postal
// address and bank account, its sale and rental lines with their VAT rates, and totals that agree
// with the invoice's own; the document row lands in einvoices with a row per line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { inTransaction } from '../../server/db/pool.ts';
import { generateEInvoice, readUbl } from '../../server/einvoice/index.ts';
import { SYSTEM_PRINCIPAL } from '../../server/security/principal.ts';
import { post, startTestServer, type TestServer } from './harness.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base', 'demo'] } });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('the e-invoice of a completed demo invoice', () => {
  it('keeps the mandatory rules and states the totals the invoice has', async () => {
    const invoices = (await post(server.app, '/mvc/invoices/GetFlexData', { pageSize: 50 })).body.Data as {
      AutoID: number;
      LineCount: number;
      PaymentMethod_Descr: string | null;
    }[];
    // Paid by bank transfer: the document names the account to pay into (BR-61).
    const invoice = invoices.find((i) => i.LineCount > 0 && i.PaymentMethod_Descr === 'Bankoverschrijving')!;
    expect(invoice, 'a demo invoice with lines').toBeTruthy();
    const done = await post(server.app, '/mvc/invoices/ChangeStatus', {
      autoids: [invoice.AutoID],
      Transition: 'complete',
      Values: {},
    });
    expect(done.body.Succeeded, JSON.stringify(done.body)).toBe(1);
    const item = (await post(server.app, '/mvc/invoices/GetItem', { autoid: invoice.AutoID })).body;

    const snapshot = server.engine.registry.snapshot;
    const made = await inTransaction(server.engine.pool, (client) =>
      generateEInvoice(client, snapshot.table('invoices')!, SYSTEM_PRINCIPAL, invoice.AutoID, (n) => snapshot.table(n)),
    );
    const doc = (await post(server.app, '/mvc/einvoices/GetItem', { autoid: made })).body;
    expect(doc).toMatchObject({ ID: item.ID, ProcessState: 'new', Invoice: invoice.AutoID });
    const model = readUbl(doc.Document);
    expect(model.terms['BT-1']).toBe(item.ID);
    expect(model.terms['BT-5']).toBe('EUR');
    expect(model.terms['BT-31']).toMatch(/^(NL|BE)/);
    expect(model.terms['BT-40']).toMatch(/^[A-Z]{2}$/);
    expect(model.terms['BT-55']).toMatch(/^[A-Z]{2}$/);
    // Peppol: both parties' electronic addresses with their schemes, the seller's address and the
    // account a credit transfer is paid into, from the administration, the relation and the payment method.
    const seller = (await post(server.app, '/mvc/administrations/GetItem', { autoid: item.Administration })).body;
    const buyer = (await post(server.app, '/mvc/relations/GetItem', { autoid: item.InvoiceRelation })).body;
    const method = (await post(server.app, '/mvc/paymentmethods/GetItem', { autoid: item.PaymentMethod })).body;
    expect(seller.ElectronicAddressScheme).toMatch(/^\d{4}$/);
    expect(buyer.ElectronicAddressScheme).toMatch(/^\d{4}$/);
    expect(model.terms).toMatchObject({
      'BT-34': seller.ElectronicAddress,
      'BT-34-1': seller.ElectronicAddressScheme,
      'BT-35': seller.Street,
      'BT-37': seller.City,
      'BT-38': seller.PostalCode,
      'BT-49': buyer.ElectronicAddress,
      'BT-49-1': buyer.ElectronicAddressScheme,
      'BT-81': method.PaymentMeansCode,
      'BT-84': seller.Iban,
      'BT-86': seller.Bic,
    });
    expect(model.terms['BT-84']).toMatch(/^(NL|BE)\d{2}/);
    expect(doc.Document).toContain(
      `<cbc:EndpointID schemeID="${seller.ElectronicAddressScheme}">${seller.ElectronicAddress}</cbc:EndpointID>`,
    );
    expect(Number(model.terms['BT-109'])).toBeCloseTo(Number(item.TotalExclVat), 2);
    expect(Number(model.terms['BT-112'])).toBeCloseTo(Number(item.TotalInclVat), 2);
    const lines = (
      await post(server.app, '/mvc/einvoicelines/GetFlexData', {
        operatorFilter: [{ FieldName: 'EInvoice', Operator: '=', Value: made }],
      })
    ).body.Data as unknown[];
    expect(lines).toHaveLength(model.lines.length);
  });
});
