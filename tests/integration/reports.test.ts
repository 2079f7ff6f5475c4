// Reports as definitions (spec 3 §7, §8, §9): the base pack's documents rendered for records, parsed
// back (the PDF with pdfjs, the spreadsheet with exceljs) and read as a customer would: labels in
// the chosen language, values formatted for it, totals, page numbers. A limited user's document
// holds no hidden field and no row outside their limits; a bad report definition file is refused
// with its path and rule and writes nothing; a selection comes as a zip, a large one as a job.
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import type { Row } from '../support/answers.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

let server: TestServer;
const ids: Record<string, number> = {};
const admin = (url: string, body: unknown = {}) => post(server.app, url, body);
async function create(table: string, record: Record<string, unknown>): Promise<Row> {
  const res = await admin(`/mvc/${table}/save`, record);
  if (res.status !== 200) throw new Error(`${table}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A call's raw answer (a file) as the user of `cookie` (the administrator without one). */
async function file(url: string, body: Record<string, unknown>, cookie?: string) {
  const res = await server.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: cookie ? { cookie } : { cookie: (await adminCookie()) ?? '' },
  });
  return { status: res.statusCode, type: String(res.headers['content-type']), body: res.rawPayload, text: res.body };
}
let adminSession: string | undefined;
const adminCookie = async () => (adminSession ??= await signIn(server.app));

/** The text of each page of a PDF, its pieces joined by spaces. */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((i) => ('str' in i ? i.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await doc.destroy();
  return pages;
}

/** The entries of a zip (names and contents), read from its central directory. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const packed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    out.set(name, inflateRawSync(zip.subarray(start, start + packed)));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

async function until<T>(probe: () => Promise<T | undefined | false>, ms: number, what: string): Promise<T> {
  for (const start = Date.now(); ; await new Promise((r) => setTimeout(r, 100))) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
  }
}

let limited: string;

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  const ledger = async (ID: string, Descr: string) => (await create('generalledgers', { ID, Descr })).AutoID;
  ids.administration = (
    await create('administrations', {
      ID: 'HQ',
      Descr: 'Verhuur Noord BV',
      IsDefault: true,
      Street: 'Havenstraat 12',
      PostalCode: '9711 AB',
      City: 'Groningen',
      VatNumber: 'NL001234567B01',
      InvoicePrefix: 'FAC-',
      InvoiceNextNumber: 1,
      InvoiceMinLength: 4,
      OrderPrefix: 'ORD-',
      OrderNextNumber: 1,
      OrderMinLength: 4,
      DebtorsGeneralLedger: await ledger('1300', 'Debiteuren'),
      RevenueGeneralLedger: await ledger('8000', 'Omzet'),
    })
  ).AutoID;
  ids.customer = (await create('relations', { ID: 'DEVRIES', Descr: 'Bouwbedrijf De Vries' })).AutoID;
  ids.vat = (
    await create('vatcodes', { ID: 'H21', Descr: 'Hoog', Percentage: 21, GeneralLedger: await ledger('1500', 'Btw') })
  ).AutoID;
  const status = (await create('productstatuses', { ID: 'ACTIEF', Descr: 'Actief' })).AutoID;
  ids.product = (
    await create('products', { ProductType: 'sale', ID: 'HEK', Descr: 'Bouwhek', Status: status, Vat: ids.vat })
  ).AutoID;
  ids.invoice = (
    await create('invoices', {
      Descr: 'Huur november',
      InvoiceRelation: ids.customer,
      InvoiceDate: '2026-11-30',
      Reference: 'PROJ-77',
    })
  ).AutoID;
  const line = (fields: Record<string, unknown>) =>
    create('invoicelines', { Invoice: ids.invoice, Product: ids.product, VatCode: ids.vat, ...fields });
  await line({ Descr: 'Bouwhek huur', Quantity: 3, Price: 1250, Reference: 'beperkt' });
  await line({ Descr: 'Geheime korting', Quantity: 2, Price: 12.5 });
  ids.other = (
    await create('invoices', { Descr: 'Huur december', InvoiceRelation: ids.customer, InvoiceDate: '2026-12-31' })
  ).AutoID;
  ids.order = (
    await create('orders', { Descr: 'Hekken project', OrderDate: '2026-11-27', DeliverRelation: ids.customer })
  ).AutoID;
  await create('orderlines', { Order: ids.order, Product: ids.product, Descr: 'Bouwhek', OrderQuantity: 4, Price: 10 });
  ids.ticket = (await create('workingtickets', { ShortDescr: 'Hekken plaatsen', Relation: ids.customer })).AutoID;
  ids.packlist = (await create('packlists', { Descr: 'Zending 1' })).AutoID;

  // A user who reads invoices and their lines, sees only the lines whose reference is their name,
  // and neither an invoice's reference nor a line's price.
  const user = (
    await create('users', { Username: 'beperkt', Password: 'Report-pass-1', PasswordRetype: 'Report-pass-1' })
  ).AutoID;
  const group = (await create('securitygroups', { ID: 'BEPERKT', Descr: 'Beperkt' })).AutoID;
  await create('usergroups', { User: user, SecurityGroup: group });
  for (const RightCode of ['13.1', '13.2', '13.10'])
    await create('securitygrants', { SecurityGroup: group, RightCode, Action: 'read' });
  await create('rowlimits', {
    SecurityGroup: group,
    TableName: 'invoicelines',
    FieldName: 'Reference',
    Kind: 'userfield',
    UserField: 'Username',
  });
  await create('fieldlimits', { SecurityGroup: group, TableName: 'invoices', FieldName: 'Reference', Visibility: '0' });
  await create('fieldlimits', { SecurityGroup: group, TableName: 'invoicelines', FieldName: 'Price', Visibility: '0' });
  // Contracts for the dashboard's charts: the limited user sees only the one whose reference is theirs.
  const contracts: [string, number, string][] = [
    ['beperkt', 100, '2026-01-15'],
    ['ander', 250, '2026-01-20'],
    ['ander', 50, '2026-03-02'],
  ];
  for (const [CustomerReference, ContractPrice, StartDate] of contracts)
    await create('contracts', { Relation: ids.customer, CustomerReference, StartDate, ContractPrice });
  for (const RightCode of ['18.1', '18.3'])
    await create('securitygrants', { SecurityGroup: group, RightCode, Action: 'read' });
  await create('rowlimits', {
    SecurityGroup: group,
    TableName: 'contracts',
    FieldName: 'CustomerReference',
    Kind: 'userfield',
    UserField: 'Username',
  });
  limited = await signIn(server.app, 'beperkt', 'Report-pass-1');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('the reports a table offers', () => {
  it('lists the invoice report for invoices, in every language, as PDF and XLS', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/mvc/reports/List?table=invoices',
      headers: { cookie: await adminCookie() },
    });
    expect(res.statusCode).toBe(200);
    const reports = JSON.parse(res.body).Reports;
    expect(reports).toContainEqual(
      expect.objectContaining({ Name: 'invoice', Title: 'Factuur', DocumentKind: 'invoice', Formats: ['PDF', 'XLS'] }),
    );
    expect(reports[0].Languages).toEqual(expect.arrayContaining(['nl', 'en']));
  });
});

describe('an invoice as PDF', () => {
  it('prints in Dutch: sender, customer, lines, totals and page numbers, numbers as the Dutch write them', async () => {
    const res = await file('/mvc/reports/Render', {
      Table: 'invoices',
      Report: 'invoice',
      AutoID: ids.invoice,
      Language: 'nl',
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.type).toBe('application/pdf');
    const [page] = await pdfPages(res.body);
    for (const text of ['Factuur', 'Verhuur Noord BV', 'Havenstraat 12', '9711 AB Groningen', 'Bouwbedrijf De Vries'])
      expect(page).toContain(text);
    expect(page).toContain('PROJ-77');
    expect(page).toContain('Bouwhek huur');
    expect(page).toContain('1.250,00');
    expect(page).toContain('3.775,00'); // 3 × 1,250 + 2 × 12.50
    expect(page).toContain('30-11-2026');
    expect(page).toContain('Pagina 1 van 1');
  });

  it('prints in English with English labels and English number formats', async () => {
    const res = await file('/mvc/reports/Render', {
      Table: 'invoices',
      Report: 'invoice',
      AutoID: ids.invoice,
      Language: 'en',
    });
    expect(res.status).toBe(200);
    const [page] = await pdfPages(res.body);
    expect(page).toContain('Invoice');
    expect(page).toContain('1,250.00');
    expect(page).toContain('3,775.00');
    expect(page).toContain('30/11/2026');
    expect(page).toContain('Page 1 of 1');
    expect(page).toContain('Please pay the amount before the due date');
    expect(page).not.toContain('Pagina');
  });

  it('holds neither a field hidden from a limited user nor a line outside their row limits', async () => {
    const res = await file(
      '/mvc/reports/Render',
      { Table: 'invoices', Report: 'invoice', AutoID: ids.invoice, Language: 'nl' },
      limited,
    );
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const [page] = await pdfPages(res.body);
    expect(page).toContain('Bouwhek huur');
    expect(page).not.toContain('Geheime korting');
    expect(page).not.toContain('PROJ-77');
    expect(page).not.toContain('1.250,00');
    // A table they may not read (administrations) is left out of the document too.
    expect(page).not.toContain('Verhuur Noord BV');
  });

  it('is refused for a table the user may not read', async () => {
    const res = await file(
      '/mvc/reports/Render',
      { Table: 'orders', Report: 'orderconfirmation', AutoID: ids.order },
      limited,
    );
    expect(res.status).toBe(403);
  });
});

describe('the other shipped reports', () => {
  it.each([
    ['orders', 'orderconfirmation', 'order', 'Orderbevestiging', 'Order confirmation'],
    ['workingtickets', 'workingticket', 'ticket', 'Werkbon', 'Work order'],
    ['packlists', 'packingslip', 'packlist', 'Pakbon', 'Packing slip'],
  ])('%s: %s prints in Dutch and in English', async (Table, Report, key, nl, en) => {
    for (const [Language, title] of [
      ['nl', nl],
      ['en', en],
    ]) {
      const res = await file('/mvc/reports/Render', { Table, Report, AutoID: ids[key], Language });
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      expect((await pdfPages(res.body))[0]).toContain(title);
    }
  });
});

describe('an invoice as spreadsheet', () => {
  it('holds the same texts and values, read back with exceljs', async () => {
    const res = await file('/mvc/reports/Render', {
      Table: 'invoices',
      Report: 'invoice',
      AutoID: ids.invoice,
      Language: 'en',
      Format: 'XLS',
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(res.body).buffer);
    const cells: string[] = [];
    book.worksheets[0].eachRow((row) => row.eachCell((c) => cells.push(String(c.value))));
    expect(cells).toEqual(expect.arrayContaining(['Invoice', 'Bouwhek huur', '3,775.00', 'Verhuur Noord BV']));
  });
});

describe('a grid selection', () => {
  it('comes as a zip of one PDF per record', async () => {
    const res = await file('/mvc/reports/RenderSelection', {
      Table: 'invoices',
      Report: 'invoice',
      AutoIDs: [ids.invoice, ids.other],
      As: 'zip',
    });
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/zip');
    const entries = unzip(res.body);
    expect([...entries.keys()]).toEqual([`Factuur ${ids.invoice}.pdf`, `Factuur ${ids.other}.pdf`]);
    const other = entries.get(`Factuur ${ids.other}.pdf`);
    expect(other).toBeDefined();
    expect((await pdfPages(other ?? Buffer.alloc(0)))[0]).toContain('31-12-2026');
  });

  it('comes as one PDF, a page per record, and in the background with progress for a large selection', async () => {
    const one = await file('/mvc/reports/RenderSelection', {
      Table: 'invoices',
      Report: 'invoice',
      AutoIDs: [ids.invoice, ids.other],
    });
    expect(await pdfPages(one.body)).toHaveLength(2);
    const asked = await admin('/mvc/reports/RequestSelection', {
      Table: 'invoices',
      Report: 'invoice',
      AutoIDs: [ids.invoice, ids.other],
      As: 'zip',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const done = await until(
      async () => {
        const r = (await admin('/mvc/downloadrequests/GetItem', { autoid: asked.body.AutoID })).body;
        return r.State === 'finished' || r.State === 'error' ? r : false;
      },
      60_000,
      'the selection job',
    );
    expect(done.State, JSON.stringify(done)).toBe('finished');
    const res = await server.app.inject({
      method: 'GET',
      url: `/mvc/downloadrequests/download?autoid=${asked.body.AutoID}`,
      headers: { cookie: await adminCookie() },
    });
    expect(res.statusCode).toBe(200);
    expect(unzip(res.rawPayload).size).toBe(2);
  });

  it('refuses more than 2,000 records', async () => {
    const AutoIDs = Array.from({ length: 2001 }, (_, i) => i + 1);
    const res = await admin('/mvc/reports/RequestSelection', { Table: 'invoices', Report: 'invoice', AutoIDs });
    expect(res.status).toBe(400);
  });
});

describe('importing a report definition file', () => {
  it('refuses a file naming a field that is not there: the path and rule said, nothing written', async () => {
    const bad = {
      name: 'eigenfactuur',
      table: 'invoices',
      documentKind: 'invoice',
      title: 'Eigen factuur',
      blocks: [{ kind: 'fields', fields: [{ field: 'Bestaatniet' }] }],
    };
    const res = await admin('/mvc/reports/Import', { Report: bad });
    expect(res.status).toBe(400);
    expect(res.body.Code).toBe('REPORT_IMPORT_FAILED');
    expect(res.body.Error).toContain('Rapport importeren mislukt');
    expect(res.body.Error).toContain('site:report/eigenfactuur');
    expect(res.body.Error).toContain('/blocks/0/fields/0/field');
    const shape = await admin('/mvc/reports/Import', { Report: { ...bad, blocks: [{ kind: 'table' }] } });
    expect(shape.status).toBe(400);
    expect(shape.body.Error).toContain('/blocks/0');
    const list = await server.app.inject({
      method: 'GET',
      url: '/mvc/reports/List?table=invoices',
      headers: { cookie: await adminCookie() },
    });
    expect(list.body).not.toContain('eigenfactuur');
  });

  it('takes a valid file into the site layer, where it is printed at once; a user without the right may not', async () => {
    const good = {
      name: 'eigenfactuur',
      table: 'invoices',
      documentKind: 'invoice',
      title: 'Eigen factuur',
      languages: ['nl', 'en'],
      blocks: [
        { kind: 'heading', text: 'Eigen factuur' },
        { kind: 'fields', fields: [{ field: 'Descr' }] },
      ],
    };
    expect((await admin('/mvc/reports/Import', { Report: good })).status).toBe(200);
    const res = await file('/mvc/reports/Render', { Table: 'invoices', Report: 'eigenfactuur', AutoID: ids.invoice });
    expect((await pdfPages(res.body))[0]).toContain('Huur november');
    const refused = await file('/mvc/reports/Import', { Report: good }, limited);
    expect(refused.status).toBe(403);
    // Offered in Dutch and English only.
    const german = await file('/mvc/reports/Render', {
      Table: 'invoices',
      Report: 'eigenfactuur',
      AutoID: ids.invoice,
      Language: 'de',
    });
    expect(german.status).toBe(400);
  });
});

describe('charts of a dashboard', () => {
  interface Chart {
    Name: string;
    Kind: string;
    Points: { Label: string; Value: number }[];
  }
  const chartsOf = async (cookie: string): Promise<Map<string, Chart>> => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/mvc/contracts/GetDashboard',
      payload: { Tab: 'contracts' },
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const charts: Chart[] = JSON.parse(res.body).Charts;
    return new Map(charts.map((c) => [c.Name, c]));
  };
  const total = (chart: Chart | undefined) => (chart?.Points ?? []).reduce((s, p) => s + p.Value, 0);

  it('adds up on the server what each user may see: the administrator every contract, a limited user theirs', async () => {
    const all = await chartsOf(await adminCookie());
    expect(all.get('perstatus')?.Kind).toBe('donut');
    expect(total(all.get('perstatus'))).toBe(3);
    expect(total(all.get('pricepertype'))).toBe(400);
    expect(all.get('starts')?.Points).toEqual([
      { Label: '2026-01-01', Value: 2 },
      { Label: '2026-03-01', Value: 1 },
    ]);
    const own = await chartsOf(limited);
    expect(total(own.get('perstatus'))).toBe(1);
    expect(total(own.get('pricepertype'))).toBe(100);
    expect(own.get('starts')?.Points).toEqual([{ Label: '2026-01-01', Value: 1 }]);
  });
});

/** A scheduled report's outbox message, as the outbox keeps it. */
interface Mail {
  payload: { to: string[]; attachments: { fileId: string }[] };
}
const query = <R extends pg.QueryResultRow>(sql: string, values: unknown[] = []) =>
  server.engine.pool.query<R>(sql, values);
async function made(table: string, record: Record<string, unknown>): Promise<number> {
  const res = await post(server.app, `/mvc/${table}/save`, record);
  if (res.status !== 200) throw new Error(`${table}: ${res.status} ${JSON.stringify(res.body)}`);
  return Number(res.body.AutoID);
}

describe('scheduled reports', () => {
  it('prints the report over the rows its user sees and e-mails the PDF through the outbox', async () => {
    const [admin] = (await query<{ autoid: string }>(`SELECT autoid FROM users WHERE username = 'admin'`)).rows;
    const id = await made('scheduledreports', {
      ID: 'facturen-week',
      Cron: '0 7 * * 1',
      Report: 'invoice',
      RunAs: Number(admin.autoid),
      Language: 'en',
      EmailTo: 'boekhouding@example.com',
    });
    const run = await post(server.app, '/mvc/scheduledreports/RunAction', { Action: 'runNow', autoids: [id] });
    expect(run.body.Succeeded).toBe(1);
    const task = await until(
      async () => {
        const t = (await post(server.app, '/mvc/scheduledreports/GetItem', { autoid: id })).body;
        return (t.LastState === '2' || t.LastState === '4') && t;
      },
      30_000,
      'the scheduled report',
    );
    expect(task.LastMessage).toMatch(/^\d+ documenten$/);
    expect(task.LastState).toBe('2');
    const invoices = Number((await query<{ n: string }>(`SELECT count(*) AS n FROM invoices`)).rows[0].n);
    expect(task.LastRows).toBe(invoices);
    const [mail] = (
      await query<Mail>(`SELECT payload::jsonb AS payload FROM outboxmessages WHERE sourcetable = 'scheduledreports'`)
    ).rows;
    expect(mail.payload.to).toEqual(['boekhouding@example.com']);
    const file = (
      await query<{ type: string; name: string }>(
        `SELECT media_type AS type, file_name AS name FROM core_file WHERE id::text = $1`,
        [mail.payload.attachments[0].fileId],
      )
    ).rows[0];
    expect(file).toMatchObject({ type: 'application/pdf', name: expect.stringMatching(/^Invoice .*\.pdf$/) });
  });
});
