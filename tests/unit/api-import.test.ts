// The import calls as the client sends them (spec 1 section 7): JSON calls with the task's id in
// the query, the template as a file named by Content-Disposition (else import_template.xlsx), the
// files of a task by path, and the export's layout.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../runtime/api/client.ts';
import { createTransfer, fileUrls } from '../../runtime/api/transfer.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stub(answer: () => Response) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => answer());
  vi.stubGlobal('fetch', fetch);
  const sent = () =>
    fetch.mock.calls.map(([url, init]) => [
      url,
      init.method,
      init.body === undefined ? undefined : typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    ]);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('import calls', () => {
  it("go to mvc/import with the task's id in the query", async () => {
    const sent = stub(() => json({}));
    const client = createClient('/');
    await client.importDestinations();
    await client.importDestinations('rel');
    await client.importAdvancedMode();
    await client.importCode();
    await client.setImportAdvancedMode({ Code: 'K7Q2', VerificationCode: 'K7Q2' });
    await client.setImportAdvancedMode({ AdvancedMode: false });
    await client.importTask(41);
    await client.cancelImport(41);
    expect(sent()).toEqual([
      ['/mvc/import/GetDestinations', 'POST', {}],
      ['/mvc/import/GetDestinations', 'POST', { filter: 'rel' }],
      ['/mvc/import/GetAdvancedMode', 'POST', {}],
      ['/mvc/import/GetCode', 'POST', {}],
      ['/mvc/import/SetAdvancedMode', 'POST', { Code: 'K7Q2', VerificationCode: 'K7Q2' }],
      ['/mvc/import/SetAdvancedMode', 'POST', { AdvancedMode: false }],
      ['/mvc/import/GetItem?autoid=41', 'POST', {}],
      ['/mvc/import/Cancel?autoid=41', 'POST', {}],
    ]);
  });

  it("export in the layout asked, the grid's by default", async () => {
    const sent = stub(() => json({ AutoID: 3 }));
    const client = createClient('/');
    await client.requestExport('relations', { pageIndex: 2 });
    await client.requestExport('relations', {}, 'ImportLayout');
    expect(sent().map(([, , body]) => body)).toEqual([
      { Table: 'relations', Request: { pageIndex: 0 }, Layout: 'GridLayout' },
      { Table: 'relations', Request: { pageIndex: 0 }, Layout: 'ImportLayout' },
    ]);
  });

  it('fetch the template as a file, named by the server or import_template.xlsx', async () => {
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    let disposition: string | null = 'attachment; filename="relations_import_template.xlsx"';
    const sent = stub(
      () =>
        new Response(new Uint8Array([0x50, 0x4b]), {
          headers: { 'content-type': xlsx, ...(disposition ? { 'content-disposition': disposition } : {}) },
        }),
    );
    const transfer = createTransfer('/');
    expect((await transfer.importTemplate({ Destination: 'relations' })).fileName).toBe(
      'relations_import_template.xlsx',
    );
    disposition = null;
    const file = await transfer.importTemplate({ Destination: 'objects', ObjectTypeID: 5, LocationTypeID: null });
    expect(file.fileName).toBe('import_template.xlsx');
    expect(file.type).toBe(xlsx);
    expect(sent().map(([url, method, body]) => [url, method, body])).toEqual([
      ['/mvc/import/GenerateTemplate', 'POST', { Destination: 'relations' }],
      ['/mvc/import/GenerateTemplate', 'POST', { Destination: 'objects', ObjectTypeID: 5 }],
    ]);
  });

  it("show a failed template's Error", async () => {
    stub(() => json({ Error: 'In Relaties kunt u niet importeren.', ModelState: {} }, 403));
    await expect(createTransfer('/').importTemplate({ Destination: 'relations' })).rejects.toMatchObject({
      status: 403,
      message: 'In Relaties kunt u niet importeren.',
    });
  });

  it('name the input and output file of a task', () => {
    expect(fileUrls.importFile(41, false)).toBe('mvc/import/GetFile?ImportId=41&Result=false');
    expect(fileUrls.importFile(41, true)).toBe('mvc/import/GetFile?ImportId=41&Result=true');
  });
});
