// @vitest-environment jsdom
// The licence page as an administrator meets it (spec 1 §2–§5, §8): it loads the licence (and
// the product code when the licence has none) and says plainly that no licence is active; it is
// read-only until Bewerken; a pasted licence fills the fields and switches to editing, an
// unreadable one toasts license_cannot_read; Kopiëren works only above 31 characters and copies
// the dashed code; a refused Save shows the server's Error on the form; a Save goes back to
// read-only, toasts, reloads the menu and renews the local licence entry (spec 3 §6).
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LicenceAnswer, RetrievedLicence, ScreenInfo } from '../../runtime/api/index.ts';
import { dialogs, resetDialogs } from '../../runtime/ui/dialogs/dialogs.ts';
import { router } from '../../runtime/ui/navigation/router.ts';
import { copyText, LicencePage } from '../../runtime/screens/licence/index.ts';
import { checkLicence, clearPermissions, keepLicence } from '../../runtime/state/index.ts';

const SCREEN: ScreenInfo = {
  name: 'licenses',
  kind: 'licence',
  table: 'licences',
  title: 'Licentie',
  parent: 'admin',
  rights: { read: '12.24', update: '12.24' },
};
const CODE = 'ABCDEFGHIJ12345KLMNOPQRST6789012'; // 32 characters: 10/5/10/7
const DASHED = 'ABCDEFGHIJ-12345-KLMNOPQRST-6789012';
const ALL = [
  'relations',
  'workflow',
  'overhaul',
  'objects',
  'projects',
  'orders',
  'invoice',
  'hours',
  'articles',
  'accesssecurity',
  'import',
  'languages',
  'competence',
  'numbering',
];
const unlicensed: LicenceAnswer = {
  licenseName: null,
  productCode: '',
  activationCode: null,
  Licensed: false,
  Lapsed: false,
  Modules: ALL,
  Expires: null,
  SavedBy: null,
  SavedAt: null,
  CanActivate: true,
};
const PASTE = `Licentienaam: Voorbeeld BV\nProductcode: ${DASHED}\nActiveringscode: SIGNED.CODE`;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (Error: string, ModelState: Record<string, string[]> = {}) => ({
  Error,
  ModelState,
  TranslationModelState: { ModelState: {} },
});

/** The server, by call: each answer a function of the request. Rights are granted. */
function server(routes: Record<string, (init: RequestInit) => Response>) {
  const all: Record<string, (init: RequestInit) => Response> = {
    'mvc/security/getauthorization': (init) =>
      json(
        200,
        (JSON.parse(String(init.body)) as object[]).map((e) => ({ ...e, Grant: true })),
      ),
    'mvc/license/PrCode': () => json(200, { ProductCode: CODE }),
    ...routes,
  };
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const path = url.replace(/^\//, '').split('?')[0];
    const route = all[path];
    if (!route) throw new Error(`unexpected call ${url}`);
    return route(init);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const bodiesOf = (fetch: ReturnType<typeof server>, path: string) =>
  fetch.mock.calls.filter(([url]) => url === `/${path}`).map(([, init]) => JSON.parse(String(init.body)) as unknown);

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'nl', messages: {} });
});
beforeEach(() => {
  resetDialogs();
  clearPermissions();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function open() {
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <LicencePage screen={SCREEN} />
      </I18nProvider>,
    );
  });
  const segments = [1, 2, 3, 4].map((n) => screen.getByLabelText<HTMLInputElement>(`Productcode, deel ${n}`));
  return {
    segments,
    name: screen.getByLabelText<HTMLInputElement>('Licentienaam'),
    activation: screen.getByLabelText<HTMLTextAreaElement>('Activeringscode'),
    toolbar: within(screen.getByRole('toolbar', { name: 'Bewerken' })),
  };
}

async function paste(text: string) {
  fireEvent.change(screen.getByLabelText('Licentie plakken'), { target: { value: text } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Openen' }));
  });
}

const toastTexts = () => dialogs.toasts.map((t) => [t.type, t.text]);

describe('the licence page', () => {
  it('loads the licence and the product code, says no licence is active, and stays read-only until Bewerken', async () => {
    const fetch = server({ 'mvc/license/Get': () => json(200, unlicensed) });
    const { segments, name, activation, toolbar } = await open();
    expect(bodiesOf(fetch, 'mvc/license/Get')).toEqual([{}]);
    expect(bodiesOf(fetch, 'mvc/license/PrCode')).toEqual([{}]);
    expect(segments.map((s) => s.value)).toEqual(['ABCDEFGHIJ', '12345', 'KLMNOPQRST', '6789012']);
    expect(segments.map((s) => s.maxLength)).toEqual([10, 6, 10, 7]);
    expect(
      screen.getByText('Geen licentie geactiveerd: alle modules zijn beschikbaar (ontwikkelinstallatie).'),
    ).toBeTruthy();
    expect(screen.getByText('Relatiebeheer (CRM)')).toBeTruthy();
    expect(screen.getByText('Automatische nummering')).toBeTruthy();

    for (const field of [name, activation, ...segments]) expect(field.readOnly).toBe(true);
    expect(toolbar.queryByRole('button', { name: 'Opslaan' })).toBeNull();
    await waitFor(() => expect(toolbar.getByRole('button', { name: 'Bewerken' })).toBeTruthy());
    fireEvent.click(toolbar.getByRole('button', { name: 'Bewerken' }));
    for (const field of [name, activation, ...segments]) expect(field.readOnly).toBe(false);
    expect(toolbar.getByRole('button', { name: 'Opslaan' })).toBeTruthy();
    expect(toolbar.queryByRole('button', { name: 'Bewerken' })).toBeNull();
  });

  it('says, before anything is typed, that no licence can be activated without the vendor key', async () => {
    server({ 'mvc/license/Get': () => json(200, { ...unlicensed, CanActivate: false }) });
    await open();
    expect(screen.getByRole('note').textContent).toContain('de sleutel van de leverancier is niet ingesteld');
    cleanup();
    server({ 'mvc/license/Get': () => json(200, unlicensed) });
    await open();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says that a lapsed licence leaves no module active', async () => {
    server({ 'mvc/license/Get': () => json(200, { ...unlicensed, Lapsed: true, Modules: [] }) });
    await open();
    expect(
      screen.getByText(
        'De licentie is verlopen of niet meer geldig: er zijn geen modules actief tot een nieuwe licentie is geactiveerd.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Geen modules actief.')).toBeTruthy();
    expect(screen.queryByText('Relatiebeheer (CRM)')).toBeNull();
  });

  it('asks no product code when the licence has one, and names a limited set of modules plainly', async () => {
    const fetch = server({
      'mvc/license/Get': () => json(200, { ...unlicensed, productCode: DASHED, Modules: ['orders', 'import'] }),
    });
    const { segments } = await open();
    expect(bodiesOf(fetch, 'mvc/license/PrCode')).toEqual([]);
    expect(segments.map((s) => s.value)).toEqual(['ABCDEFGHIJ', '12345', 'KLMNOPQRST', '6789012']);
    expect(screen.getByText(/de instelling van deze installatie bepaalt/)).toBeTruthy();
    expect([...document.querySelectorAll('.licence-module-list li')].map((li) => li.textContent)).toEqual([
      'Orders',
      'Import',
    ]);
  });

  it('fills the fields from a pasted licence and switches to editing', async () => {
    server({ 'mvc/license/Get': () => json(200, unlicensed) });
    const { segments, name, activation, toolbar } = await open();
    await paste(PASTE);
    expect(name.value).toBe('Voorbeeld BV');
    expect(activation.value).toBe('SIGNED.CODE');
    expect(segments.map((s) => s.value)).toEqual(['ABCDEFGHIJ', '12345', 'KLMNOPQRST', '6789012']);
    expect(name.readOnly).toBe(false);
    expect(toolbar.getByRole('button', { name: 'Opslaan' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Licentie plakken').value).toBe('');
  });

  it('toasts license_cannot_read for a paste it cannot read, and stays read-only', async () => {
    server({ 'mvc/license/Get': () => json(200, unlicensed) });
    const { name } = await open();
    await paste('ABCDEFGHIJ-12345-KLMNOPQRST');
    expect(toastTexts()).toEqual([['error', 'De licentie kan niet worden gelezen.']]);
    expect(name.readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Licentie plakken').value).toBe('ABCDEFGHIJ-12345-KLMNOPQRST');
  });

  it('enables Kopiëren only above 31 characters and copies the code with its dashes', async () => {
    server({ 'mvc/license/Get': () => json(200, unlicensed) });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { segments, toolbar } = await open();
    const copy = toolbar.getByRole<HTMLButtonElement>('button', { name: 'Kopiëren' });
    expect(copy.disabled).toBe(false);
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(writeText).toHaveBeenCalledWith(DASHED);
    expect(toastTexts()).toEqual([['success', 'De productcode is gekopieerd.']]);

    await waitFor(() => expect(toolbar.getByRole('button', { name: 'Bewerken' })).toBeTruthy());
    fireEvent.click(toolbar.getByRole('button', { name: 'Bewerken' }));
    fireEvent.change(segments[3], { target: { value: '678901' } }); // 31 characters
    expect(copy.disabled).toBe(true);
    fireEvent.change(segments[3], { target: { value: '6789012' } });
    expect(copy.disabled).toBe(false);
  });

  it("shows the server's Error on the form when Save is refused, and stays editing", async () => {
    const fetch = server({
      'mvc/license/Get': () => json(200, unlicensed),
      'mvc/license/Save': () =>
        json(
          400,
          refusal('De activeringscode hoort niet bij deze productcode.', {
            activationCode: ['Ongeldige handtekening.'],
          }),
        ),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { name, toolbar } = await open();
    await paste(PASTE);
    await act(async () => {
      fireEvent.click(toolbar.getByRole('button', { name: 'Opslaan' }));
    });
    expect(bodiesOf(fetch, 'mvc/license/Save')).toEqual([
      { licenseName: 'Voorbeeld BV', activationCode: 'SIGNED.CODE', productCode: DASHED },
    ]);
    const form = screen.getByRole('form', { name: 'Licentie' });
    expect(within(form).getByRole('alert').textContent).toBe('De activeringscode hoort niet bij deze productcode.');
    expect(within(form).getByText('Ongeldige handtekening.')).toBeTruthy();
    expect(name.readOnly).toBe(false);
    expect(toastTexts()).toEqual([]);
  });

  it('saves: back to read-only, toasts, reloads the menu and keeps the new licence entry', async () => {
    const licensed: LicenceAnswer = {
      licenseName: 'Voorbeeld BV',
      productCode: DASHED,
      activationCode: 'SIGNED.CODE',
      Licensed: true,
      Lapsed: false,
      Modules: ['orders', 'invoice'],
      Expires: '2031-12-31',
      SavedBy: 'admin',
      SavedAt: '2026-03-04T09:05:00Z',
      CanActivate: true,
    };
    const retrieved: RetrievedLicence = {
      Hash: 'h2',
      Modules: licensed.Modules,
      Licensed: true,
      Expires: licensed.Expires,
      licenseName: licensed.licenseName,
    };
    const screens = [{ name: 'licenses', kind: 'licence', table: 'licences', title: 'Licentie' }];
    const fetch = server({
      'mvc/license/Get': () => json(200, unlicensed),
      'mvc/license/Save': () => json(200, licensed),
      'mvc/definitions/screens': () => json(200, { Screens: screens }),
      'mvc/license/Retrieve': () => json(200, retrieved),
    });
    localStorage.setItem('licence:h1', '{}');
    localStorage.setItem('other', 'stays');
    const { name, toolbar } = await open();
    await paste(PASTE);
    await act(async () => {
      fireEvent.click(toolbar.getByRole('button', { name: 'Opslaan' }));
    });

    expect(name.readOnly).toBe(true);
    expect(toolbar.queryByRole('button', { name: 'Opslaan' })).toBeNull();
    expect(toastTexts()).toEqual([['success', 'Opgeslagen']]);
    expect(screen.getByText('Licentie geactiveerd, geldig tot en met 31-12-2031.')).toBeTruthy();
    expect([...document.querySelectorAll('.licence-module-list li')].map((li) => li.textContent)).toEqual([
      'Orders',
      'Facturatie',
    ]);
    await waitFor(() => expect(router.routes.map((r) => r.name)).toEqual(['licenses', 'home', 'login']));
    expect(fetch.mock.calls.filter(([url]) => url === '/mvc/definitions/screens')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('licence:h2')!)).toEqual(retrieved);
    expect(localStorage.getItem('licence:h1')).toBeNull();
    expect(localStorage.getItem('other')).toBe('stays');
    // The page's own right is asked again after the rights were forgotten.
    await waitFor(() => expect(toolbar.getByRole('button', { name: 'Bewerken' })).toBeTruthy());
  });

  it('shows a load failure', async () => {
    server({ 'mvc/license/Get': () => json(500, refusal('De database is niet bereikbaar.')) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await open();
    expect(screen.getByRole('alert').textContent).toBe('De database is niet bereikbaar.');
  });
});

describe('copying', () => {
  it('falls back to a hidden text area when the clipboard cannot be written', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: {
        writeText: vi.fn(async () => {
          throw new Error('denied');
        }),
      },
    });
    let copied = '';
    const exec = vi.fn(() => {
      copied = (document.activeElement as HTMLTextAreaElement).value;
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    expect(await copyText(DASHED)).toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
    expect(copied).toBe(DASHED);
    expect(document.querySelector('textarea')).toBeNull();
  });
});

describe('the local licence entry', () => {
  it("keeps Retrieve's answer under its hash and drops the other entries, once", () => {
    const answer: RetrievedLicence = {
      Hash: 'abc',
      Modules: ['orders'],
      Licensed: true,
      Expires: null,
      licenseName: 'X',
    };
    localStorage.setItem('licence:old', '{}');
    localStorage.setItem('licence:older', '{}');
    expect(keepLicence(answer, localStorage)).toBe(true);
    expect(Object.keys(localStorage).sort()).toEqual(['licence:abc']);
    expect(keepLicence({ ...answer, Modules: [] }, localStorage)).toBe(false);
    expect(JSON.parse(localStorage.getItem('licence:abc')!)).toEqual(answer);
  });

  it('logs a failed check and keeps what it had', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('licence:abc', '{}');
    await checkLicence(async () => {
      throw new Error('offline');
    });
    expect(warn).toHaveBeenCalled();
    expect(localStorage.getItem('licence:abc')).toBe('{}');
  });
});
