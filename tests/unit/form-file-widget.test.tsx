// @vitest-environment jsdom
// A file or image field in the generic form: choosing a file uploads it at once (multipart) and
// sets the FileID, showing its name and size and, for an image, a preview of the chosen file; a
// stored file shows its name as a download and its image from the server; a refusal of the
// upload (413, 415) shows under the field with the server's words. The chooser is a button.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GenericForm, type FormAnswer, type FormProperty } from '../../runtime/form/index.ts';

const settings = {
  FieldLength: null,
  min: null,
  max: null,
  step: null,
  Integers: null,
  Decimals: null,
  Options: null,
  ListConfig: null,
};
const rules = { visibleWhen: null, enabledWhen: null, requiredWhen: null };
const prop = (FieldName: string, Label: string, FieldType: FormProperty['FieldType']): FormProperty => ({
  FieldName,
  Label,
  Value: null,
  Required: false,
  Enabled: true,
  Visibility: 1,
  Component: 6,
  FieldType,
  QuantityUnit: null,
  GroupID: 'g',
  Tab: null,
  Column: null,
  Settings: settings,
  Rules: rules,
});
const form: FormAnswer = {
  Properties: [prop('Photo', 'Pasfoto', 'image'), prop('Contract', 'Contract', 'file')],
  Groups: [{ GroupID: 'g', Label: null, Tab: null, Column: null }],
};
const client = { list: vi.fn(), single: vi.fn() };
const FILE_ID = 'c0ffee00-0000-4000-8000-00000000000a';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'nl', messages: {} });
});
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview-1');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(value: Record<string, unknown>, stored: Record<string, unknown> | null = value) {
  const onChange = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <GenericForm form={form} value={value} onChange={onChange} client={client} table="persons" stored={stored} />
    </I18nProvider>,
  );
  return onChange;
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function choose(label: string, file: File) {
  const input = screen.getByLabelText(label, { selector: 'input[type="file"]' });
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

describe('a file field', () => {
  it('offers a button to choose a file, named for the field', () => {
    renderForm({ AutoID: 0, Photo: null, Contract: null });
    expect(screen.getByRole('button', { name: 'Contract: Bestand kiezen' }).textContent).toBe('Bestand kiezen');
    expect(screen.getByRole('button', { name: 'Pasfoto: Bestand kiezen' })).toBeTruthy();
  });

  it('uploads the chosen file as multipart, sets its FileID and shows its name, size and preview', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      answer(200, [{ FileID: FILE_ID, FileName: 'pasfoto.png', MediaType: 'image/png', Size: 2048 }]),
    );
    vi.stubGlobal('fetch', fetch);
    const onChange = renderForm({ AutoID: 0, Photo: null, Contract: null });
    await choose('Pasfoto', new File([new Uint8Array(2048)], 'pasfoto.png', { type: 'image/png' }));
    const [url, init] = fetch.mock.calls[0];
    // For the field of the form's table: the server takes uploads only for a field the user may fill.
    expect(url).toBe('/mvc/files/upload?table=persons&field=Photo');
    expect(init.method).toBe('POST');
    expect((init.body as FormData).getAll('file').map((f) => (f as File).name)).toEqual(['pasfoto.png']);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ Photo: FILE_ID }));
    expect(screen.getByText('pasfoto.png')).toBeTruthy();
    expect(screen.getByText('2,0 kB')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Voorbeeld van pasfoto.png' }).getAttribute('src')).toBe('blob:preview-1');
  });

  it('shows a stored file as a download by its name, and a stored image from the server', () => {
    const record = {
      AutoID: 7,
      Photo: FILE_ID,
      Photo_Descr: 'pasfoto.png',
      Contract: 'c0ffee00-0000-4000-8000-00000000000b',
      Contract_Descr: 'contract.pdf',
    };
    renderForm(record);
    const link = screen.getByRole('link', { name: 'contract.pdf downloaden' });
    expect(link.getAttribute('href')).toBe('/mvc/persons/file?autoid=7&field=Contract');
    expect(screen.getByRole('img', { name: 'Voorbeeld van pasfoto.png' }).getAttribute('src')).toBe(
      '/mvc/persons/file?autoid=7&field=Photo&thumbnail=1',
    );
  });

  it("shows the server's refusal under the field and keeps the value", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(415, {
          Error: 'Dit bestandstype (virus.exe) wordt niet ondersteund.',
          Code: 'UNSUPPORTED_MEDIA_TYPE',
          ModelState: {},
          TranslationModelState: { ModelState: {} },
        }),
      ),
    );
    const onChange = renderForm({ AutoID: 0, Photo: null, Contract: null });
    await choose('Contract', new File(['MZ'], 'virus.exe'));
    const field = screen.getByLabelText('Contract', { selector: 'input[type="file"]' }).closest('.form-field')!;
    expect(field.querySelector('[role="alert"]')?.textContent).toBe(
      'Dit bestandstype (virus.exe) wordt niet ondersteund.',
    );
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a file above 10 MB before sending it', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm({ AutoID: 0, Photo: null, Contract: null });
    const big = new File(['x'], 'groot.pdf');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await choose('Contract', big);
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Het bestand groot.pdf is groter dan 10 MB.');
  });

  it('takes a file dropped on the zone as if it were chosen', async () => {
    const fetch = vi.fn(async () =>
      answer(200, [{ FileID: FILE_ID, FileName: 'contract.pdf', MediaType: 'application/pdf', Size: 10 }]),
    );
    vi.stubGlobal('fetch', fetch);
    const onChange = renderForm({ AutoID: 0, Photo: null, Contract: null });
    const zone = screen.getByRole('button', { name: 'Contract: Bestand kiezen' }).closest('.files-drop')!;
    const file = new File(['%PDF-1.4'], 'contract.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.drop(zone, { dataTransfer: { files: [file], types: ['Files'] } });
    });
    expect(fetch).toHaveBeenCalledOnce();
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ Contract: FILE_ID }));
  });

  it('lets an optional file be taken out', () => {
    const record = { AutoID: 7, Photo: null, Contract: FILE_ID, Contract_Descr: 'contract.pdf' };
    const onChange = renderForm(record);
    fireEvent.click(screen.getByRole('button', { name: 'Contract: bestand verwijderen' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ Contract: null }));
  });
});
