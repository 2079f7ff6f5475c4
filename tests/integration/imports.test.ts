// Spreadsheet import over real HTTP, as the runtime and a user's spreadsheet do it: templates
// from the definitions, every notation, rows checked as a save checks them and explained one by
// one in the output file, overwrite by AutoID, dry runs that write nothing, cancelling, and the
// export in ImportLayout that comes back in unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { finished, outputRows, readRows, sheetFile, startImport } from '../support/import-files.ts';

let server: TestServer;
let base: string;
let admin: string;

const count = async (where = "id LIKE 'IMP%'") =>
  Number((await server.engine.pool.query(`SELECT count(*) FROM products WHERE ${where}`)).rows[0].count);

beforeAll(async () => {
  server = await startTestServer();
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await signIn(server.app);
  // The countries the rows name by code (the test pack seeds NL; BE is added).
  await post(server.app, '/mvc/countries/save', { ID: 'BE', Descr: 'België' });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('import of products', () => {
  it('writes the good rows, explains the bad one, and counts them', async () => {
    const file = await sheetFile([
      ['Artikelnummer', 'Naam', 'Prijs', 'Actief', 'Land', 'Introductie'],
      ['IMP001', 'Boormachine', '1.234,50', 'Yes', 'NL', '1-2-2026'],
      ['IMP002', 'Zaag', 12.5, 'No', 'BE', new Date(Date.UTC(2026, 1, 3))],
      ['IMP003', 'Hamer', 'veel', 'Yes', 'XX', '31-2-2026'],
    ]);
    const started = await startImport(base, admin, { Destination: 'products', file });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const task = await finished(base, admin, started.body.AutoID);
    expect(task).toMatchObject({
      ProcessState: 2,
      ProcessResult: 2,
      TotalRecords: 3,
      ProcessedRecords: 2,
      FailedRecords: 1,
    });
    expect(await count()).toBe(2);
    const out = await outputRows(base, admin, task.AutoID);
    expect(out[0].slice(-2)).toEqual(['Resultaat', 'Melding']);
    expect(out[3].slice(-2)[0]).toBe('CreateFailed');
    expect(String(out[3].slice(-1)[0])).toMatch(/XX/);
  });
});

describe('a file written by another program', () => {
  it("reads openpyxl's file: shared strings, dates, booleans; a formula without a saved value fails its row only; merged cells and an empty row do not stop it", async () => {
    const { readFile } = await import('node:fs/promises');
    const file = await readFile(new URL('../fixtures/import/openpyxl-products.xlsx', import.meta.url));
    const started = await startImport(base, admin, {
      Destination: 'products',
      file,
      fileName: 'openpyxl-products.xlsx',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const task = await finished(base, admin, started.body.AutoID);
    expect(task).toMatchObject({ TotalRecords: 5, ProcessedRecords: 4, FailedRecords: 1 });
    const rows = (
      await server.engine.pool.query(
        "SELECT id, descr, price::text, active, introduced::text, country FROM products WHERE id LIKE 'OPX%' ORDER BY id",
      )
    ).rows;
    expect(rows.map((r) => [r.id, r.descr, r.price, r.active, r.introduced])).toEqual([
      ['OPX001', 'Ladder', '149.95', true, '2026-03-01'],
      ['OPX002', 'Steiger', '2499.00', false, '2026-04-15'],
      ['OPX004', 'Betonmixer', '650.00', true, '2026-06-03'],
      // The lower cell of a merged pair is empty.
      ['OPX005', null, '1200.00', true, '2026-07-04'],
    ]);
    const nl = (await server.engine.pool.query("SELECT autoid FROM countries WHERE id = 'NL'")).rows[0].autoid;
    expect(rows[0].country).toBe(nl);
    const out = await outputRows(base, admin, task.AutoID);
    const failed = out.find((r) => r && r[0] === 'OPX003')!;
    expect(failed.slice(-2)).toEqual(['CreateFailed', expect.stringMatching(/formule/)]);
  });
});

describe('dry runs, overwrite, progress, cancelling and templates', () => {
  const HEADER = ['AutoID', 'Artikelnummer', 'Naam', 'Voorraad'];

  it('a dry run checks every row as a real one, duplicates in the table included, and writes nothing', async () => {
    // Countries have a unique code: NL exists, so only the database can refuse that row.
    const countries = async () =>
      Number((await server.engine.pool.query('SELECT count(*) FROM countries')).rows[0].count);
    const before = await countries();
    const file = await sheetFile([
      ['ID', 'Descr'],
      ['DR1', 'Proefland'],
      ['NL', 'Bestaat al'],
      ['DR2', 'x'.repeat(300)],
    ]);
    const task = await finished(
      base,
      admin,
      (await startImport(base, admin, { Destination: 'countries', file, DryRun: true })).body.AutoID,
    );
    expect(task).toMatchObject({ DryRun: true, ProcessedRecords: 1, FailedRecords: 2, ProcessResult: 2 });
    expect(task.ErrorMessage).toMatch(/Proefimport/);
    expect(await countries()).toBe(before);
    const out = await outputRows(base, admin, task.AutoID);
    // Under the header, the dry run's note; then the rows.
    expect(out.slice(2).map((r) => r[2])).toEqual(['CreateSuccess', 'CreateFailed', 'CreateFailed']);
    expect(String(out[3][3])).toMatch(/bestaat al/);
  });

  it('overwrite updates the records named by AutoID; without it they are skipped; an unknown one fails', async () => {
    const id = Number(
      (await server.engine.pool.query("SELECT autoid FROM products WHERE id = 'IMP001'")).rows[0].autoid,
    );
    const skip = await finished(
      base,
      admin,
      (
        await startImport(base, admin, {
          Destination: 'products',
          file: await sheetFile([HEADER, [id, 'IMP001', 'Nieuw', 5]]),
        })
      ).body.AutoID,
    );
    expect(skip).toMatchObject({ SkippedRecords: 1, ProcessedRecords: 0, ProcessResult: 2 });
    const file = await sheetFile([HEADER, [id, 'IMP001', 'Boormachine XL', 5], [999999, 'IMP999', 'Geen', 1]]);
    const task = await finished(
      base,
      admin,
      (await startImport(base, admin, { Destination: 'products', file, Overwrite: true })).body.AutoID,
    );
    expect(task).toMatchObject({ ProcessedRecords: 1, FailedRecords: 1 });
    const row = (await server.engine.pool.query('SELECT descr, stock FROM products WHERE autoid = $1', [id])).rows[0];
    expect(row).toEqual({ descr: 'Boormachine XL', stock: 5 });
    const out = await outputRows(base, admin, task.AutoID);
    expect(out.slice(1).map((r) => r[HEADER.length])).toEqual(['OverwriteSuccess', 'OverwriteFailed']);
  });

  it('streams the progress of an import to its end', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => [null, `PRG${i}`, 'Voortgang', i]);
    const started = await startImport(base, admin, {
      Destination: 'products',
      file: await sheetFile([HEADER, ...rows]),
    });
    const res = await fetch(`${base}/mvc/importprogresseventstream/message?importtaskid=${started.body.AutoID}`, {
      headers: { cookie: admin },
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const messages = (await res.text())
      .split('\n\n')
      .filter((m) => m.startsWith('data: '))
      .map((m) => JSON.parse(m.slice(6)));
    expect(messages.at(-1)).toEqual({ CurrentRow: 2500, TotalRows: 2500, Finished: true });
    expect(messages.filter((m) => m.Finished)).toHaveLength(1);
  });

  it('cancels a pending import before it writes a row', async () => {
    // The import's job cannot get past its first heartbeat while the heartbeats are locked. The
    // cancel comes once the job waits there: it has read the task as pending, and the task still is.
    const hold = await server.engine.pool.connect();
    let id: number;
    try {
      await hold.query('BEGIN');
      await hold.query('LOCK TABLE core_import_heartbeat IN EXCLUSIVE MODE');
      const file = await sheetFile([HEADER, [null, 'CAN001', 'Geannuleerd', 1]]);
      const started = await startImport(base, admin, { Destination: 'products', file });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      id = started.body.AutoID;
      const waiting = async () =>
        Number(
          (
            await server.engine.pool.query(
              "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO core_import_heartbeat%'",
            )
          ).rows[0].count,
        );
      for (const end = Date.now() + 30_000; (await waiting()) === 0; await new Promise((r) => setTimeout(r, 50))) {
        if (Date.now() > end) throw new Error("the import's job did not start");
      }
      const cancel = await fetch(`${base}/mvc/import/Cancel?autoid=${id}`, {
        method: 'POST',
        headers: { cookie: admin, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(cancel.status).toBe(200);
      expect(await cancel.json()).toMatchObject({ ProcessState: 3, ProcessResult: 3 });
    } finally {
      await hold.query('COMMIT');
      hold.release();
    }
    // The job goes on once the lock is gone: it must find the task cancelled and write nothing.
    const job = async () =>
      (
        await server.engine.pool.query("SELECT state FROM pgboss.job WHERE name = 'import' AND data->>'taskId' = $1", [
          String(id),
        ])
      ).rows[0]?.state;
    for (const end = Date.now() + 30_000; (await job()) !== 'completed'; await new Promise((r) => setTimeout(r, 100))) {
      if (Date.now() > end) throw new Error(`the import's job did not complete: ${await job()}`);
    }
    expect(await finished(base, admin, id)).toMatchObject({ ProcessState: 3, ProcessResult: 3, ProcessedRecords: 0 });
    expect(await count("id = 'CAN001'")).toBe(0);
  });

  it('generates the template: AutoID and a column per importable field, a notes row, validations', async () => {
    const res = await fetch(`${base}/mvc/import/GenerateTemplate`, {
      method: 'POST',
      headers: { cookie: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ Destination: 'products' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('products_import_template.xlsx');
    const bytes = Buffer.from(await res.arrayBuffer());
    const rows = await readRows(bytes);
    expect(rows[0].slice(0, 3)).toEqual(['AutoID', 'Artikelnummer', 'Naam']);
    expect(rows[1].every((c) => c === null || (typeof c === 'string' && c.startsWith('[') && c.endsWith(']')))).toBe(
      true,
    );
    expect(rows[1][1]).toMatch(/verplicht/);
    // Every note says something: a long text has no maximum to name, and nothing reads "undefined".
    expect(rows[1].filter((c) => String(c).includes('undefined'))).toEqual([]);
    expect(rows[1][rows[0].indexOf('Notities')]).toBe('[tekst]');
    // The template, filled in, comes back in.
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const row = book.worksheets[0].getRow(3);
    row.getCell(2).value = 'TPL001';
    row.getCell(3).value = 'Uit het sjabloon';
    const filled = Buffer.from(await book.xlsx.writeBuffer());
    const task = await finished(
      base,
      admin,
      (await startImport(base, admin, { Destination: 'products', file: filled })).body.AutoID,
    );
    expect(task).toMatchObject({ TotalRecords: 1, ProcessedRecords: 1, ProcessResult: 1 });
  });

  it('lists the destinations by label', async () => {
    const answer = await post(server.app, '/mvc/import/GetDestinations', { filter: 'artikel' });
    expect(answer.body.Data).toEqual([
      { ID: 'products', Descr: 'Artikelen' },
      { ID: 'productgroups', Descr: 'Artikelgroepen' },
    ]);
    // In the user's language, found by the label there as by the Dutch one.
    const english = async (filter: string) =>
      (
        await server.app.inject({
          method: 'POST',
          url: '/mvc/import/GetDestinations',
          payload: { filter },
          headers: { cookie: `${await signIn(server.app)}; Culture=en` },
        })
      ).json().Data;
    expect(await english('products')).toEqual([{ ID: 'products', Descr: 'Products' }]);
    expect(await english('artikelen')).toEqual([{ ID: 'products', Descr: 'Products' }]);
  });
});

describe("import tasks are the server's to write", () => {
  it('takes no new task through the generic save, and its screen offers no Add', async () => {
    expect((await post(server.app, '/mvc/importtasks/save', { Descr: 'Zelf gemaakt' })).status).toBe(403);
    const screens = (
      await server.app.inject({ method: 'GET', url: '/mvc/definitions/screens', headers: { cookie: admin } })
    ).json().Screens as { name: string; addable: boolean }[];
    expect(screens.find((s) => s.name === 'importtasks')?.addable).toBe(false);
    expect(screens.find((s) => s.name === 'products')?.addable ?? true).toBe(true);
  });
});
