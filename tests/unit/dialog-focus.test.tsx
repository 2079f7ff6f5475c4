// @vitest-environment jsdom
// Dialogs take and keep focus: the first field on opening (else the first button), Tab and
// Shift+Tab go round inside, and focus returns to where it was when the dialog closes.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ModalFrame } from '../../runtime/ui/dialogs/index.ts';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'nl', messages: {} });
  // jsdom lays nothing out; every element counts as shown.
  HTMLElement.prototype.getClientRects = function getClientRects() {
    return [{}] as unknown as DOMRectList;
  };
});
afterEach(cleanup);

function Page({ children }: { children: (close: () => void) => React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <I18nProvider i18n={i18n}>
      <button type="button" onClick={() => setOpen(true)}>
        Openen
      </button>
      {open && children(() => setOpen(false))}
    </I18nProvider>
  );
}

describe('dialog focus', () => {
  it('goes to the first field, stays inside on Tab and returns on close', () => {
    render(
      <Page>
        {(close) => (
          <ModalFrame
            title="Bewerken"
            onCloseClick={close}
            footer={
              <button type="button" onClick={close}>
                Klaar
              </button>
            }
          >
            <input aria-label="Code" />
            <input aria-label="Naam" />
          </ModalFrame>
        )}
      </Page>,
    );
    const opener = screen.getByRole('button', { name: 'Openen' });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByLabelText('Code'));

    const dialog = screen.getByRole('dialog');
    const done = screen.getByRole('button', { name: 'Klaar' });
    done.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    // From the last element round to the first: the header's close button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sluiten' }));
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(done);

    fireEvent.click(done);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
  it('without fields takes its first button (a confirm)', () => {
    render(
      <Page>
        {(close) => (
          <ModalFrame
            title="Bevestigen"
            footer={
              <>
                <button type="button" onClick={close}>
                  Ja
                </button>
                <button type="button" onClick={close}>
                  Nee
                </button>
              </>
            }
          >
            <p>Zeker?</p>
          </ModalFrame>
        )}
      </Page>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Openen' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ja' }));
  });
});
