import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALERT_MS,
  TOAST_MS,
  answer,
  askUnsaved,
  closeTop,
  confirm,
  dialogs,
  registerModal,
  resetDialogs,
  showAlert,
  showLoader,
  toast,
} from '../../runtime/ui/dialogs/dialogs.ts';

beforeEach(() => {
  resetDialogs();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('disappear after 3000 ms by default', () => {
    toast('success', 'Opgeslagen');
    expect(dialogs.toasts.map((t) => [t.type, t.text])).toEqual([['success', 'Opgeslagen']]);
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(dialogs.toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(dialogs.toasts).toHaveLength(0);
    expect(TOAST_MS).toBe(3000);
  });
  it('do not pile up: the same message again replaces the one shown and lives its full time', () => {
    toast('success', 'Opgeslagen');
    vi.advanceTimersByTime(2000);
    toast('success', 'Opgeslagen');
    toast('error', 'Mislukt');
    expect(dialogs.toasts.map((t) => t.text)).toEqual(['Opgeslagen', 'Mislukt']);
    vi.advanceTimersByTime(2000);
    expect(dialogs.toasts.map((t) => t.text)).toEqual(['Opgeslagen', 'Mislukt']);
    vi.advanceTimersByTime(1000);
    expect(dialogs.toasts).toHaveLength(0);
  });

  it('take a lifetime of their own', () => {
    toast('info', 'a', 1000);
    toast('error', 'b');
    vi.advanceTimersByTime(1000);
    expect(dialogs.toasts.map((t) => t.text)).toEqual(['b']);
  });
});

describe('alerts', () => {
  it('clear themselves after 5000 ms', () => {
    showAlert('Fout bij het ophalen van de gegevens.');
    expect(dialogs.alerts[0]).toMatchObject({ type: 'error', text: 'Fout bij het ophalen van de gegevens.' });
    vi.advanceTimersByTime(ALERT_MS - 1);
    expect(dialogs.alerts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(dialogs.alerts).toHaveLength(0);
    expect(ALERT_MS).toBe(5000);
  });
  it('stay when told not to clear', () => {
    showAlert('blijft', { autoClearMs: null });
    vi.advanceTimersByTime(60_000);
    expect(dialogs.alerts).toHaveLength(1);
  });
});

describe('promise dialogs', () => {
  it('confirm answers yes, no or cancel', async () => {
    const first = confirm('Zeker?');
    const second = confirm('Echt?');
    expect(dialogs.stack.map((e) => [e.kind, e.text])).toEqual([
      ['confirm', 'Zeker?'],
      ['confirm', 'Echt?'],
    ]);
    answer(dialogs.stack[1].id, 'no');
    answer(dialogs.stack[0].id, 'yes');
    await expect(second).resolves.toBe('no');
    await expect(first).resolves.toBe('yes');
    expect(dialogs.stack).toHaveLength(0);
  });
  it('Escape cancels the top-most dialog only', async () => {
    const below = confirm('onder');
    const top = askUnsaved();
    expect(closeTop()).toBe(true);
    await expect(top).resolves.toBe('cancel');
    expect(dialogs.stack.map((e) => e.text)).toEqual(['onder']);
    answer(dialogs.stack[0].id, 'yes');
    await expect(below).resolves.toBe('yes');
    expect(closeTop()).toBe(false);
  });
  it('unsaved changes answers save or discard', async () => {
    const pending = askUnsaved();
    answer(dialogs.stack[0].id, 'save');
    await expect(pending).resolves.toBe('save');
  });
  it('the loader is not closed by Escape and hides through its handle', () => {
    const hide = showLoader();
    expect(closeTop()).toBe(false);
    expect(dialogs.stack).toHaveLength(1);
    hide();
    expect(dialogs.stack).toHaveLength(0);
  });
  it('Escape asks a page modal to close', async () => {
    vi.useRealTimers();
    const onClose = vi.fn();
    const unregister = registerModal('m1', { title: 'Bewerken', onClose });
    expect(closeTop()).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    unregister();
    await Promise.resolve();
    expect(dialogs.stack).toHaveLength(0);
  });
});
