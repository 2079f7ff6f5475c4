// Sales invoices of the base pack, as an API client sees them: defaults from the administration,
// the relation and the payment condition, totals that follow the lines, the status workflow with
// its guard and its rights, voiding with a required reason of kind void, and a user without the
// invoice rights who sees and saves nothing.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { rowsIn } from '../support/answers.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

let server: TestServer;
const ids: Record<string, number> = {};

const api = (url: string, body: unknown = {}) => post(server.app, url, body);
async function create(table: string, record: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await api(`/mvc/${table}/save`, record);
  if (res.status !== 200) throw new Error(`${table}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const item = async (table: string, autoid: number) => (await api(`/mvc/${table}/GetItem`, { autoid })).body;
const transition = (autoids: number[], Transition: string, Values: Record<string, unknown> = {}) =>
  api('/mvc/invoices/ChangeStatus', { autoids, Transition, Values });
const statusLog = async (autoid: number) =>
  (await api('/mvc/invoices/GetStatusLog', { autoid })).body.Data as Record<string, any>[];
async function as(cookie: string, url: string, body: unknown = {}) {
  const res = await server.app.inject({ method: 'POST', url, payload: body as object, headers: { cookie } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}
/** A user in a group of their own with these grants (`code:action`); `limit` adds row limits to the group. */
async function userWith(
  name: string,
  grants: string[],
  limit: (group: number, user: number) => Promise<unknown> = async () => undefined,
): Promise<string> {
  const user = (await create('users', { Username: name, Password: 'Invoice-pass-1', PasswordRetype: 'Invoice-pass-1' }))
    .AutoID;
  const group = (await create('securitygroups', { ID: name.toUpperCase(), Descr: name })).AutoID;
  await create('usergroups', { User: user, SecurityGroup: group });
  for (const grant of grants) {
    const [RightCode, Action] = grant.split(':');
    await create('securitygrants', { SecurityGroup: group, RightCode, Action });
  }
  await limit(group, user);
  return signIn(server.app, name, 'Invoice-pass-1');
}
const newInvoice = (fields: Record<string, unknown> = {}) =>
  create('invoices', { Descr: 'Huur november', InvoiceRelation: ids.customer, InvoiceDate: '2026-11-30', ...fields });
const line = (invoice: number, fields: Record<string, unknown> = {}) =>
  create('invoicelines', { Invoice: invoice, Product: ids.product, Quantity: 1, ...fields });

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  const currencies = await api('/mvc/currencies/GetFlexData', {
    operatorFilter: [{ FieldName: 'ID', Operator: '=', Value: 'EUR' }],
    pageSize: 1,
  });
  ids.eur = currencies.body.Data[0].AutoID;
  // The books a completed invoice is posted to: ledgers and an open book year of its administration.
  const ledger = async (ID: string, Descr: string) => (await create('generalledgers', { ID, Descr })).AutoID;
  ids.administration = (
    await create('administrations', {
      ID: 'HQ',
      Descr: 'Hoofdkantoor',
      IsDefault: true,
      Currency: ids.eur,
      InvoicePrefix: 'FAC-',
      InvoiceNextNumber: 1,
      InvoiceMinLength: 4,
      DebtorsGeneralLedger: await ledger('1300', 'Debiteuren'),
      RevenueGeneralLedger: await ledger('8000', 'Omzet'),
    })
  ).AutoID;
  for (const year of [2026, 2027])
    await create('bookyears', {
      ID: `HQ-${year}`,
      Descr: `Boekjaar ${year}`,
      Year: year,
      StartDate: `${year}-01-01`,
      EndDate: `${year}-12-31`,
      NumberOfPeriods: 12,
      Administration: ids.administration,
    });
  ids.customer = (await create('relations', { ID: 'KLANT', Descr: 'Klant' })).AutoID;
  ids.vat = (
    await create('vatcodes', { ID: 'H21', Descr: 'Hoog', Percentage: 21, GeneralLedger: await ledger('1500', 'Btw') })
  ).AutoID;
  const status = (await create('productstatuses', { ID: 'ACTIEF', Descr: 'Actief' })).AutoID;
  ids.product = (
    await create('products', {
      ProductType: 'sale',
      ID: 'P-1',
      Descr: 'Bouwhek',
      Status: status,
      Price: 100,
      Vat: ids.vat,
    })
  ).AutoID;
  ids.voidReason = (await create('reasons', { ID: 'FOUT', Descr: 'Foutieve factuur', Kind: 'void' })).AutoID;
  ids.cancelReason = (await create('reasons', { ID: 'ANNUL', Descr: 'Klant annuleert', Kind: 'cancel' })).AutoID;
  ids.net30 = (await create('paymentconditions', { ID: '30N', Descr: '30 dagen netto', PaymentDays: 30 })).AutoID;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('a new invoice', () => {
  it('begins new and without a number, in the default administration and its currency, due after the payment days', async () => {
    const invoice = await newInvoice({ PaymentCondition: ids.net30 });
    const other = await newInvoice({ Administration: ids.administration });
    const stored = await item('invoices', invoice.AutoID);
    expect(stored).toMatchObject({
      Status: 'new',
      Administration: ids.administration,
      DeliverRelation: ids.customer,
      DueDate: '2026-12-30',
      LineCount: 0,
      TotalInclVat: 0,
    });
    expect(stored.ID ?? '').toBe('');
    // The administration the form shows (GetNew) brings its currency along.
    expect(await item('invoices', other.AutoID)).toMatchObject({ Currency: ids.eur, DueDate: null });
    const shown = (await api('/mvc/invoices/GetNew', {})).body;
    expect(shown).toMatchObject({ Administration: ids.administration, Status: 'new' });
  });

  it('needs its reference when the reference is required, and an active payment condition', async () => {
    const refused = await api('/mvc/invoices/save', {
      InvoiceRelation: ids.customer,
      InvoiceDate: '2026-11-30',
      ReferenceRequired: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState.Reference).toEqual(['Voor deze factuur is een referentie verplicht.']);
    const inactive = await create('paymentconditions', { ID: 'OUD', Descr: 'Oude conditie', Active: false });
    const old = await api('/mvc/invoices/save', {
      InvoiceRelation: ids.customer,
      InvoiceDate: '2026-11-30',
      PaymentCondition: inactive.AutoID,
    });
    expect(old.status).toBe(400);
    expect(old.body.ModelState.PaymentCondition).toEqual(['De betalingsconditie Oude conditie is niet actief.']);
  });

  it('refuses a payment condition whose discount outlasts its payment days', async () => {
    const refused = await api('/mvc/paymentconditions/save', {
      ID: '14K',
      Descr: '14 dagen 2% korting',
      PaymentDays: 10,
      DiscountDays: 14,
      DiscountPct: 2,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState.DiscountDays).toEqual(['De kortingstermijn is langer dan de betalingstermijn.']);
  });
});

describe('the totals of an invoice', () => {
  it('follow every write of its lines; a comment line carries no amount', async () => {
    const invoice = await newInvoice();
    const sale = await line(invoice.AutoID, { Quantity: 2, DiscountPct: 10 });
    expect(await item('invoicelines', sale.AutoID)).toMatchObject({
      Descr: 'Bouwhek',
      Price: 100,
      VatCode: ids.vat,
      SubtotalExclVat: 180,
      SubtotalVat: 37.8,
      SubtotalInclVat: 217.8,
    });
    await create('invoicelines', { Invoice: invoice.AutoID, LineType: 'comment', Descr: 'Periode november' });
    expect(await item('invoices', invoice.AutoID)).toMatchObject({
      LineCount: 2,
      TotalExclVat: 180,
      TotalVat: 37.8,
      TotalInclVat: 217.8,
    });
    const stored = await item('invoicelines', sale.AutoID);
    await create('invoicelines', { ...stored, Quantity: 1 });
    expect(await item('invoices', invoice.AutoID)).toMatchObject({ TotalExclVat: 90, TotalInclVat: 108.9 });
    expect((await api('/mvc/invoicelines/delete', { autoid: sale.AutoID })).status).toBe(200);
    expect(await item('invoices', invoice.AutoID)).toMatchObject({ LineCount: 1, TotalExclVat: 0, TotalInclVat: 0 });
    const priced = await api('/mvc/invoicelines/save', {
      Invoice: invoice.AutoID,
      LineType: 'comment',
      Descr: 'Toeslag',
      Price: 10,
    });
    expect(priced.status).toBe(400);
    expect(priced.body.ModelState.Price).toEqual(['Een commentaarregel heeft geen artikel en geen prijs.']);
    const negative = await api('/mvc/invoicelines/save', {
      Invoice: invoice.AutoID,
      Product: ids.product,
      Quantity: -1,
    });
    expect(negative.status).toBe(400);
    expect(Object.keys(negative.body.ModelState)).toEqual(['Quantity']);
  });
});

describe('collecting invoices', () => {
  const collect = (autoids: number[]) => api('/mvc/invoices/RunAction', { Action: 'collect', autoids });

  it('needs two open invoices of one relation, neither blocked, and moves the lines into the first', async () => {
    const [a, b] = [await newInvoice(), await newInvoice()];
    expect((await collect([a.AutoID])).body.Error).toBe('Selecteer ten minste 2 items.');
    const blocked = await newInvoice({ BlockedForMerge: true, Descr: 'Vaste factuur' });
    // A new invoice has no number yet: the message names it by its AutoID.
    expect((await collect([a.AutoID, blocked.AutoID])).body.Error).toBe(
      `Factuur ${blocked.AutoID} is geblokkeerd voor samenvoegen.`,
    );
    const completed = await newInvoice();
    await line(completed.AutoID);
    await transition([completed.AutoID], 'complete');
    expect((await collect([a.AutoID, completed.AutoID])).body.Error).toBe(
      `Factuur ${(await item('invoices', completed.AutoID)).ID ?? completed.AutoID} heeft niet de juiste status om samen te voegen.`,
    );
    const otherRelation = (await create('relations', { ID: 'ANDER', Descr: 'Andere klant' })).AutoID;
    const elsewhere = await newInvoice({ InvoiceRelation: otherRelation });
    expect((await collect([a.AutoID, elsewhere.AutoID])).body.Error).toBe(
      'De geselecteerde facturen hebben niet dezelfde factuurrelatie.',
    );
    await line(a.AutoID, { Quantity: 1 });
    await line(b.AutoID, { Quantity: 2 });
    expect((await collect([a.AutoID, b.AutoID])).body).toMatchObject({ Succeeded: 1, Failed: 0 });
    expect(await item('invoices', a.AutoID)).toMatchObject({ LineCount: 2, TotalExclVat: 300 });
    expect((await api('/mvc/invoices/GetItem', { autoid: b.AutoID })).status).toBe(404);
  });
});

describe('the invoice picker', () => {
  it('shows under each invoice its relation, date and total, as a new invoice has no number yet', async () => {
    const invoice = await newInvoice({ Descr: 'Picker factuur' });
    await line(invoice.AutoID, { Quantity: 3 });
    const lookup = await api('/mvc/_lists/invoices', { searchKey: 'Picker', pageSize: 30 });
    expect(lookup.body.Data).toEqual([
      expect.objectContaining({ AutoID: invoice.AutoID, ID: null, Detail: 'KLANT · 2026-11-30 · 363' }),
    ]);
  });
});

describe('the workflow of an invoice', () => {
  it('asks a concept, goes back to new, and completes only with a line and not blocked', async () => {
    const invoice = await newInvoice();
    expect((await transition([invoice.AutoID], 'requestConcept')).body).toMatchObject({ Succeeded: 1 });
    expect((await item('invoices', invoice.AutoID)).Status).toBe('conceptrequest');
    expect((await transition([invoice.AutoID], 'backToNew')).body).toMatchObject({ Succeeded: 1 });
    const guard = 'Alleen een factuur met ten minste één regel die niet geblokkeerd is, kan worden afgerond.';
    const empty = await transition([invoice.AutoID], 'complete');
    expect(empty.body).toMatchObject({ Failed: 1, Results: [{ Result: 'FAILED', Error: guard }] });
    await line(invoice.AutoID);
    const stored = await item('invoices', invoice.AutoID);
    await create('invoices', { ...stored, Blocked: true });
    expect((await transition([invoice.AutoID], 'complete')).body).toMatchObject({
      Failed: 1,
      Results: [{ Error: guard }],
    });
    expect((await item('invoices', invoice.AutoID)).Status).toBe('new');
    await create('invoices', { ...(await item('invoices', invoice.AutoID)), Blocked: false });
    expect((await transition([invoice.AutoID], 'complete')).body).toMatchObject({ Succeeded: 1 });
    expect((await statusLog(invoice.AutoID)).map((r) => [r.Transition, r.To])).toEqual(
      expect.arrayContaining([
        ['requestConcept', 'conceptrequest'],
        ['backToNew', 'new'],
        ['complete', 'completed'],
      ]),
    );
  });

  it('voids only with a reason of kind void, which it keeps with the comment and logs', async () => {
    const invoice = await newInvoice();
    const before = (await statusLog(invoice.AutoID)).length;
    const bare = await api('/mvc/invoices/ChangeStatus', { autoids: [invoice.AutoID], Transition: 'void', Values: {} });
    expect(bare.status).toBe(400);
    expect(bare.body.ModelState).toEqual({ VoidReason: ['Geef de reden waarom de factuur vervalt.'] });
    const wrongKind = await transition([invoice.AutoID], 'void', { VoidReason: ids.cancelReason });
    expect(wrongKind.body).toMatchObject({
      Failed: 1,
      Results: [{ Key: 'validation.prompt_filter', Args: ['Reden'] }],
    });
    expect(await item('invoices', invoice.AutoID)).toMatchObject({ Status: 'new' });
    expect((await item('invoices', invoice.AutoID)).VoidReason ?? null).toBeNull();
    expect(await statusLog(invoice.AutoID)).toHaveLength(before);
    const voided = await transition([invoice.AutoID], 'void', {
      VoidReason: ids.voidReason,
      Comment: 'Dubbel gefactureerd',
    });
    expect(voided.body).toMatchObject({ Succeeded: 1 });
    expect(await item('invoices', invoice.AutoID)).toMatchObject({
      Status: 'voided',
      VoidReason: ids.voidReason,
      VoidComment: 'Dubbel gefactureerd',
    });
    const log = await statusLog(invoice.AutoID);
    expect(log).toHaveLength(before + 1);
    expect(log.find((r) => r.Transition === 'void')).toMatchObject({
      From: 'new',
      To: 'voided',
      Comment: 'Dubbel gefactureerd',
    });
  });

  it('makes each transition only with its own right', async () => {
    const cookie = await userWith('factureerder', [
      '13.1:read',
      '13.1:update',
      '13.1:create',
      '13.2:read',
      '13.2:create',
      '13.10:read',
      '13.11:read',
      '13.12:read',
      '13.20:execute',
      '2.1:read',
    ]);
    const invoice = await newInvoice();
    await line(invoice.AutoID);
    const change = (Transition: string, Values: Record<string, unknown> = {}) =>
      as(cookie, '/mvc/invoices/ChangeStatus', { autoids: [invoice.AutoID], Transition, Values });
    expect((await change('requestConcept')).body).toMatchObject({ Succeeded: 1 });
    expect((await change('backToNew')).status).toBe(403);
    expect((await change('complete')).status).toBe(403);
    expect((await change('void', { VoidReason: ids.voidReason })).status).toBe(403);
    expect((await item('invoices', invoice.AutoID)).Status).toBe('conceptrequest');
    // Without the status log's right its tab and call are refused.
    expect((await as(cookie, '/mvc/invoices/GetStatusLog', { autoid: invoice.AutoID })).status).toBe(403);
  });
});

describe('a user without the invoice rights', () => {
  it('sees no invoice on the grid, by AutoID or in the lookup, and cannot save one', async () => {
    const invoice = await newInvoice({ Descr: 'Geheime factuur' });
    const cookie = await userWith('buitenstaander', ['2.1:read', '8.1:read']);
    expect((await as(cookie, '/mvc/invoices/GetFlexData', { pageSize: 10 })).status).toBe(403);
    expect((await as(cookie, '/mvc/invoices/GetItem', { autoid: invoice.AutoID })).status).toBe(403);
    const lookup = await as(cookie, '/mvc/_lists/invoices', { searchKey: '', pageSize: 30 });
    expect(lookup.status).toBe(403);
    expect(JSON.stringify(lookup.body)).not.toContain('Geheime factuur');
    const saved = await as(cookie, '/mvc/invoices/save', { InvoiceRelation: ids.customer, InvoiceDate: '2026-11-30' });
    expect(saved.status).toBe(403);
    const lineSaved = await as(cookie, '/mvc/invoicelines/save', { Invoice: invoice.AutoID, Product: ids.product });
    expect(lineSaved.status).toBe(403);
  });
});

describe('voiding an invoice', () => {
  const settings = async (RequireVoidReason: boolean) => {
    const [row] = (await api('/mvc/financialsettings/GetFlexData', {})).body.Data;
    expect((await api('/mvc/financialsettings/save', { ...row, RequireVoidReason })).status).toBe(200);
  };

  it('offers only reasons of kind void in the picker of its reason', async () => {
    const invoice = await newInvoice();
    const { Transitions } = (await api('/mvc/invoices/GetTransitions', { autoid: invoice.AutoID })).body;
    const prompt = Transitions.find((t: { Name: string }) => t.Name === 'void').Prompts[0];
    expect(prompt).toMatchObject({ Name: 'VoidReason', Required: true, For: 'invoices.void.VoidReason' });
    const offered: { AutoID: number }[] = (await api(`/${prompt.ListMethod}`, { For: prompt.For, pageSize: 100 })).body
      .Data;
    expect(offered.map((r) => r.AutoID)).toContain(ids.voidReason);
    expect(offered.map((r) => r.AutoID)).not.toContain(ids.cancelReason);
  });

  it('needs no reason while the financial settings do not require one', async () => {
    await settings(false);
    try {
      const invoice = await newInvoice();
      expect((await transition([invoice.AutoID], 'void')).body).toMatchObject({ Succeeded: 1 });
      expect(await item('invoices', invoice.AutoID)).toMatchObject({ Status: 'voided', VoidReason: null });
    } finally {
      await settings(true);
    }
    const bare = await transition([(await newInvoice()).AutoID], 'void');
    expect(bare.status).toBe(400);
  });

  it('gives an order line back the quantity of an invoice voided, so the order can be invoiced again', async () => {
    const order = await create('orders', { Descr: 'Verkoop hekken', DeliverRelation: ids.customer });
    const sale = await create('orderlines', {
      Order: order.AutoID,
      Product: ids.product,
      OrderQuantity: 2,
      Price: 100,
    });
    for (const Transition of ['submitOrder', 'supply'])
      expect((await api('/mvc/orders/ChangeStatus', { autoids: [order.AutoID], Transition })).body).toMatchObject({
        Succeeded: 1,
      });
    // What the warehouse delivered (no call of the base pack records a delivery yet).
    await server.engine.pool.query('UPDATE orderlines SET deliveredquantity = 2 WHERE autoid = $1', [sale.AutoID]);
    const invoiceOrder = () => api('/mvc/orders/RunAction', { Action: 'invoice', autoids: [order.AutoID] });
    const made = await invoiceOrder();
    expect(made.body).toMatchObject({ Succeeded: 1 });
    expect((await item('orderlines', sale.AutoID)).InvoicedQuantity).toBe(2);
    expect((await invoiceOrder()).body).toMatchObject({ Failed: 1 });
    const invoice = made.body.Results[0].Open.AutoID;
    expect((await transition([invoice], 'void', { VoidReason: ids.voidReason })).body).toMatchObject({ Succeeded: 1 });
    expect((await item('orderlines', sale.AutoID)).InvoicedQuantity).toBe(0);
    expect((await invoiceOrder()).body).toMatchObject({ Succeeded: 1 });
    expect((await item('orderlines', sale.AutoID)).InvoicedQuantity).toBe(2);
  });
});

describe('a user limited to the invoices assigned to them', () => {
  it('sees, moves and makes only those, their lines with them, on every path', async () => {
    const rights = [
      '13.1:read',
      '13.1:update',
      '13.1:create',
      '13.2:read',
      '13.10:read',
      '13.11:read',
      '13.20:execute',
      '2.1:read',
    ];
    let me = 0;
    const cookie = await userWith('behandelaar', rights, async (group, user) => {
      me = user;
      await create('rowlimits', { SecurityGroup: group, TableName: 'invoices', FieldName: 'AssignedTo', Kind: 'own' });
    });
    const mine = await newInvoice({ Descr: 'Mijn factuur', AssignedTo: me });
    const other = await newInvoice({ Descr: 'Andermans factuur' });
    const otherLine = await line(other.AutoID, { Descr: 'Andermans regel' });
    await line(mine.AutoID, { Descr: 'Mijn regel' });
    const grid = await as(cookie, '/mvc/invoices/GetFlexData', { dataSet: 'all', pageSize: 100 });
    expect(rowsIn(grid.body.Data).map((r) => r.AutoID)).toEqual([mine.AutoID]);
    expect(grid.body.Meta.Count).toBe(1);
    expect((await as(cookie, '/mvc/invoices/GetItem', { autoid: other.AutoID })).status).toBe(404);
    const lookup = await as(cookie, '/mvc/_lists/invoices', { searchKey: '', pageSize: 30 });
    expect(JSON.stringify(lookup.body)).not.toContain('Andermans factuur');
    const lines = await as(cookie, '/mvc/invoicelines/GetFlexData', { pageSize: 100 });
    expect(rowsIn(lines.body.Data).map((r) => r.Descr)).toEqual(['Mijn regel']);
    expect((await as(cookie, '/mvc/invoicelines/GetItem', { autoid: otherLine.AutoID })).status).toBe(404);
    const moved = await as(cookie, '/mvc/invoices/ChangeStatus', {
      autoids: [other.AutoID],
      Transition: 'requestConcept',
    });
    expect(moved.body).toMatchObject({ Succeeded: 0 });
    expect((await item('invoices', other.AutoID)).Status).toBe('new');
    const outside = await as(cookie, '/mvc/invoices/save', {
      InvoiceRelation: ids.customer,
      InvoiceDate: '2026-11-30',
      Descr: 'Buiten de grens',
    });
    expect(outside.status).toBe(403);
    expect(outside.body.Code).toBe('OUTSIDE_ROW_LIMITS');
  });
});

describe('invoicing the rental periods of an order', () => {
  it('bills each rental line from after what was invoiced up to the date asked, once', async () => {
    const monthly = (await create('rentalratecodes', { ID: 'MAAND', Descr: 'Per maand', PeriodUnit: 'months' })).AutoID;
    const order = await create('orders', { Descr: 'Huur bouwhekken', DeliverRelation: ids.customer });
    const rental = await create('orderlines', {
      Order: order.AutoID,
      LineType: 'rental',
      Product: ids.product,
      OrderQuantity: 2,
      Price: 100,
      RentalRateCode: monthly,
      RentedFrom: '2026-01-15',
    });
    for (const Transition of ['submitOrder', 'supply', 'rentOut'])
      expect((await api('/mvc/orders/ChangeStatus', { autoids: [order.AutoID], Transition })).body).toMatchObject({
        Succeeded: 1,
      });
    const invoiceTill = (InvoiceTill: string) =>
      api('/mvc/orders/RunAction', { Action: 'invoice', autoids: [order.AutoID], Values: { InvoiceTill } });
    const linesOf = async (answer: { body: { Results: { Open?: { AutoID: number } }[] } }) =>
      (
        await api('/mvc/invoicelines/GetFlexData', {
          operatorFilter: [{ FieldName: 'Invoice', Operator: '=', Value: answer.body.Results[0].Open!.AutoID }],
        })
      ).body.Data as Record<string, unknown>[];
    // 15 January to 14 February is a month, 15 to 28 February half of the next: 2 × 1.5 months.
    const first = await invoiceTill('2026-02-28');
    expect(first.body).toMatchObject({ Succeeded: 1 });
    expect(await linesOf(first)).toEqual([
      expect.objectContaining({
        OrderLine: rental.AutoID,
        LineType: 'rental',
        RentalFrom: '2026-01-15',
        RentalTill: '2026-02-28',
        RentalRateCode: monthly,
        Quantity: 3,
        Price: 100,
        SubtotalExclVat: 300,
      }),
    ]);
    expect((await item('orderlines', rental.AutoID)).InvoicedTill).toBe('2026-02-28');
    const second = await invoiceTill('2026-03-31');
    expect(await linesOf(second)).toEqual([
      expect.objectContaining({
        RentalFrom: '2026-03-01',
        RentalTill: '2026-03-31',
        Quantity: 2,
        SubtotalExclVat: 200,
      }),
    ]);
    const again = await invoiceTill('2026-03-31');
    const number = (await item('orders', order.AutoID)).ID ?? order.AutoID;
    expect(again.body).toMatchObject({
      Succeeded: 0,
      Results: [
        { Result: 'FAILED', Error: `Order ${number} heeft geen geleverde regels die nog niet zijn gefactureerd.` },
      ],
    });
    // Returned on 10 April: billed up to that day, 10 of April's 30 days, whatever date is asked.
    await create('orderlines', { ...(await item('orderlines', rental.AutoID)), RentedTill: '2026-04-10' });
    const last = await invoiceTill('2026-04-30');
    expect(await linesOf(last)).toEqual([
      expect.objectContaining({
        RentalFrom: '2026-04-01',
        RentalTill: '2026-04-10',
        Quantity: 0.67,
        SubtotalExclVat: 67,
      }),
    ]);
    expect((await invoiceTill('2026-05-31')).body).toMatchObject({ Succeeded: 0, Failed: 1 });
    // A voided invoice bills nothing: its span is billed again.
    const voided = await transition([last.body.Results[0].Open.AutoID], 'void', { VoidReason: ids.voidReason });
    expect(voided.body).toMatchObject({ Succeeded: 1 });
    expect((await item('orderlines', rental.AutoID)).InvoicedTill).toBe('2026-03-31');
    expect(await linesOf(await invoiceTill('2026-05-31'))).toEqual([
      expect.objectContaining({ RentalFrom: '2026-04-01', RentalTill: '2026-04-10', SubtotalExclVat: 67 }),
    ]);
  });
});

describe('bad input and a limited user on the other paths', () => {
  it('refuses an amount beyond its precision and a subtotal beyond its column, naming the field, and writes nothing', async () => {
    const invoice = await newInvoice({ Descr: 'Precisie' });
    const tooPrecise = await api('/mvc/invoicelines/save', {
      Invoice: invoice.AutoID,
      Product: ids.product,
      Quantity: 1,
      Price: 12.345,
    });
    expect(tooPrecise.status).toBe(400);
    expect(Object.keys(tooPrecise.body.ModelState)).toEqual(['Price']);
    const tooLarge = await api('/mvc/invoicelines/save', {
      Invoice: invoice.AutoID,
      Product: ids.product,
      Quantity: 99999999,
      Price: 99999999,
    });
    expect(tooLarge.status).toBe(400);
    expect(Object.keys(tooLarge.body.ModelState)).toEqual(['SubtotalExclVat']);
    expect(await item('invoices', invoice.AutoID)).toMatchObject({ LineCount: 0, TotalInclVat: 0 });
  });

  it('hears of, completes, voids and collects none of the invoices outside their limits, and reads no invoice text through a journal', async () => {
    let me = 0;
    const cookie = await userWith(
      'kassier',
      [
        '13.1:read',
        '13.1:update',
        '13.2:read',
        '13.3:execute',
        '13.10:read',
        '13.11:read',
        '13.12:read',
        '13.13:read',
        '13.22:execute',
        '13.23:execute',
        '16.1:read',
        '2.1:read',
      ],
      async (group, user) => {
        me = user;
        await create('rowlimits', {
          SecurityGroup: group,
          TableName: 'invoices',
          FieldName: 'AssignedTo',
          Kind: 'own',
        });
      },
    );
    const mine = await newInvoice({ Descr: 'Kassiers factuur', AssignedTo: me });
    const other = await newInvoice({ Descr: 'Geheime factuur' });
    await line(mine.AutoID);
    await line(other.AutoID);
    const poll = async (LastReceived?: string) => {
      const answer: { Events: { EventData: Record<string, unknown> }[]; LastReceived: string } = (
        await as(cookie, '/mvc/liveevents/poll', LastReceived ? { LastReceived } : {})
      ).body;
      return answer;
    };
    const start = (await poll()).LastReceived;

    // Batch transitions and the collect action over their own and another's invoice.
    const completed = await as(cookie, '/mvc/invoices/ChangeStatus', {
      autoids: [mine.AutoID, other.AutoID],
      Transition: 'complete',
    });
    const results: { AutoID: number; Result: string }[] = completed.body.Results;
    expect(results.map((r) => [r.AutoID, r.Result])).toEqual([
      [mine.AutoID, 'SUCCESS'],
      [other.AutoID, 'FAILED'],
    ]);
    expect(completed.body.Results[1]).toMatchObject({ Key: 'errors.item_not_found', Description: null });
    const voided = await as(cookie, '/mvc/invoices/ChangeStatus', {
      autoids: [other.AutoID],
      Transition: 'void',
      Values: { VoidReason: ids.voidReason },
    });
    expect(voided.body).toMatchObject({ Succeeded: 0, Failed: 1 });
    const collected = await as(cookie, '/mvc/invoices/RunAction', {
      Action: 'collect',
      autoids: [mine.AutoID, other.AutoID],
    });
    expect(collected.body.Succeeded ?? 0).toBe(0);
    expect(await item('invoices', other.AutoID)).toMatchObject({ Status: 'new', LineCount: 1 });

    // The other invoice completed by someone who may: its journal is in the books the user reads
    // (with the text the posting gave it), without the text of the invoice it names; and the user
    // hears of their own invoice's change, not of that one.
    await transition([other.AutoID], 'complete');
    await api('/mvc/invoices/save', {
      ...(await item('invoices', mine.AutoID)),
      Descr: 'Kassiers factuur, bijgewerkt',
    });
    const number = (await item('invoices', other.AutoID)).ID;
    const journals: { DocumentNumber: string; Invoice_Descr?: string | null }[] = (
      await as(cookie, '/mvc/journals/GetFlexData', { pageSize: 100 })
    ).body.Data;
    const posted = journals.find((j) => j.DocumentNumber === number);
    expect(posted).toBeDefined();
    expect(posted?.Invoice_Descr ?? null).toBeNull();
    const heard: Record<string, unknown>[] = [];
    let position = start;
    for (const t0 = Date.now(); Date.now() - t0 < 5000; await new Promise((r) => setTimeout(r, 50))) {
      const got = await poll(position);
      heard.push(...got.Events.map((e) => e.EventData));
      position = got.LastReceived;
      // Told in order: once their own invoice's save is heard, everything before it was told.
      if (heard.filter((e) => e.Table === 'invoices' && e.AutoID === mine.AutoID).length >= 2) break;
    }
    const invoicesHeard = heard.filter((e) => e.Table === 'invoices').map((e) => e.AutoID);
    expect(invoicesHeard).toContain(mine.AutoID);
    expect(invoicesHeard).not.toContain(other.AutoID);
  });
});
