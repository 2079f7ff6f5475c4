// A user with row and field limits imports: the limits hold on every path of an import as they
// hold on a save. A list code outside their row limit is unknown to them, a hidden field's
// column is not read, and the template and the export for import show neither.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { finished, outputRows, sheetFile, startImport } from '../support/import-files.ts';

let server: TestServer;
let base: string;
let limited: string;

beforeAll(async () => {
  server = await startTestServer();
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const user = (
    await post(server.app, '/mvc/users/save', { Username: 'lim', Password: 'Lim-pass-1', PasswordRetype: 'Lim-pass-1' })
  ).body.AutoID;
  const group = (await post(server.app, '/mvc/securitygroups/save', { ID: 'limited', Descr: 'Beperkt' })).body.AutoID;
  const grants: [string, string[]][] = [
    ['9.1', ['read']],
    ['9.2', ['read', 'create', 'update']],
    ['12.23', ['read', 'create']],
    ['12.22', ['read', 'create']],
  ];
  for (const [RightCode, actions] of grants)
    for (const Action of actions)
      await post(server.app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode, Action });
  await post(server.app, '/mvc/usergroups/save', { User: user, SecurityGroup: group });
  // The user sees the countries whose code is their user name, and no price of a product.
  await post(server.app, '/mvc/rowlimits/save', {
    SecurityGroup: group,
    TableName: 'countries',
    FieldName: 'ID',
    Kind: 'userfield',
    UserField: 'Username',
  });
  await post(server.app, '/mvc/fieldlimits/save', {
    SecurityGroup: group,
    TableName: 'products',
    FieldName: 'Price',
    Visibility: '0',
  });
  for (const ID of ['lim', 'ZZ']) await post(server.app, '/mvc/countries/save', { ID, Descr: `Land ${ID}` });
  limited = await signIn(server.app, 'lim', 'Lim-pass-1');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

it("refuses a list code outside the row limit as unknown, and does not read a hidden field's column", async () => {
  const file = await sheetFile([
    ['Artikelnummer', 'Naam', 'Land', 'Prijs'],
    ['LIM001', 'Eigen', 'lim', 10],
    ['LIM002', 'Verborgen', 'ZZ', 20],
  ]);
  const started = await startImport(base, limited, { Destination: 'products', file });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const task = await finished(base, limited, started.body.AutoID);
  expect(task).toMatchObject({ ProcessedRecords: 1, FailedRecords: 1 });
  expect(task.ErrorMessage).toMatch(/Prijs/);
  const rows = (await server.engine.pool.query("SELECT id, price FROM products WHERE id LIKE 'LIM%'")).rows;
  expect(rows).toEqual([{ id: 'LIM001', price: null }]);
  const out = await outputRows(base, limited, task.AutoID);
  // The message says the code is unknown, as if the row did not exist: nothing of it is told.
  expect(out[2].slice(-2)).toEqual(['CreateFailed', 'Land: de code ZZ bestaat niet of kan niet worden gekozen.']);
});

it('offers neither the hidden field nor codes outside the row limit in the template', async () => {
  const res = await fetch(`${base}/mvc/import/GenerateTemplate`, {
    method: 'POST',
    headers: { cookie: limited, 'content-type': 'application/json' },
    body: JSON.stringify({ Destination: 'products' }),
  });
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  const header = (book.worksheets[0].getRow(1).values as unknown[]).slice(1);
  expect(header).toContain('Land');
  expect(header).not.toContain('Prijs');
  const codes: unknown[] = [];
  book.worksheets[1].eachRow((row) => codes.push(...(row.values as unknown[]).slice(1)));
  expect(codes).toContain('lim');
  expect(codes).not.toContain('ZZ');
});

it('exports for import without the hidden field', async () => {
  const asked = await server.app.inject({
    method: 'POST',
    url: '/mvc/downloadrequests/RequestExport',
    headers: { cookie: limited },
    payload: { Table: 'products', Layout: 'ImportLayout' },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const id = asked.json().AutoID;
  for (let i = 0; i < 200; i++) {
    const state = (
      await server.app.inject({
        method: 'POST',
        url: '/mvc/downloadrequests/GetItem',
        headers: { cookie: limited },
        payload: { autoid: id },
      })
    ).json().State;
    if (state === 'finished') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const res = await fetch(`${base}/mvc/downloadrequests/download?autoid=${id}`, { headers: { cookie: limited } });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  expect((book.worksheets[0].getRow(1).values as unknown[]).slice(1)).not.toContain('Prijs');
});
