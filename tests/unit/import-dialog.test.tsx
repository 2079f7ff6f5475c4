// @vitest-environment jsdom
// The import dialog as a user meets it: the page's table is the destination, Start stays disabled
// until a spreadsheet is chosen, the form goes as multipart with the file as the last part, a
// refusal shows the server's Error on the form; a started import shows its task with progress from
// the stream and, when it finished, its counts and result in red or green with the output file;
// advanced mode is turned on with the code the server shows, and a wrong code is told on the field.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportTask } from '../../runtime/api/index.ts';
import { resetDialogs } from '../../runtime/ui/dialogs/dialogs.ts';
import { DEFAULT_NOTATIONS, ImportDialog } from '../../runtime/screens/import/index.ts';

const DESTINATIONS = [
  { ID: 'costcodes', Descr: 'Kostenplaatsen' },
  { ID: 'relations', Descr: 'Relaties' },
];
const task = (ProcessState: number, extra: Partial<ImportTask> = {}): ImportTask => ({
  AutoID: 41,
  Destination: 'relations',
  ProcessState,
  ProcessState_Enum: '',
  ProcessResult: 0,
  ProcessResult_Enum: '',
  ErrorMessage: null,
  TotalRecords: 0,
  ProcessedRecords: 0,
  FailedRecords: 0,
  SkippedRecords: 0,
  CurrentRow: 0,
  ProcessDate: null,
  ProcessDuration: null,
  Filename: 'relaties.xlsx',
  OutputFilename: null,
  Overwrite: false,
  DryRun: false,
  ...DEFAULT_NOTATIONS,
  ...extra,
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (Error: string, ModelState: Record<string, string[]> = {}) => ({
  Error,
  ModelState,
  TranslationModelState: { ModelState: {} },
});

/** The server, by call: each answer a function of the request. */
function server(routes: Record<string, (init: RequestInit) => Response>) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const path = url.replace(/^\//, '').split('?')[0];
    const route = routes[path];
    if (!route) throw new Error(`unexpected call ${url}`);
    return route(init);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

class FakeEventSource {
  static last: FakeEventSource | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  close() {
    this.closed = true;
  }
  send(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent);
  }
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'nl', messages: {} });
  HTMLElement.prototype.getClientRects = function getClientRects() {
    return [{}] as unknown as DOMRectList;
  };
});
beforeEach(() => {
  resetDialogs();
  FakeEventSource.last = null;
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function open(onFinished = vi.fn()) {
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <ImportDialog table="relations" destinations={DESTINATIONS} onFinished={onFinished} onClose={vi.fn()} />
      </I18nProvider>,
    );
  });
  return screen.getByRole('dialog', { name: 'Importeren' });
}

async function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

const xlsx = (name = 'relaties.xlsx') => new File([new Uint8Array([0x50, 0x4b, 3, 4])], name);

describe('starting an import', () => {
  it("chooses the page's table, takes spreadsheets, and enables Start only after a file is chosen", async () => {
    server({ 'mvc/import/GetAdvancedMode': () => json(200, { AdvancedMode: false }) });
    const dialog = await open();
    const destination = within(dialog).getByLabelText<HTMLSelectElement>('Bestemming');
    expect(destination.value).toBe('relations');
    expect([...destination.options].map((o) => o.textContent)).toEqual(['Kostenplaatsen', 'Relaties']);
    expect(document.querySelector('input[type="file"]')!.getAttribute('accept')).toBe('.xlsx,.xls');
    const start = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Import starten' });
    expect(start.disabled).toBe(true);
    expect(within(dialog).getByText('Geen bestand gekozen')).toBeTruthy();

    await choose(new File(['a;b'], 'relaties.csv'));
    expect(within(dialog).getByRole('alert').textContent).toBe('Kies een Excel-bestand (.xlsx of .xls).');
    expect(start.disabled).toBe(true);

    await choose(xlsx());
    expect(within(dialog).getByText('relaties.xlsx')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(start.disabled).toBe(false);
    // The notations read as people write them, the Dutch way first.
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Decimale notatie').value).toBe('Comma');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Datumnotatie').selectedOptions[0].textContent).toBe(
      'D-M-JJJJ (5-3-2025)',
    );
    expect(within(dialog).getByRole('button', { name: 'Geavanceerde modus: uit' })).toBeTruthy();
  });

  it("sends the form as multipart, the file last, and shows a refusal's Error on the form", async () => {
    const fetch = server({
      'mvc/import/GetAdvancedMode': () => json(200, { AdvancedMode: false }),
      'mvc/import/StartImport': () =>
        json(400, refusal('Het bestand heeft meer dan 5000 rijen.', { File: ['Schakel de geavanceerde modus in.'] })),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const dialog = await open();
    await choose(xlsx());
    fireEvent.click(within(dialog).getByLabelText('Bestaande records overschrijven'));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Proefimport/ }));
    fireEvent.change(within(dialog).getByLabelText('Ja/nee-notatie'), { target: { value: 'OneZero' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Import starten' }));
    });

    const [, init] = fetch.mock.calls.find(([url]) => url === '/mvc/import/StartImport')!;
    expect(init.method).toBe('POST');
    const body = init.body as FormData;
    expect([...body.keys()]).toEqual([
      'Destination',
      'FileName',
      'Overwrite',
      'DryRun',
      'BooleanFormat',
      'DecimalFormat',
      'DateFormat',
      'File',
    ]);
    expect(Object.fromEntries([...body.entries()].filter(([k]) => k !== 'File'))).toEqual({
      Destination: 'relations',
      FileName: 'relaties.xlsx',
      Overwrite: 'true',
      DryRun: 'true',
      BooleanFormat: 'OneZero',
      DecimalFormat: 'Comma',
      DateFormat: 'DMYYYY_Dash',
    });
    expect((body.get('File') as File).name).toBe('relaties.xlsx');

    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toContain('Het bestand heeft meer dan 5000 rijen.');
    expect(alert.textContent).toContain('Schakel de geavanceerde modus in.');
    // The form stays as it was, to try again.
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Import starten' }).disabled).toBe(false);
  });

  it('follows the started task: running on its first progress, then its result and output file', async () => {
    const finished = task(2, {
      ProcessResult: 2,
      TotalRecords: 3,
      ProcessedRecords: 2,
      FailedRecords: 1,
      ProcessDuration: 1.25,
      ProcessDate: '2026-01-02T10:00:00Z',
      ErrorMessage: '1 rij is mislukt.',
      OutputFilename: 'relaties_resultaat.xlsx',
    });
    server({
      'mvc/import/GetAdvancedMode': () => json(200, { AdvancedMode: true }),
      'mvc/import/StartImport': () => json(200, task(0)),
      'mvc/import/GetItem': () => json(200, finished),
    });
    const onFinished = vi.fn();
    const dialog = await open(onFinished);
    await choose(xlsx());
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Import starten' }));
    });

    const card = screen.getByRole('dialog', { name: 'Importtaak' });
    const state = () => card.querySelector('[data-state]')!.textContent;
    expect(state()).toBe('Wachtend');
    expect(within(card).getByText('Relaties')).toBeTruthy();
    const stream = FakeEventSource.last!;
    expect(stream.url).toBe('/mvc/importprogresseventstream/message?importtaskid=41');

    act(() => stream.send({ CurrentRow: 1234, TotalRows: 5000, Finished: false }));
    const bar = within(card).getByRole('progressbar', { name: 'Voortgang' });
    expect(bar.getAttribute('aria-valuenow')).toBe('24.68');
    expect(within(card).getByText('1.234 van 5.000 rijen')).toBeTruthy();
    expect(state()).toBe('Bezig');
    expect(within(card).getByRole('button', { name: 'Import annuleren' })).toBeTruthy();

    await act(async () => {
      stream.send({ CurrentRow: 5000, TotalRows: 5000, Finished: true });
    });
    expect(stream.closed).toBe(true);
    expect(onFinished).toHaveBeenCalledWith(expect.objectContaining({ ProcessState: 2 }));
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(state()).toBe('Verwerkt');
    const result = within(card).getByRole('status');
    expect(result.className).toContain('import-result--failure');
    expect(result.textContent).toContain('Geslaagd met fouten');
    expect(result.textContent).toContain('1 rij is mislukt.');
    const counts = [...card.querySelectorAll('.import-counts div')].map((d) => d.textContent);
    expect(counts).toEqual(['Totaal3', 'Verwerkt2', 'Mislukt1', 'Overgeslagen0']);
    expect(
      within(card)
        .getByRole('link', { name: 'Uitvoerbestand relaties_resultaat.xlsx downloaden' })
        .getAttribute('href'),
    ).toBe('/mvc/import/GetFile?ImportId=41&Result=true');
    expect(
      within(card).getByRole('link', { name: 'Invoerbestand relaties.xlsx downloaden' }).getAttribute('href'),
    ).toBe('/mvc/import/GetFile?ImportId=41&Result=false');
    expect(within(card).queryByRole('button', { name: 'Import annuleren' })).toBeNull();
  });

  it('shows a result of 1 in green', async () => {
    server({
      'mvc/import/GetAdvancedMode': () => json(200, { AdvancedMode: false }),
      'mvc/import/StartImport': () => json(200, task(2, { ProcessResult: 1, TotalRecords: 2, ProcessedRecords: 2 })),
    });
    const dialog = await open();
    await choose(xlsx());
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Import starten' }));
    });
    const result = within(screen.getByRole('dialog', { name: 'Importtaak' })).getByRole('status');
    expect(result.className).toContain('import-result--success');
    expect(result.textContent).toBe('Geslaagd');
  });
});

describe('advanced mode', () => {
  it('is turned on with the code the server shows; a wrong code is told on the field', async () => {
    const fetch = server({
      'mvc/import/GetAdvancedMode': () => json(200, { AdvancedMode: false }),
      'mvc/import/GetCode': () => json(200, { Code: 'K7Q2' }),
      'mvc/import/SetAdvancedMode': (init) =>
        JSON.parse(String(init.body)).VerificationCode === 'K7Q2'
          ? json(200, { AdvancedMode: true })
          : json(400, refusal('De gegevens zijn niet geldig.', { VerificationCode: ['De code klopt niet.'] })),
    });
    const dialog = await open();
    const link = within(dialog).getByRole('button', { name: 'Geavanceerde modus: uit' });
    link.focus();
    await act(async () => {
      fireEvent.click(link);
    });
    const verify = screen.getByRole('dialog', { name: 'Geavanceerde modus inschakelen' });
    const code = within(verify).getByLabelText<HTMLInputElement>('Code');
    expect(code.value).toBe('K7Q2');
    expect(code.readOnly).toBe(true);
    const typed = within(verify).getByLabelText<HTMLInputElement>('Verificatiecode');
    expect(typed.required).toBe(true);
    expect(document.activeElement).toBe(typed);
    const submit = within(verify).getByRole<HTMLButtonElement>('button', { name: 'Inschakelen' });
    expect(submit.disabled).toBe(true);

    fireEvent.change(typed, { target: { value: 'XXXX' } });
    await act(async () => {
      fireEvent.click(submit);
    });
    const alerts = within(verify)
      .getAllByRole('alert')
      .map((a) => a.textContent);
    expect(alerts).toEqual(['De gegevens zijn niet geldig.', 'De code klopt niet.']);
    expect(typed.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(typed, { target: { value: 'K7Q2' } });
    await act(async () => {
      fireEvent.click(submit);
    });
    const sent = fetch.mock.calls
      .filter(([url]) => url === '/mvc/import/SetAdvancedMode')
      .map(([, init]) => JSON.parse(String(init.body)));
    expect(sent).toEqual([
      { Code: 'K7Q2', VerificationCode: 'XXXX' },
      { Code: 'K7Q2', VerificationCode: 'K7Q2' },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Geavanceerde modus inschakelen' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Geavanceerde modus: aan' })).toBeTruthy();
  });
});
