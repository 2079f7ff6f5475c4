// @vitest-environment jsdom
// Exporteren offers two layouts: as the grid shows (GridLayout) or as an import takes it back
// (ImportLayout). It is a menu button: the arrows move, Escape closes it with focus back on it.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ExportMenu } from '../../runtime/grid/ExportMenu.tsx';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'nl', messages: {} });
});
afterEach(cleanup);

function show() {
  const onExport = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <ExportMenu onExport={onExport} />
    </I18nProvider>,
  );
  return { onExport, button: screen.getByRole('button', { name: 'Exporteren' }) };
}

describe('the export menu', () => {
  it('offers both layouts and exports in the one chosen', () => {
    const { onExport, button } = show();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Exporteren zoals getoond', 'Exporteren voor import']);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.click(items[1]);
    expect(onExport).toHaveBeenCalledWith('ImportLayout');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Exporteren zoals getoond' }));
    expect(onExport).toHaveBeenLastCalledWith('GridLayout');
  });

  it("works from the keyboard, and Escape closes it without leaving the page's dialog", () => {
    const { onExport, button } = show();
    const escapes = vi.fn();
    const outer = (e: KeyboardEvent) => {
      if (e.key === 'Escape') escapes();
    };
    window.addEventListener('keydown', outer);
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const items = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0], { key: 'End' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1], { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(escapes).not.toHaveBeenCalled();
    expect(onExport).not.toHaveBeenCalled();
    window.removeEventListener('keydown', outer);
  });
});
