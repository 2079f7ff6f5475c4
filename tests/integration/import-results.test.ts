// The results of an import as its task answers them: the counts, and every failed row with its
// row number, the values that identify it and every problem, each said in the language of the
// one who reads it (the Culture cookie), the field by its translated label. Only one who may
// read the task reads its rows; the output file says the same in the language of who started it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { finished, outputRows, sheetFile, startImport } from '../support/import-files.ts';

let server: TestServer;
let base: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await signIn(server.app);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** A failed row of an import task: its key fields and the problems found in it. */
interface FailedRow {
  Row: number;
  Result_Enum: string;
  Key: { Field: string; Label: string; Value: unknown }[];
  Problems: { Field: string; Message: string }[];
}

/** An import task as GetItem answers it, with a page of its failed rows. */
interface TaskAnswer {
  Results: { FailedRows: FailedRow[]; [count: string]: unknown };
  [field: string]: unknown;
}

/** GetItem as a reader in a language reads it. */
async function readTask(cookie: string, id: number, culture: string, body: Record<string, unknown> = {}) {
  const res = await fetch(`${base}/mvc/import/GetItem?autoid=${id}`, {
    method: 'POST',
    headers: { cookie: `${cookie}; Culture=${culture}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer: TaskAnswer = await res.json();
  return { status: res.status, body: answer };
}

const FILE = [
  ['Artikelnummer', 'Naam', 'Prijs', 'Voorraad'],
  ['RES001', 'Goed', '12,50', 3],
  // Two problems: a price that is no number, a stock that is no whole number.
  ['RES002', 'Twee fouten', 'veel', 2.5],
  // One problem.
  ['RES003', 'Een fout', '1,00', 7.5],
];

describe('the failed rows of an import task', () => {
  let id: number;

  beforeAll(async () => {
    const started = await startImport(base, admin, { Destination: 'products', file: await sheetFile(FILE) });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    id = (await finished(base, admin, started.body.AutoID)).AutoID;
  });

  it('answers both rows with all three problems, in English for Culture en', async () => {
    const { status, body } = await readTask(admin, id, 'en');
    expect(status).toBe(200);
    expect(body).toMatchObject({ ProcessedRecords: 1, FailedRecords: 2, SkippedRecords: 0 });
    expect(body.Results).toMatchObject({ Created: 1, Updated: 0, FailedRowsKept: 2, FailedRowsLimit: 1000 });
    const rows = body.Results.FailedRows;
    expect(rows.map((r) => [r.Row, r.Result_Enum])).toEqual([
      [3, 'CreateFailed'],
      [4, 'CreateFailed'],
    ]);
    // The row is known by the values that identify it, named by their labels.
    expect(rows[0].Key).toContainEqual({ Field: 'ID', Label: 'Item number', Value: 'RES002' });
    expect(rows[0].Problems).toEqual([
      {
        Field: 'Price',
        Label: 'Price',
        Key: 'import.number',
        Message: 'Price: this is not a number in the chosen format (such as 1.234,5).',
      },
      { Field: 'Stock', Label: 'Stock', Key: 'import.whole_number', Message: 'Stock: expected a whole number.' },
    ]);
    expect(rows[1].Problems).toEqual([
      { Field: 'Stock', Label: 'Stock', Key: 'import.whole_number', Message: 'Stock: expected a whole number.' },
    ]);
  });

  it('answers the same problems in Dutch for Culture nl', async () => {
    const { body } = await readTask(admin, id, 'nl');
    const rows = body.Results.FailedRows;
    expect(rows[0].Key).toContainEqual({ Field: 'ID', Label: 'Artikelnummer', Value: 'RES002' });
    expect(rows.flatMap((r) => r.Problems.map((p) => p.Message))).toEqual([
      'Prijs: dit is geen getal in de gekozen notatie (zoals 1.234,5).',
      'Voorraad: verwacht een geheel getal.',
      'Voorraad: verwacht een geheel getal.',
    ]);
  });

  it('pages the failed rows within a maximum page size', async () => {
    const page = await readTask(admin, id, 'nl', { pageIndex: 2, pageSize: 1 });
    expect(page.status).toBe(200);
    expect(page.body.Results).toMatchObject({ PageIndex: 2, PageSize: 1, FailedRowsKept: 2 });
    expect(page.body.Results.FailedRows.map((r) => r.Row)).toEqual([4]);
    expect((await readTask(admin, id, 'nl', { pageSize: 100_000 })).status).toBe(400);
  });

  it('says the problems in the output file in the language of who started the import', async () => {
    const started = await fetch(`${base}/mvc/import/StartImport`, {
      method: 'POST',
      headers: { cookie: `${admin}; Culture=en` },
      body: await (async () => {
        const form = new FormData();
        form.append('Destination', 'products');
        form.append('DecimalFormat', 'Comma');
        form.append(
          'File',
          new Blob([new Uint8Array(await sheetFile(FILE.map((r, i) => (i ? [`EN${r[0]}`, ...r.slice(1)] : r))))]),
          'results.xlsx',
        );
        return form;
      })(),
    });
    expect(started.status).toBe(200);
    const { AutoID }: { AutoID: number } = await started.json();
    const task = await finished(base, admin, AutoID);
    expect(task.OutputFilename).toBe('results_result.xlsx');
    const out = await outputRows(base, admin, task.AutoID);
    expect(out[0].slice(-2)).toEqual(['Result', 'Message']);
    expect(out[2].slice(-1)[0]).toBe(
      'Price: this is not a number in the chosen format (such as 1.234,5). Stock: expected a whole number.',
    );
  });

  it("forgets a deleted task's rows when the next import ends", async () => {
    const file = await sheetFile([FILE[0], ['DEL001', 'Weg', 'veel', 1]]);
    const gone = (
      await finished(base, admin, (await startImport(base, admin, { Destination: 'products', file })).body.AutoID)
    ).AutoID;
    const kept = async (task: number) =>
      Number(
        (
          await server.engine.pool.query('SELECT count(*)::int AS n FROM core_import_failure WHERE task_id = $1', [
            task,
          ])
        ).rows[0].n,
      );
    expect(await kept(gone)).toBe(1);
    const deleted = await post(server.app, '/mvc/importtasks/delete', { autoid: gone });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await finished(
      base,
      admin,
      (
        await startImport(base, admin, {
          Destination: 'products',
          file: await sheetFile([FILE[0], ['DEL002', 'Ok', '1,00', 1]]),
        })
      ).body.AutoID,
    );
    expect(await kept(gone)).toBe(0);
    // The tasks that are still there keep theirs.
    expect(await kept(id)).toBe(2);
  });

  it("says the task's own message in the reader's language: an ignored column, a dry run", async () => {
    const file = await sheetFile([
      [...FILE[0], 'Onbekend'],
      ['DRY001', 'Proef', '1,00', 1, 'x'],
    ]);
    const dry = (
      await finished(
        base,
        admin,
        (await startImport(base, admin, { Destination: 'products', file, DryRun: true })).body.AutoID,
      )
    ).AutoID;
    expect((await readTask(admin, dry, 'en')).body.ErrorMessage).toBe(
      'These columns were not imported (unknown or not changeable): Onbekend. Test import: nothing has been saved.',
    );
    expect((await readTask(admin, dry, 'nl')).body.ErrorMessage).toBe(
      'Deze kolommen zijn niet geïmporteerd (onbekend of niet te wijzigen): Onbekend. Proefimport: er is niets opgeslagen.',
    );
    // The grid of import tasks reads the column, in Dutch.
    const stored = await server.engine.pool.query('SELECT errormessage FROM importtasks WHERE autoid = $1', [dry]);
    expect(stored.rows[0].errormessage).toMatch(/^Deze kolommen/);
  });

  it('is not read by another user', async () => {
    const saved = await post(server.app, '/mvc/users/save', {
      Username: 'lezer',
      Password: 'Lezer-wachtwoord-1',
      PasswordRetype: 'Lezer-wachtwoord-1',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const other = await signIn(server.app, 'lezer', 'Lezer-wachtwoord-1');
    const { status, body } = await readTask(other, id, 'en');
    expect([403, 404]).toContain(status);
    expect(JSON.stringify(body)).not.toMatch(/RES002|Stock/);
  });
});

describe('the failed rows a reader with field limits reads', () => {
  let group: number;
  let importer: string;
  let id: number;

  beforeAll(async () => {
    const user = (
      await post(server.app, '/mvc/users/save', {
        Username: 'imp',
        Password: 'Imp-pass-1',
        PasswordRetype: 'Imp-pass-1',
      })
    ).body.AutoID;
    group = (await post(server.app, '/mvc/securitygroups/save', { ID: 'importeurs', Descr: 'Importeurs' })).body.AutoID;
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
    importer = await signIn(server.app, 'imp', 'Imp-pass-1');
    const file = await sheetFile([
      ['Artikelnummer', 'Naam', 'Prijs', 'Voorraad'],
      ['HID001', 'Verborgen naam', 'veel', 2.5],
    ]);
    const started = await startImport(base, importer, { Destination: 'products', file });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    id = (await finished(base, importer, started.body.AutoID)).AutoID;
  });

  it('are told without the values and problems of fields hidden from the reader since', async () => {
    const before = (await readTask(importer, id, 'nl')).body.Results.FailedRows[0];
    expect(before.Key.map((k) => k.Field)).toEqual(['ID', 'Descr']);
    expect(before.Problems.map((p) => p.Field)).toEqual(['Price', 'Stock']);
    for (const FieldName of ['Descr', 'Stock'])
      await post(server.app, '/mvc/fieldlimits/save', {
        SecurityGroup: group,
        TableName: 'products',
        FieldName,
        Visibility: '0',
      });
    const { status, body } = await readTask(importer, id, 'nl');
    expect(status).toBe(200);
    const row = body.Results.FailedRows[0];
    expect(row.Key).toEqual([{ Field: 'ID', Label: 'Artikelnummer', Value: 'HID001' }]);
    expect(row.Problems.map((p) => p.Field)).toEqual(['Price']);
    expect(JSON.stringify(body.Results)).not.toMatch(/Verborgen naam|Voorraad/);
  });

  it('are not read by another user who may import: the task is theirs alone', async () => {
    const { status, body } = await readTask(admin, id, 'nl');
    // The administrator may read every task; a user of the same group may not read another's.
    expect(status).toBe(200);
    expect(body.Results.FailedRows).toHaveLength(1);
    const peer = (
      await post(server.app, '/mvc/users/save', {
        Username: 'imp2',
        Password: 'Imp2-pass-1',
        PasswordRetype: 'Imp2-pass-1',
      })
    ).body.AutoID;
    await post(server.app, '/mvc/usergroups/save', { User: peer, SecurityGroup: group });
    const other = await readTask(await signIn(server.app, 'imp2', 'Imp2-pass-1'), id, 'nl');
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toMatch(/HID001/);
  });
});
