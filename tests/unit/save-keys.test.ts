// @vitest-environment jsdom
// Saving from the keyboard: Ctrl+S anywhere, Enter in a one-line field only.
import { describe, expect, it } from 'vitest';
import { asksToSave } from '../../runtime/ui/dialogs/saveKeys.ts';

const key = (
  key: string,
  target: EventTarget | null,
  more: Partial<{
    ctrlKey: boolean;
    metaKey: boolean;
    altKey: boolean;
    shiftKey: boolean;
    defaultPrevented: boolean;
  }> = {},
) => ({
  key,
  target,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  defaultPrevented: false,
  ...more,
});
const element = (html: string) => {
  document.body.innerHTML = html;
  return document.body.querySelector('[data-target]')!;
};

describe('save keys', () => {
  it('saves on Ctrl+S and Cmd+S wherever focus is', () => {
    const area = element('<textarea data-target></textarea>');
    expect(asksToSave(key('s', area, { ctrlKey: true }))).toBe(true);
    expect(asksToSave(key('S', area, { metaKey: true }))).toBe(true);
    expect(asksToSave(key('s', area))).toBe(false);
  });
  it('saves on Enter in a one-line field, not where Enter means something else', () => {
    expect(asksToSave(key('Enter', element('<input type="text" data-target>')))).toBe(true);
    expect(asksToSave(key('Enter', element('<textarea data-target></textarea>')))).toBe(false);
    expect(asksToSave(key('Enter', element('<button data-target>x</button>')))).toBe(false);
    expect(asksToSave(key('Enter', element('<input type="checkbox" data-target>')))).toBe(false);
    // A picker whose list is open chooses with Enter.
    expect(
      asksToSave(key('Enter', element('<input type="text" role="combobox" aria-expanded="true" data-target>'))),
    ).toBe(false);
    // A widget that handled Enter itself.
    expect(asksToSave(key('Enter', element('<input type="text" data-target>'), { defaultPrevented: true }))).toBe(
      false,
    );
    expect(asksToSave(key('Enter', element('<input type="text" data-target>'), { shiftKey: true }))).toBe(false);
  });
});
