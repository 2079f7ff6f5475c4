// E-invoices on a test pack (tests/packs/testeinvoice): an invoice table whose `einvoice` mapping
// names the EN 16931 terms of its records and lines. Making the e-invoice of a completed invoice
// writes a UBL 2.1 document (Peppol BIS Billing 3.0) that keeps the standard's business rules,
// read back from the XML; sending it queues a job that drops it into the outbox directory; a user
// without the rights makes and reads none.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, post, signIn, startTestServer, type TestServer } from './harness.ts';
import {
  computeModel,
  deliverEInvoice,
  SEND_JOB,
  sweepPending,
  PEPPOL_BIS_3,
  readUbl,
  type EInvoiceModel,
} from '../../server/einvoice/index.ts';

let server: TestServer;
const outbox = path.join(mkdtempSync(path.join(tmpdir(), 'einvoice-')), 'outbox');

type Body = Record<string, unknown> & { AutoID: number };
const call = async (url: string, body: unknown = {}, cookie?: string) => {
  if (!cookie) return post(server.app, url, body);
  const res = await server.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: { 'content-type': 'application/json', cookie },
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
};
const saved = async (url: string, body: Record<string, unknown>): Promise<number> => {
  const res = await call(url, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.AutoID as number;
};
const docsOf = async (invoice: number): Promise<Body[]> =>
  (await call('/mvc/edocs/GetFlexData', { operatorFilter: [{ FieldName: 'Invoice', Operator: '=', Value: invoice }] }))
    .body.Data;
const docItem = async (id: number): Promise<Body> => (await call('/mvc/edocs/GetItem', { autoid: id })).body;
const generate = (ids: number[], cookie?: string) =>
  call('/mvc/sinvoices/RunAction', { Action: 'einvoice', autoids: ids }, cookie);

let countries: Record<string, number>;
let seller: number;
let buyer: number;

/** A completed invoice with lines (descr, quantity, price, VAT rate, discount). */
async function invoice(
  id: string,
  lines: [string, number, number, number, number?][],
  fields: Record<string, unknown> = {},
): Promise<number> {
  const autoId = await saved('/mvc/sinvoices/save', {
    ID: id,
    InvoiceDate: '2026-12-07',
    DueDate: '2027-01-06',
    Currency: 'EUR',
    Reference: 'PO-77',
    Seller: seller,
    Buyer: buyer,
    Status: 'done',
    ...fields,
  });
  for (const [Descr, Quantity, Price, VatRate, Discount] of lines)
    await saved('/mvc/sinvoicelines/save', {
      Invoice: autoId,
      ItemCode: `ART-${Descr}`,
      Descr,
      Quantity,
      Price,
      VatRate,
      Discount: Discount ?? null,
    });
  return autoId;
}

beforeAll(async () => {
  server = await startTestServer({ config: { packs: ['testbase', 'testeinvoice'], einvoiceOutboxDir: outbox } });
  countries = Object.fromEntries(
    ((await call('/mvc/_lists/countries', {})).body.Data as { AutoID: number; ID?: string; Code?: string }[]).map(
      (c) => [c.ID ?? c.Code, c.AutoID],
    ),
  );
  const country = async (code: string) =>
    countries[code] ??
    ((await server.engine.pool.query<{ autoid: string }>('SELECT autoid FROM countries WHERE id = $1', [code])).rows[0]
      .autoid as unknown as number);
  seller = await saved('/mvc/parties/save', {
    ID: 'SELF',
    Descr: 'Verhuur & Co B.V.',
    VatNumber: 'NL001234567B01',
    Street: 'Kade 1',
    City: 'Utrecht',
    Zip: '3511 AA',
    Country: Number(await country('NL')),
    Endpoint: '12345678',
  });
  buyer = await saved('/mvc/parties/save', {
    ID: 'KLANT',
    Descr: 'Bouwbedrijf <Jansen>',
    VatNumber: 'BE0123456789',
    City: 'Elders',
    Country: Number(await country('NL')),
    Endpoint: '87654321',
  });
  // The buyer's address is its main address row, not the first one.
  await saved('/mvc/partyaddresses/save', {
    Party: buyer,
    IsMain: false,
    City: 'Gent',
    Country: Number(await country('DE')),
  });
  await saved('/mvc/partyaddresses/save', {
    Party: buyer,
    IsMain: true,
    Street: 'Meir 1',
    City: 'Antwerpen',
    Zip: '2000',
    Country: Number(await country('BE')),
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('making the e-invoice of a completed invoice', () => {
  let doc: Body;
  let model: EInvoiceModel & { customization: string | null; profile: string | null };
  let invoiceId: number;

  beforeAll(async () => {
    invoiceId = await invoice('F-001', [
      ['Steiger', 3, 19.99, 21],
      ['Huur', 1.5, 10.333, 21, 10],
      ['Boek', 7, 0.15, 9],
      ['Export', 1, 5, 0],
    ]);
    // A comment line is no invoice line (the mapping's lines.when).
    await saved('/mvc/sinvoicelines/save', { Invoice: invoiceId, Descr: 'Geleverd op de bouwplaats', Comment: true });
    const answer = await generate([invoiceId]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.Results).toEqual([expect.objectContaining({ Result: 'SUCCESS' })]);
    const docs = await docsOf(invoiceId);
    expect(docs).toHaveLength(1);
    doc = await docItem(docs[0].AutoID);
    model = readUbl(String(doc.Document));
  });

  it('keeps a document row in state new with the invoice, its buyer and a row per line', async () => {
    expect(doc).toMatchObject({ State: 'new', Invoice: invoiceId, Buyer: buyer, Descr: 'F-001' });
    const lines = (
      await call('/mvc/edoclines/GetFlexData', {
        operatorFilter: [{ FieldName: 'Doc', Operator: '=', Value: doc.AutoID }],
      })
    ).body.Data as Body[];
    expect(
      lines.map((l) => [
        l.ItemCode,
        Number(l.Quantity),
        Number(l.UnitPrice),
        l.DiscountPct === null ? null : Number(l.DiscountPct),
      ]),
    ).toEqual([
      ['ART-Steiger', 3, 19.99, null],
      ['ART-Huur', 1.5, 10.333, 10],
      ['ART-Boek', 7, 0.15, null],
      ['ART-Export', 1, 5, null],
    ]);
  });

  it('BR-01: names the Peppol BIS Billing 3.0 specification (CustomizationID) and process (ProfileID)', () => {
    expect(model.customization).toBe(PEPPOL_BIS_3.customization);
    expect(model.profile).toBe(PEPPOL_BIS_3.profile);
  });

  it('BR-02, BR-03, BR-04, BR-05: invoice number, issue date, type code and currency', () => {
    expect(model.terms).toMatchObject({ 'BT-1': 'F-001', 'BT-2': '2026-12-07', 'BT-3': '380', 'BT-5': 'EUR' });
    expect(model.terms['BT-9']).toBe('2027-01-06');
    expect(model.terms['BT-10']).toBe('PO-77');
  });

  it('BR-06, BR-07, BR-09, BR-11: seller and buyer name and country code, through paths of list fields', () => {
    expect(model.terms).toMatchObject({
      'BT-27': 'Verhuur & Co B.V.',
      'BT-31': 'NL001234567B01',
      'BT-34': '12345678',
      'BT-40': 'NL',
      'BT-44': 'Bouwbedrijf <Jansen>',
      'BT-48': 'BE0123456789',
      'BT-55': 'BE',
    });
  });

  it("BR-08, BR-10: the seller postal address, and the buyer's from its main address row", () => {
    expect(model.terms).toMatchObject({ 'BT-35': 'Kade 1', 'BT-37': 'Utrecht', 'BT-38': '3511 AA' });
    expect(model.terms).toMatchObject({ 'BT-50': 'Meir 1', 'BT-52': 'Antwerpen', 'BT-53': '2000', 'BT-55': 'BE' });
  });

  it('BR-12, BR-13, BR-14, BR-15: the sum of line net amounts, totals without and with VAT, amount due', () => {
    for (const term of ['BT-106', 'BT-109', 'BT-112', 'BT-115']) expect(model.terms[term], term).toBeTruthy();
  });

  it('BR-16, BR-21, BR-25: at least one line, each with an identifier and an item name', () => {
    expect(model.lines).toHaveLength(4);
    for (const line of model.lines) {
      expect(line['BT-126']).toMatch(/^\d+$/);
      expect(line['BT-153']).toBeTruthy();
    }
  });

  it('BR-CO-10: the sum of line net amounts is the sum of each line quantity × price less its allowance', () => {
    // 3 × 19.99 = 59.97; 1.5 × 10.333 = 15.50 less 10% (1.55) = 13.95; 7 × 0.15 = 1.05; 5.00
    expect(model.lines.map((l) => l['BT-131'])).toEqual(['59.97', '13.95', '1.05', '5.00']);
    expect(model.lines[1]['BT-136']).toBe('1.55');
    const sum = model.lines.reduce((s, l) => s + Math.round(Number(l['BT-131']) * 100), 0);
    expect(Math.round(Number(model.terms['BT-106']) * 100)).toBe(sum);
    expect(model.terms['BT-106']).toBe('79.97');
  });

  it('BR-CO-13: the total without VAT is the sum of line net amounts (no document allowances or charges)', () => {
    expect(model.terms['BT-109']).toBe(model.terms['BT-106']);
  });

  it('BR-S-08, BR-S-09, BR-Z-08: one VAT breakdown per category and rate, its taxable amount the sum of its lines', () => {
    expect(model.vat).toEqual([
      { category: 'S', rate: '21', taxable: '73.92', tax: '15.52' },
      { category: 'S', rate: '9', taxable: '1.05', tax: '0.09' },
      { category: 'Z', rate: '0', taxable: '5.00', tax: '0.00' },
    ]);
    for (const v of model.vat) {
      const lines = model.lines.filter((l) => l['BT-151'] === v.category && l['BT-152'] === v.rate);
      expect(Math.round(Number(v.taxable) * 100)).toBe(
        lines.reduce((s, l) => s + Math.round(Number(l['BT-131']) * 100), 0),
      );
    }
  });

  it('BR-CO-17: each VAT amount is its taxable amount × rate, rounded to 2 decimals', () => {
    for (const v of model.vat) expect(v.tax).toBe((Math.round(Number(v.taxable) * Number(v.rate)) / 100).toFixed(2));
  });

  it('BR-CO-14, BR-CO-15: the VAT total is the sum of the breakdown, the total with VAT without + VAT', () => {
    expect(model.terms['BT-110']).toBe('15.61');
    expect(Math.round(Number(model.terms['BT-112']) * 100)).toBe(
      Math.round(Number(model.terms['BT-109']) * 100) + Math.round(Number(model.terms['BT-110']) * 100),
    );
    expect(model.terms['BT-112']).toBe('95.58');
  });

  it('BR-CO-16: the amount due is the total with VAT less what was paid (nothing)', () => {
    expect(model.terms['BT-113']).toBeNull();
    expect(model.terms['BT-115']).toBe(model.terms['BT-112']);
  });

  it('reads a received document into the model: its given terms computed again give the totals it states', () => {
    const again = computeModel({ terms: model.terms, lines: model.lines });
    expect(again.vat).toEqual(model.vat);
    for (const term of ['BT-106', 'BT-109', 'BT-110', 'BT-112', 'BT-115'])
      expect(again.terms[term], term).toBe(model.terms[term]);
  });

  it('makes a new document anew, keeping one row per invoice', async () => {
    expect((await generate([invoiceId])).body.Results).toEqual([expect.objectContaining({ Result: 'SUCCESS' })]);
    const docs = await docsOf(invoiceId);
    expect(docs.map((d) => d.AutoID)).toEqual([doc.AutoID]);
    const lines = (
      await call('/mvc/edoclines/GetFlexData', {
        operatorFilter: [{ FieldName: 'Doc', Operator: '=', Value: doc.AutoID }],
      })
    ).body.Data as Body[];
    expect(lines).toHaveLength(4);
  });
});

describe('refusals when making an e-invoice', () => {
  it('refuses an invoice that is not completed by the action guard, and makes nothing', async () => {
    const draft = await invoice('F-002', [['Steiger', 1, 10, 21]], { Status: 'draft' });
    const answer = await generate([draft]);
    expect(answer.body.Error ?? JSON.stringify(answer.body)).toMatch(/F-002 is niet afgerond/);
    expect(await docsOf(draft)).toEqual([]);
  });

  it('BR-07, BR-16: names the mandatory terms an invoice lacks (no buyer, no lines), and makes nothing', async () => {
    const bare = await invoice('F-003', [], { Buyer: null });
    const answer = await generate([bare]);
    expect(answer.body.Results).toEqual([
      expect.objectContaining({
        Result: 'FAILED',
        Error: expect.stringMatching(/F-003.*BT-44 \(BR-07\).*BR-11.*BR-16/),
      }),
    ]);
    expect(await docsOf(bare)).toEqual([]);
  });
});

describe('sending an e-invoice', () => {
  it('queues the document, drops it into the outbox and sets success, sent at and one attempt', async () => {
    const id = await invoice('F-010', [['Kraan', 2, 250, 21]]);
    await generate([id]);
    const [doc] = await docsOf(id);
    const answer = await call('/mvc/edocs/RunAction', { Action: 'send', autoids: [doc.AutoID] });
    expect(answer.body.Results, JSON.stringify(answer.body)).toEqual([expect.objectContaining({ Result: 'SUCCESS' })]);
    let sent = await docItem(doc.AutoID);
    // The job runs on the server's own workers: wait for its state to leave pending.
    for (let i = 0; i < 300 && sent.State === 'pending'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      sent = await docItem(doc.AutoID);
    }
    expect(sent).toMatchObject({ State: 'success', Attempts: 1, ErrorMessage: null });
    expect(sent.SentAt).toBeTruthy();
    const files = readdirSync(outbox).filter((f) => f.startsWith('F-010'));
    expect(files).toEqual([`F-010-${doc.AutoID}.xml`]);
    const file = readFileSync(path.join(outbox, files[0]), 'utf8');
    expect(file).toBe(sent.Document);
    expect(readUbl(file).terms).toMatchObject({ 'BT-1': 'F-010', 'BT-112': '605.00' });
    // Sent: not made again.
    expect((await generate([id])).body.Results).toEqual([expect.objectContaining({ Result: 'IGNORED' })]);
  });

  it('a transport that fails keeps the document pending with the message, and fails it after the last try', async () => {
    const id = await invoice('F-012', [['Kraan', 1, 100, 21]]);
    await generate([id]);
    const [doc] = await docsOf(id);
    // Pending as the send transition leaves it, without the queued job (that would deliver it).
    expect(
      (await call('/mvc/edocs/ChangeStatus', { autoids: [doc.AutoID], Transition: 'send', Values: {} })).status,
    ).toBe(200);
    const refusing = {
      deliver: () => Promise.reject(new Error('Het toegangspunt weigert de verbinding')),
    };
    const job = { table: 'edocs', id: doc.AutoID };
    const snapshot = server.engine.registry.snapshot;
    await expect(deliverEInvoice(server.engine.pool, snapshot, refusing, job, false)).rejects.toThrow(/weigert/);
    expect(await docItem(doc.AutoID)).toMatchObject({
      State: 'pending',
      Attempts: 1,
      ErrorMessage: 'Het toegangspunt weigert de verbinding',
    });
    await expect(deliverEInvoice(server.engine.pool, snapshot, refusing, job, true)).rejects.toThrow(/weigert/);
    expect(await docItem(doc.AutoID)).toMatchObject({ State: 'failed', Attempts: 2, SentAt: null });
    // A failed document may be sent again.
    const again = await call('/mvc/edocs/RunAction', { Action: 'send', autoids: [doc.AutoID] });
    expect(again.body.Results).toEqual([expect.objectContaining({ Result: 'SUCCESS' })]);
  });

  it('queues a pending document that no job will send once it has been pending long enough, and sends it', async () => {
    const id = await invoice('F-013', [['Kraan', 1, 40, 21]]);
    await generate([id]);
    const [doc] = await docsOf(id);
    // The send transition alone: pending, no job queued.
    await call('/mvc/edocs/ChangeStatus', { autoids: [doc.AutoID], Transition: 'send', Values: {} });
    const sent: number[] = [];
    const queue = {
      jobsOf: () => Promise.resolve([]),
      send: (data: Record<string, unknown>) => {
        sent.push(Number(data.id));
        return server.engine.jobs.send(SEND_JOB, data);
      },
    };
    const snapshot = server.engine.registry.snapshot;
    // Pending for less than an hour: left alone.
    expect(await sweepPending(server.engine.pool, snapshot, queue, 3600)).toBe(0);
    expect(sent).toEqual([]);
    // Any document pending for no time at all: this one (and the one left pending above) queued.
    expect(await sweepPending(server.engine.pool, snapshot, queue, 0)).toBeGreaterThanOrEqual(1);
    expect(sent).toContain(doc.AutoID);
    let state = (await docItem(doc.AutoID)).State;
    for (let i = 0; i < 300 && state === 'pending'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await docItem(doc.AutoID)).State;
    }
    expect(state).toBe('success');
    // A job still waiting for the document: not queued twice.
    const waiting = { ...queue, jobsOf: () => Promise.resolve([{ state: 'created' }]) };
    for (const Transition of ['reset', 'send'])
      expect((await call('/mvc/edocs/ChangeStatus', { autoids: [doc.AutoID], Transition, Values: {} })).status).toBe(
        200,
      );
    sent.length = 0;
    await sweepPending(server.engine.pool, snapshot, waiting, 0);
    expect(sent).toEqual([]);
  });

  it('ignore sets skipped, reset sets new again; a skipped document cannot be sent', async () => {
    const id = await invoice('F-011', [['Kraan', 1, 100, 21]]);
    await generate([id]);
    const [doc] = await docsOf(id);
    const change = (Transition: string) =>
      call('/mvc/edocs/ChangeStatus', { autoids: [doc.AutoID], Transition, Values: {} });
    expect((await change('ignore')).status).toBe(200);
    expect((await docItem(doc.AutoID)).State).toBe('skipped');
    const refused = await call('/mvc/edocs/RunAction', { Action: 'send', autoids: [doc.AutoID] });
    expect(refused.body.Results).toEqual([expect.objectContaining({ Result: 'FAILED' })]);
    expect((await docItem(doc.AutoID)).State).toBe('skipped');
    expect((await change('reset')).status).toBe(200);
    expect((await docItem(doc.AutoID)).State).toBe('new');
    // Skipped again, then made anew: the same row, new again.
    await change('ignore');
    expect((await generate([id])).body.Results).toEqual([expect.objectContaining({ Result: 'SUCCESS' })]);
    expect((await docsOf(id)).map((d) => [d.AutoID, d.State])).toEqual([[doc.AutoID, 'new']]);
  });
});

describe('a user without the invoice rights', () => {
  let outsider: string;
  let reader: string;
  let limitedReader: string;
  let doc: number;
  let inv: number;

  beforeAll(async () => {
    inv = await invoice('F-020', [['Kraan', 1, 100, 21]]);
    await generate([inv]);
    doc = (await docsOf(inv))[0].AutoID;
    const readers = await saved('/mvc/securitygroups/save', { ID: 'einvreaders', Descr: 'Factuurlezers' });
    await saved('/mvc/securitygrants/save', { SecurityGroup: readers, RightCode: '81.1', Action: 'read' });
    for (const [name, groups] of [
      ['einvoutsider', []],
      ['einvreader', [readers]],
    ] as const) {
      const user = await saved('/mvc/users/save', {
        Username: name,
        Password: 'Einv-pass-1',
        PasswordRetype: 'Einv-pass-1',
      });
      for (const group of groups) await saved('/mvc/usergroups/save', { User: user, SecurityGroup: group });
    }
    // A reader of e-invoices limited to the invoices of another buyer.
    const docReaders = await saved('/mvc/securitygroups/save', { ID: 'einvdocreaders', Descr: 'E-factuurlezers' });
    for (const RightCode of ['81.1', '81.2'])
      await saved('/mvc/securitygrants/save', { SecurityGroup: docReaders, RightCode, Action: 'read' });
    await saved('/mvc/rowlimits/save', {
      SecurityGroup: docReaders,
      TableName: 'sinvoices',
      FieldName: 'Buyer',
      Kind: 'value',
      Value: String(seller),
    });
    const docReader = await saved('/mvc/users/save', {
      Username: 'einvdocreader',
      Password: 'Einv-pass-1',
      PasswordRetype: 'Einv-pass-1',
    });
    await saved('/mvc/usergroups/save', { User: docReader, SecurityGroup: docReaders });
    limitedReader = await signIn(server.app, 'einvdocreader', 'Einv-pass-1');
    outsider = await signIn(server.app, 'einvoutsider', 'Einv-pass-1');
    reader = await signIn(server.app, 'einvreader', 'Einv-pass-1');
  });

  it('cannot make an e-invoice: 403, nothing made', async () => {
    const before = (await docItem(doc)).TimeStamp;
    for (const cookie of [outsider, reader]) expect((await generate([inv], cookie)).status).toBe(403);
    expect((await docItem(doc)).TimeStamp).toBe(before);
  });

  it('cannot read or send one', async () => {
    for (const cookie of [outsider, reader]) {
      expect((await call('/mvc/edocs/GetItem', { autoid: doc }, cookie)).status).toBe(403);
      expect((await call('/mvc/edocs/GetFlexData', {}, cookie)).status).toBe(403);
      expect((await call('/mvc/edocs/RunAction', { Action: 'send', autoids: [doc] }, cookie)).status).toBe(403);
    }
    expect(authHeaders(server.app).cookie).toBeTruthy();
  });

  it('reads only the e-invoices of invoices within their row limits, on every path', async () => {
    expect((await call('/mvc/edocs/GetItem', { autoid: doc }, limitedReader)).status).toBe(404);
    const grid = await call('/mvc/edocs/GetFlexData', {}, limitedReader);
    expect(grid.status).toBe(200);
    expect(grid.body.Data).toEqual([]);
    const lines = await call('/mvc/edoclines/GetFlexData', {}, limitedReader);
    expect(lines.body.Data).toEqual([]);
  });
});
