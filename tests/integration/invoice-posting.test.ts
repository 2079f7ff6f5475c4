// Completing an invoice (base and demo packs): it is numbered from its administration's invoice
// sequence at that moment, becomes read-only with its lines, and is posted as a balanced sales
// journal (revenue and VAT credited per line, the debtor debited the total); voiding it posts the
// reverse, so every ledger nets to zero; a completion the books refuse gives its number back.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startTestServer, type TestServer } from './harness.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base', 'demo'] } });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

interface Invoice {
  AutoID: number;
  ID: string | null;
  Status: string;
  TimeStamp: number;
  TotalExclVat: number;
  TotalVat: number;
  TotalInclVat: number;
}
interface JournalLine {
  Journal: number;
  GeneralLedger_Descr: string;
  Debit: number | null;
  Credit: number | null;
}
const call = (url: string, body: unknown = {}) => post(server.app, url, body);
const invoices = async (): Promise<Invoice[]> =>
  (await call('/mvc/invoices/GetFlexData', { dataSet: 'all' })).body.Data;
const read = async (id: number): Promise<Invoice> => (await call('/mvc/invoices/GetItem', { autoid: id })).body;
const change = async (id: number, Transition: string, Values: Record<string, unknown> = {}) =>
  (await call('/mvc/invoices/ChangeStatus', { autoids: [id], Transition, Values })).body;
const nextNumber = async () =>
  Number(
    (await server.engine.pool.query("SELECT invoicenextnumber FROM administrations WHERE id = 'HOOFD'")).rows[0]
      .invoicenextnumber,
  );
const journalsOf = async (invoice: number) =>
  (
    await call('/mvc/journals/GetFlexData', {
      operatorFilter: [{ FieldName: 'Invoice', Operator: '=', Value: invoice }],
    })
  ).body.Data as { AutoID: number; DocumentNumber: string; Status: string; TotalDebit: number; TotalCredit: number }[];
const linesOf = async (journal: number): Promise<JournalLine[]> =>
  (
    await call('/mvc/journallines/GetFlexData', {
      operatorFilter: [{ FieldName: 'Journal', Operator: '=', Value: journal }],
    })
  ).body.Data;
const draftWithLines = async () => {
  const found = (await invoices()).find((i) => i.Status === 'new' && i.TotalInclVat > 0);
  expect(found).toBeDefined();
  return found!;
};

describe('completing an invoice', () => {
  let invoice: Invoice;
  beforeAll(async () => {
    invoice = await draftWithLines();
  });

  it('numbers it from the administration at completion and posts a balanced sales journal', async () => {
    expect(invoice.ID).toBeNull();
    const before = await nextNumber();
    expect(await change(invoice.AutoID, 'complete')).toMatchObject({ Succeeded: 1 });
    const done = await read(invoice.AutoID);
    expect(done).toMatchObject({ Status: 'completed', ID: `FAC-${String(before).padStart(7, '0')}` });
    const [journal] = await journalsOf(invoice.AutoID);
    expect(journal).toMatchObject({
      DocumentNumber: done.ID,
      Status: 'posted',
      TotalDebit: done.TotalInclVat,
      TotalCredit: done.TotalInclVat,
    });
    const lines = await linesOf(journal.AutoID);
    const debtor = lines.filter((l) => l.GeneralLedger_Descr === 'Debiteuren');
    expect(debtor.map((l) => l.Debit)).toEqual([done.TotalInclVat]);
    const sum = (ledger: string) =>
      lines.filter((l) => l.GeneralLedger_Descr === ledger).reduce((s, l) => s + (l.Credit ?? 0), 0);
    expect(sum('Omzet verhuur en verkoop')).toBeCloseTo(done.TotalExclVat, 2);
    expect(sum('Af te dragen btw')).toBeCloseTo(done.TotalVat, 2);
  });

  it('keeps a completed invoice and its lines as they are', async () => {
    const done = await read(invoice.AutoID);
    const saved = await call('/mvc/invoices/save', { AutoID: done.AutoID, Descr: 'Anders', TimeStamp: done.TimeStamp });
    expect(saved.status).toBe(409);
    const line = (
      await call('/mvc/invoicelines/GetFlexData', {
        operatorFilter: [{ FieldName: 'Invoice', Operator: '=', Value: done.AutoID }],
      })
    ).body.Data[0] as { AutoID: number; TimeStamp: number };
    const changed = await call('/mvc/invoicelines/save', {
      AutoID: line.AutoID,
      Quantity: 99,
      TimeStamp: line.TimeStamp,
    });
    expect(changed.status).toBe(409);
    expect((await call('/mvc/invoicelines/delete', { autoid: line.AutoID })).status).toBe(409);
    expect(
      (await call('/mvc/invoicelines/save', { Invoice: done.AutoID, LineType: 'comment', Descr: 'Extra' })).status,
    ).toBe(409);
    expect((await read(done.AutoID)).TotalInclVat).toBe(done.TotalInclVat);
  });

  it('posts the reverse when it is voided, so every ledger nets to zero', async () => {
    const reason = await server.engine.pool.query<{ autoid: string }>(
      "SELECT autoid FROM reasons WHERE kind = 'void' LIMIT 1",
    );
    const voided = await change(invoice.AutoID, 'void', {
      VoidReason: Number(reason.rows[0].autoid),
      Comment: 'Dubbel gefactureerd',
    });
    expect(voided).toMatchObject({ Succeeded: 1 });
    const journals = await journalsOf(invoice.AutoID);
    expect(journals).toHaveLength(2);
    const net = new Map<string, number>();
    for (const j of journals)
      for (const l of await linesOf(j.AutoID))
        net.set(l.GeneralLedger_Descr, (net.get(l.GeneralLedger_Descr) ?? 0) + (l.Debit ?? 0) - (l.Credit ?? 0));
    for (const [, value] of net) expect(value).toBeCloseTo(0, 2);
  });
});

describe('a completion the books refuse', () => {
  it('is refused with the book year message, writes no journal and gives its number back', async () => {
    const invoice = await draftWithLines();
    const stamp = (await read(invoice.AutoID)).TimeStamp;
    expect(
      (await call('/mvc/invoices/save', { AutoID: invoice.AutoID, InvoiceDate: '2025-11-03', TimeStamp: stamp }))
        .status,
    ).toBe(200);
    const before = await nextNumber();
    const refused = await change(invoice.AutoID, 'complete');
    expect(refused.Results[0].Error).toBe('Boekjaar 2025 is afgesloten: er kan niet meer in worden geboekt.');
    expect(await read(invoice.AutoID)).toMatchObject({ Status: 'new', ID: null });
    expect(await journalsOf(invoice.AutoID)).toEqual([]);
    expect(await nextNumber()).toBe(before);
  });
});

describe('invoicing delivered orders', () => {
  const order = async (ID: string) =>
    (await call('/mvc/orders/GetFlexData', { operatorFilter: [{ FieldName: 'ID', Operator: '=', Value: ID }] })).body
      .Data[0] as { AutoID: number; Status: number };
  const orderLines = async (id: number) =>
    (
      (
        await call('/mvc/orderlines/GetFlexData', {
          operatorFilter: [{ FieldName: 'Order', Operator: '=', Value: id }],
        })
      ).body.Data as { AutoID: number; LineType: string; DeliveredQuantity: number | null; InvoicedQuantity: number }[]
    ).filter((l) => l.LineType !== 'comment' && (l.DeliveredQuantity ?? 0) > 0);

  it('makes an invoice of an order’s delivered lines, offers it to open, and invoices nothing twice', async () => {
    const delivered = await order('BE-ORD-00002');
    const lines = await orderLines(delivered.AutoID);
    expect(lines.length).toBeGreaterThan(0);
    const made = (await call('/mvc/orders/RunAction', { Action: 'invoice', autoids: [delivered.AutoID] })).body;
    expect(made).toMatchObject({ Succeeded: 1 });
    const open = made.Results[0].Open as { Table: string; AutoID: number };
    expect(open.Table).toBe('invoices');
    const invoiceLines = (
      await call('/mvc/invoicelines/GetFlexData', {
        operatorFilter: [{ FieldName: 'Invoice', Operator: '=', Value: open.AutoID }],
      })
    ).body.Data as { OrderLine: number; Quantity: number }[];
    expect(invoiceLines.map((l) => [l.OrderLine, l.Quantity]).sort()).toEqual(
      lines.map((l) => [l.AutoID, l.DeliveredQuantity]).sort(),
    );
    expect((await orderLines(delivered.AutoID)).map((l) => l.InvoicedQuantity)).toEqual(
      lines.map((l) => l.DeliveredQuantity),
    );
    const again = (await call('/mvc/orders/RunAction', { Action: 'invoice', autoids: [delivered.AutoID] })).body;
    expect(again.Results[0]).toMatchObject({
      Result: 'FAILED',
      Error: 'Order BE-ORD-00002 heeft geen geleverde regels die nog niet zijn gefactureerd.',
    });
    // Completed in the Belgian administration: its own sequence.
    expect(await change(open.AutoID, 'complete')).toMatchObject({ Succeeded: 1 });
    expect((await read(open.AutoID)).ID).toBe('BE-FAC-00001');
  });

  it('refuses an order that is not delivered yet, naming it', async () => {
    const rows = (await call('/mvc/orders/GetFlexData', { dataSet: 'all', pageSize: 500 })).body.Data as {
      AutoID: number;
      ID: string;
      Status: number;
    }[];
    const open = rows.find((r) => r.Status === 2)!;
    const refused = await call('/mvc/orders/RunAction', { Action: 'invoice', autoids: [open.AutoID] });
    expect(refused.body.Error).toBe(
      `Order ${open.ID} is nog niet geleverd: alleen geleverde, verhuurde en afgeronde orders worden gefactureerd.`,
    );
  });
});

describe('a purchase invoice made definitive', () => {
  it('is posted as a balanced purchase journal, the creditor credited the total, and reversed when reopened', async () => {
    const found = (
      await call('/mvc/purchaseinvoices/GetFlexData', {
        operatorFilter: [{ FieldName: 'ID', Operator: '=', Value: 'IF-000002' }],
      })
    ).body.Data[0] as { AutoID: number; TimeStamp: number };
    const saved = await call('/mvc/purchaseinvoices/save', {
      AutoID: found.AutoID,
      RegistrationDate: '2026-12-03',
      TimeStamp: found.TimeStamp,
    });
    expect(saved.status).toBe(200);
    const total = saved.body.TotalInclVat as number;
    const move = async (Transition: string) =>
      (await call('/mvc/purchaseinvoices/ChangeStatus', { autoids: [found.AutoID], Transition, Values: {} })).body;
    expect(await move('complete')).toMatchObject({ Succeeded: 1 });
    const journals = async () =>
      (
        await call('/mvc/journals/GetFlexData', {
          operatorFilter: [{ FieldName: 'PurchaseInvoice', Operator: '=', Value: found.AutoID }],
        })
      ).body.Data as { AutoID: number; Type: string; TotalDebit: number; TotalCredit: number }[];
    const [posted] = await journals();
    expect(posted).toMatchObject({ Type: 'purchase', TotalDebit: total, TotalCredit: total });
    const postedLines = await linesOf(posted.AutoID);
    const creditor = postedLines.filter((l) => l.GeneralLedger_Descr === 'Crediteuren');
    expect(creditor.map((l) => l.Credit)).toEqual([total]);
    // Input tax goes to the VAT code's purchase ledger, never to the sales VAT ledger.
    const inputTax = postedLines.filter((l) => l.GeneralLedger_Descr === 'Te vorderen btw');
    expect(inputTax.reduce((s, l) => s + (l.Debit ?? 0), 0)).toBeCloseTo(saved.body.TotalVat as number, 2);
    expect(postedLines.filter((l) => l.GeneralLedger_Descr === 'Af te dragen btw')).toEqual([]);
    expect(await move('reopen')).toMatchObject({ Succeeded: 1 });
    const both = await journals();
    expect(both).toHaveLength(2);
    const net = new Map<string, number>();
    for (const j of both)
      for (const l of await linesOf(j.AutoID))
        net.set(l.GeneralLedger_Descr, (net.get(l.GeneralLedger_Descr) ?? 0) + (l.Debit ?? 0) - (l.Credit ?? 0));
    for (const [, value] of net) expect(value).toBeCloseTo(0, 2);
  });
});

describe('a purchase invoice whose VAT code names no purchase VAT ledger', () => {
  it('is refused naming the ledger, and stays a concept without a journal', async () => {
    const vat = (
      await call('/mvc/vatcodes/GetFlexData', { operatorFilter: [{ FieldName: 'ID', Operator: '=', Value: 'H21' }] })
    ).body.Data[0] as { AutoID: number; TimeStamp: number; PurchaseGeneralLedger: number };
    const cleared = await call('/mvc/vatcodes/save', {
      AutoID: vat.AutoID,
      PurchaseGeneralLedger: null,
      TimeStamp: vat.TimeStamp,
    });
    expect(cleared.status).toBe(200);
    const found = (
      await call('/mvc/purchaseinvoices/GetFlexData', {
        operatorFilter: [{ FieldName: 'ID', Operator: '=', Value: 'IF-000001' }],
      })
    ).body.Data[0] as { AutoID: number; TimeStamp: number };
    expect(
      (
        await call('/mvc/purchaseinvoices/save', {
          AutoID: found.AutoID,
          RegistrationDate: '2026-12-03',
          TimeStamp: found.TimeStamp,
        })
      ).status,
    ).toBe(200);
    const refused = (
      await call('/mvc/purchaseinvoices/ChangeStatus', { autoids: [found.AutoID], Transition: 'complete', Values: {} })
    ).body;
    expect(refused.Results[0].Error).toBe('Het veld Grootboekrekening is verplicht.');
    expect((await call('/mvc/purchaseinvoices/GetItem', { autoid: found.AutoID })).body.Status).toBe(0);
    const journals = await call('/mvc/journals/GetFlexData', {
      operatorFilter: [{ FieldName: 'PurchaseInvoice', Operator: '=', Value: found.AutoID }],
    });
    expect(journals.body.Data).toEqual([]);
  });
});
