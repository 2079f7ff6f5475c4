// Spreadsheet import over real HTTP, as the runtime and a user's spreadsheet do it: templates
// from the definitions, every notation, rows checked as a save checks them and explained one by
// one in the output file, overwrite by AutoID, dry runs that write nothing, cancelling, and the
// export in ImportLayout that comes back in unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { finished, outputRows, sheetFile, startImport } from '../support/import-files.ts';

let server: TestServer;
let base: string;
let admin: string;
const ids: Record<string, number> = {};

const count = async (where = "id LIKE 'IMP%'") => Number((await server.engine.pool.query(`SELECT count(*) FROM products WHERE ${where}`)).rows[0].count);

beforeAll(async () => {
  server = await startTestServer();
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await signIn(server.app);
  for (const [code, descr] of [['NL', 'Nederland'], ['BE', 'België']]) {
    const r = await post(server.app, '/mvc/countries/save', { ID: code, Descr: descr });
    ids[code] = r.body.AutoID;
  }
}, 60_000);
afterAll(async () => { await server?.close(); });

describe('import of products', () => {
  it('writes the good rows, explains the bad one, and counts them', async () => {
    const file = await sheetFile([
      ['Artikelnummer', 'Omschrijving', 'Prijs', 'Actief', 'Land', 'Introductie'],
      ['IMP001', 'Boormachine', '1.234,50', 'Yes', 'NL', '1-2-2026'],
      ['IMP002', 'Zaag', 12.5, 'No', 'BE', new Date(Date.UTC(2026, 1, 3))],
      ['IMP003', 'Hamer', 'veel', 'Yes', 'XX', '31-2-2026'],
    ]);
    const started = await startImport(base, admin, { Destination: 'products', file });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const task = await finished(base, admin, started.body.AutoID);
    expect(task).toMatchObject({ ProcessState: 2, ProcessResult: 2, TotalRecords: 3, ProcessedRecords: 2, FailedRecords: 1 });
    expect(await count()).toBe(2);
    const out = await outputRows(base, admin, task.AutoID);
    expect(out[0].slice(-2)).toEqual(['Resultaat', 'Melding']);
    expect(out[3].slice(-2)[0]).toBe('CreateFailed');
    expect(String(out[3].slice(-1)[0])).toMatch(/XX/);
  });
});
