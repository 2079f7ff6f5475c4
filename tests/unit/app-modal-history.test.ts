import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CallFailed } from '../../runtime/api/index.ts';
import {
  bindDialogHistory,
  closeTop,
  dialogs,
  onDialogPopState,
  registerModal,
  resetDialogs,
} from '../../runtime/ui/dialogs/dialogs.ts';
import { describeFailure } from '../../runtime/screens/failures.ts';

function fakeHistory() {
  const h = {
    stack: [{ appRoute: 0 }] as unknown[],
    at: 0,
    get state() {
      return h.stack[h.at];
    },
    pushState(state: unknown) {
      h.stack.splice(h.at + 1);
      h.stack.push(state);
      h.at++;
    },
    replaceState(state: unknown) {
      h.stack[h.at] = state;
    },
    back: vi.fn(() => {
      h.at--;
    }),
  };
  return h;
}
const tick = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => resetDialogs());

describe('full-screen modal and browser history', () => {
  it('adds a history entry, and Back closes it without stepping back again', async () => {
    const history = fakeHistory();
    bindDialogHistory(history);
    let unregister = () => {};
    const onClose = vi.fn(() => {
      unregister();
      return true;
    });
    unregister = registerModal('edit', { history: true, onClose });
    expect(history.stack).toEqual([{ appRoute: 0 }, { appRoute: 0, modal: 'edit' }]);
    history.at--; // the browser's Back
    await onDialogPopState(history.state);
    await tick();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialogs.stack).toHaveLength(0);
    expect(history.back).not.toHaveBeenCalled();
  });
  it('closing it otherwise (Escape) steps the history back', async () => {
    const history = fakeHistory();
    bindDialogHistory(history);
    let unregister = () => {};
    unregister = registerModal('edit', {
      history: true,
      onClose: () => {
        unregister();
        return true;
      },
    });
    expect(closeTop()).toBe(true);
    await tick();
    expect(history.back).toHaveBeenCalledTimes(1);
  });
  it('a modal that stays open (cancel) gets its history entry back', async () => {
    const history = fakeHistory();
    bindDialogHistory(history);
    registerModal('edit', { history: true, onClose: async () => false });
    history.at--;
    await onDialogPopState(history.state);
    expect(dialogs.stack).toHaveLength(1);
    expect(history.state).toEqual({ appRoute: 0, modal: 'edit' });
  });
  it('StrictMode remount keeps one entry and one history entry', async () => {
    const history = fakeHistory();
    bindDialogHistory(history);
    const first = registerModal('edit', { history: true, onClose: () => true });
    first();
    registerModal('edit', { history: true, onClose: () => true });
    await tick();
    expect(dialogs.stack).toHaveLength(1);
    expect(history.stack).toHaveLength(2);
    expect(history.back).not.toHaveBeenCalled();
  });
});

describe('save and load failures', () => {
  const body = (ModelState: Record<string, string[]>, Error = 'fout') => ({
    Error,
    ModelState,
    TranslationModelState: { ModelState: {} },
  });
  it('field messages go to the form without the alert', () => {
    const failure = describeFailure(
      new CallFailed(400, body({ Descr: ['Het veld Descr is verplicht.'] })),
      'Fout bij het opslaan van de gegevens.',
    );
    expect(failure.alert).toBe(false);
    expect(failure.serverError.ModelState.Descr).toEqual(['Het veld Descr is verplicht.']);
  });
  it('a failure without field messages raises the alert and keeps the server Error', () => {
    const failure = describeFailure(
      new CallFailed(409, body({}, 'Gewijzigd door een ander')),
      'Fout bij het opslaan van de gegevens.',
    );
    expect(failure).toMatchObject({ alert: true, serverError: { Error: 'Gewijzigd door een ander' } });
  });
  it('a network failure shows the fallback text', () => {
    expect(describeFailure(new TypeError('fetch failed'), 'Fout bij het opslaan van de gegevens.')).toMatchObject({
      alert: true,
      serverError: { Error: 'Fout bij het opslaan van de gegevens.', ModelState: {} },
    });
  });
});
