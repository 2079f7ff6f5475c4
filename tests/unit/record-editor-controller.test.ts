// The record editor's flow without a page, against fake calls and dialogs: a load shows the form
// and the record together (the form read once), a newer load wins, changes track what is left to
// save, a save asks the table's confirms and a losing type change first, failures reach the form
// or an alert, and a quiet refresh keeps the user's edits unless someone else saved the record.
import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CallFailed, type ApiErrorBody } from '../../runtime/api/index.ts';
import type { FormAnswer } from '../../runtime/form/index.ts';
import { createRecordEditorController, type RecordEditorDeps } from '../../runtime/screens/editor/index.ts';

beforeAll(() => {
  i18n.setMessagesCompiler(compileMessage);
  i18n.loadAndActivate({ locale: 'nl', messages: {} });
});

type Row = Record<string, unknown>;
type TypeChangeAnswer = Awaited<ReturnType<RecordEditorDeps['calls']['typeChange']>>;
const FORM: FormAnswer = { Properties: [], Groups: [] };
const STORED: Row = { AutoID: 7, TimeStamp: 12, Descr: 'Hekken', Notes: null, Total: 302.5 };
const refused = (status: number, body: Partial<ApiErrorBody> = {}) =>
  new CallFailed(status, {
    Error: 'Geweigerd',
    ModelState: {},
    TranslationModelState: { ModelState: {} },
    ...body,
  });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The fakes as the editor's calls: they answer only what these tests ask. */
const asCalls = (calls: unknown) => calls as RecordEditorDeps['calls'];

function fake(
  overrides: Partial<
    Record<'getForm' | 'getNew' | 'getItem' | 'save' | 'typeChange' | 'derive', (...args: any[]) => Promise<unknown>>
  > = {},
  form: FormAnswer = FORM,
) {
  const defaults = {
    getForm: vi.fn(async (_table: string): Promise<FormAnswer> => form),
    getNew: vi.fn(async (_table: string): Promise<Row> => ({ AutoID: 0, Descr: '', Archive: false })),
    getItem: vi.fn(async (_table: string, id: number): Promise<Row> => ({ ...STORED, AutoID: id })),
    save: vi.fn(async (_table: string, record: Row): Promise<Row> => ({ ...record, TimeStamp: 13 })),
    typeChange: vi.fn(async (_table: string, _id: number, _type: number | null): Promise<TypeChangeAnswer> => ({
      Field: 'Type',
      Lost: 0,
      Kept: 3,
      LostNames: [],
      KeptNames: [],
      Message: '',
    })),
  };
  const calls = { ...defaults, ...overrides } as typeof defaults;
  const answers: string[] = [];
  const deps: RecordEditorDeps = {
    calls: asCalls(calls),
    confirm: vi.fn(async () => answers.shift() ?? 'yes'),
    alert: vi.fn(),
    toast: vi.fn(),
    log: { error: () => {}, warn: () => {} },
  };
  const editor = createRecordEditorController('costcodes', deps);
  return { ...editor, calls, deps, answers };
}

describe('loading a record', () => {
  it('shows the form and the record together, with nothing to save, and reads the form once', async () => {
    const { store, actions, calls } = fake();
    const loaded = actions.load(7);
    expect(store.loading).toBe(true);
    expect(await loaded).toBe(true);
    expect(store).toMatchObject({
      form: FORM,
      record: STORED,
      stored: STORED,
      loading: false,
      hasMutations: false,
      serverError: null,
    });
    await actions.load(8);
    expect(calls.getForm).toHaveBeenCalledTimes(1);
    expect(calls.getItem).toHaveBeenLastCalledWith('costcodes', 8);
    expect(actions.current()).toBe(store.record);
  });

  it("opens a new record with the defaults over the server's, the id asked for when it is a function", async () => {
    const { store, actions, calls } = fake();
    expect(await actions.load(async () => 0, { defaults: { Descr: 'Nieuw', Parent: 3 } })).toBe(true);
    expect(calls.getNew).toHaveBeenCalledWith('costcodes');
    expect(store.record).toEqual({ AutoID: 0, Descr: 'Nieuw', Archive: false, Parent: 3 });
  });

  it('keeps the very objects it was given, so the form compares them by identity', async () => {
    const item = { ...STORED };
    const { store, actions } = fake({ getItem: vi.fn(async () => item) });
    await actions.load(7);
    expect(store.record).toBe(item);
    expect(store.stored).toBe(item);
  });

  it('a failure goes to the form and an alert, and answers false', async () => {
    const { store, actions, deps } = fake({
      getItem: vi.fn(async () => {
        throw refused(500);
      }),
    });
    expect(await actions.load(7)).toBe(false);
    expect(store.serverError?.Error).toBe('Geweigerd');
    expect(deps.alert).toHaveBeenCalledWith('Fout bij het ophalen van de gegevens.');
    expect(store.loading).toBe(false);
  });

  it('a newer load wins: the older answer is dropped, and a reset drops the one under way', async () => {
    const first = deferred<Row>();
    const getItem = vi.fn(async (_t: string, id: number) => (id === 1 ? first.promise : { ...STORED, AutoID: id }));
    const { store, actions } = fake({ getItem });
    const older = actions.load(1);
    expect(await actions.load(2)).toBe(true);
    first.resolve({ AutoID: 1 });
    expect(await older).toBe(false);
    expect(store.record?.AutoID).toBe(2);

    const later = deferred<Row>();
    getItem.mockImplementationOnce(async () => later.promise);
    const pending = actions.load(3);
    actions.reset();
    later.resolve({ AutoID: 3 });
    expect(await pending).toBe(false);
    expect(store).toMatchObject({ record: null, loading: false });
  });
});

describe('changing and saving', () => {
  it('tracks what is left to save: typed back to what is stored, nothing; discard returns to it', async () => {
    const { store, actions } = fake();
    await actions.load(7);
    actions.change({ ...STORED, Descr: 'Poorten' });
    expect(store.hasMutations).toBe(true);
    actions.change({ ...STORED, Notes: '' });
    expect(store.hasMutations).toBe(false);
    actions.change({ ...STORED, Descr: 'Poorten' });
    actions.discard();
    expect(store).toMatchObject({ record: STORED, hasMutations: false, serverError: null });
  });

  it('saves the record, keeps fields the answer leaves out, toasts and clears the flag', async () => {
    const answer = deferred<Row>();
    const { store, actions, calls, deps } = fake({ save: vi.fn(async () => answer.promise) });
    await actions.load(7);
    actions.change({ ...STORED, Descr: 'Poorten', Parent_Descr: 'Hoofd' });
    const saving = actions.save();
    await vi.waitFor(() => expect(store.saving).toBe(true));
    answer.resolve({ AutoID: 7, TimeStamp: 13 });
    expect(await saving).toBe(true);
    expect(calls.save).toHaveBeenCalledWith('costcodes', { ...STORED, Descr: 'Poorten', Parent_Descr: 'Hoofd' });
    expect(store).toMatchObject({
      saving: false,
      hasMutations: false,
      record: { Descr: 'Poorten', Parent_Descr: 'Hoofd', TimeStamp: 13 },
    });
    expect(store.stored).toBe(store.record);
    expect(deps.toast).toHaveBeenCalledWith('Opgeslagen');
  });

  it("asks the table's confirms that apply; a no saves nothing", async () => {
    const form = {
      ...FORM,
      Confirms: [
        { Name: 'big', When: { '>': [{ var: 'Total' }, 100] }, Message: 'Zeker?' },
        { Name: 'never', When: false, Message: 'Nooit' },
      ],
    } as FormAnswer;
    const { actions, calls, deps, answers } = fake({}, form);
    await actions.load(7);
    answers.push('no');
    expect(await actions.save()).toBe(false);
    expect(deps.confirm).toHaveBeenCalledWith('Zeker?');
    expect(deps.confirm).toHaveBeenCalledTimes(1);
    expect(calls.save).not.toHaveBeenCalled();
    expect(await actions.save()).toBe(true);
  });

  it('asks about a type change that loses properties, and only then', async () => {
    const typeChange = vi.fn(async () => ({
      Field: 'Type',
      Lost: 2,
      Kept: 1,
      LostNames: ['A', 'B'],
      KeptNames: ['C'],
      Message: 'A en B gaan verloren.',
    }));
    const { actions, calls, deps, answers } = fake({ typeChange }, { ...FORM, TypeField: 'Type' });
    await actions.load(7);
    actions.change({ ...STORED, Descr: 'Poorten' });
    expect(await actions.save()).toBe(true);
    expect(typeChange).not.toHaveBeenCalled();
    actions.change({ ...STORED, Type: 4 });
    answers.push('no');
    expect(await actions.save()).toBe(false);
    expect(typeChange).toHaveBeenCalledWith('costcodes', 7, 4);
    expect(deps.confirm).toHaveBeenCalledWith('A en B gaan verloren.');
    expect(calls.save).toHaveBeenCalledTimes(1);
  });

  it('a refusal with field messages goes to the form only; one without also raises the alert', async () => {
    const save = vi.fn(async () => {
      throw refused(400, { ModelState: { Descr: ['Verplicht'] } });
    });
    const { store, actions, deps } = fake({ save });
    await actions.load(7);
    expect(await actions.save()).toBe(false);
    expect(store.serverError?.ModelState).toEqual({ Descr: ['Verplicht'] });
    expect(deps.alert).not.toHaveBeenCalled();
    save.mockImplementationOnce(async () => {
      throw new Error('network');
    });
    expect(await actions.save()).toBe(false);
    expect(store.serverError?.Error).toBe('Fout bij het opslaan van de gegevens.');
    expect(deps.alert).toHaveBeenCalledWith('Fout bij het opslaan van de gegevens.');
    expect(store.saving).toBe(false);
  });
});

describe('reading the open record again', () => {
  it('reload shows the record as read, and tells a record that is gone', async () => {
    const getItem = vi.fn(async (): Promise<Row> => ({ ...STORED, Descr: 'Poorten', TimeStamp: 14 }));
    const { store, actions } = fake({ getItem });
    getItem.mockImplementationOnce(async () => STORED);
    await actions.load(7);
    actions.change({ ...STORED, Notes: 'x' });
    expect(await actions.reload()).toBe('ok');
    expect(store).toMatchObject({ record: { Descr: 'Poorten' }, hasMutations: false });
    getItem.mockImplementationOnce(async () => {
      throw refused(404);
    });
    expect(await actions.reload()).toBe('gone');
  });

  it("refresh of the same version takes in the server's values and keeps the user's edits", async () => {
    const getItem = vi.fn(async (): Promise<Row> => STORED);
    const { store, actions } = fake({ getItem });
    await actions.load(7);
    actions.change({ ...STORED, Descr: 'Hekken en aggregaat' });
    getItem.mockImplementationOnce(async () => ({ ...STORED, Total: 181.5 }));
    expect(await actions.refresh()).toBe('same');
    expect(store.record).toEqual({ ...STORED, Total: 181.5, Descr: 'Hekken en aggregaat' });
    expect(store.stored).toEqual({ ...STORED, Total: 181.5 });
    expect(store.hasMutations).toBe(true);
  });

  it("refresh of another version is someone else's change, taken only when asked and nothing was edited", async () => {
    const getItem = vi.fn(async (): Promise<Row> => STORED);
    const { store, actions } = fake({ getItem });
    await actions.load(7);
    getItem.mockImplementation(async () => ({ ...STORED, TimeStamp: 20, Descr: 'Elders' }));
    expect(await actions.refresh()).toBe('changed');
    expect(store.record).toEqual(STORED);
    expect(await actions.refresh({ takeNewer: true })).toBe('same');
    expect(store.record).toMatchObject({ TimeStamp: 20, Descr: 'Elders' });
    actions.change({ ...STORED, TimeStamp: 20, Descr: 'Mijn tekst' });
    getItem.mockImplementation(async () => ({ ...STORED, TimeStamp: 21 }));
    expect(await actions.refresh({ takeNewer: true })).toBe('changed');
    getItem.mockImplementation(async () => {
      throw refused(404);
    });
    expect(await actions.refresh()).toBe('gone');
  });

  it('refresh during a save reads nothing: the save answers with the record as it is then', async () => {
    const saved = deferred<Row>();
    const { actions, calls } = fake({ save: vi.fn(async () => saved.promise) });
    await actions.load(7);
    const saving = actions.save();
    await vi.waitFor(() => expect(calls.save).toHaveBeenCalled());
    const reads = calls.getItem.mock.calls.length;
    expect(await actions.refresh()).toBe('same');
    expect(calls.getItem.mock.calls.length).toBe(reads);
    saved.resolve({ ...STORED, TimeStamp: 13 });
    await saving;
  });

  it('a changed definition reads the form again, keeping the record and its edits', async () => {
    const next = { ...FORM, TypeField: 'Type' };
    const { store, actions, calls } = fake();
    actions.formChanged();
    expect(calls.getForm).not.toHaveBeenCalled();
    await actions.load(7);
    actions.change({ ...STORED, Descr: 'Poorten' });
    calls.getForm.mockImplementationOnce(async () => next);
    actions.formChanged();
    await vi.waitFor(() => expect(store.form).toBe(next));
    expect(store).toMatchObject({ record: { Descr: 'Poorten' }, hasMutations: true });
  });
});

describe('values derived while editing', () => {
  it("fills what a save would derive when a field it reads changes; the user's value stays, a derived one follows", async () => {
    const form: FormAnswer = { Properties: [], Groups: [], DeriveOn: ['Product'] };
    const products: Record<number, Row> = {
      1: { Descr: 'Bouwhek', Price: 100 },
      2: { Descr: 'Aggregaat', Price: 900 },
    };
    const derive = vi.fn(async (_table: string, record: Row) => ({ Values: products[Number(record.Product)] }));
    const { store, actions } = fake({ derive }, form);
    await actions.load(async () => 0);
    actions.change({ ...store.record, Notes: 'x' });
    expect(derive).not.toHaveBeenCalled();
    actions.change({ ...store.record, Product: 1 });
    await vi.waitFor(() => expect(store.record).toMatchObject({ Product: 1, Descr: 'Bouwhek', Price: 100 }));
    expect(store.hasMutations).toBe(true);
    // The user's own price stays; the description the form filled follows the next product.
    actions.change({ ...store.record, Price: 80 });
    actions.change({ ...store.record, Product: 2 });
    await vi.waitFor(() => expect(store.record).toMatchObject({ Product: 2, Descr: 'Aggregaat', Price: 80 }));
    expect(derive).toHaveBeenLastCalledWith(
      'costcodes',
      expect.objectContaining({ Product: 2, Descr: null, Price: 80 }),
    );
  });

  it('drops an answer that comes after a newer change', async () => {
    const form: FormAnswer = { Properties: [], Groups: [], DeriveOn: ['Product'] };
    const first = deferred<{ Values: Row }>();
    const derive = vi
      .fn()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce({ Values: { Descr: 'Nieuw' } });
    const { store, actions } = fake({ derive }, form);
    await actions.load(async () => 0);
    actions.change({ ...store.record, Product: 1 });
    actions.change({ ...store.record, Product: 2 });
    await vi.waitFor(() => expect(store.record).toMatchObject({ Descr: 'Nieuw' }));
    first.resolve({ Values: { Descr: 'Oud' } });
    await first.promise;
    await Promise.resolve();
    expect(store.record).toMatchObject({ Product: 2, Descr: 'Nieuw' });
  });
});
