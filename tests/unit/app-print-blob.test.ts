// The print-blob dialog (spec 1 section 2): a PDF is offered to view, print or save from an object
// URL of its bytes, which is let go a while after the dialog closes (a tab may still read it);
// Escape closes it like any dialog. Other files are saved at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blobOf, closeTop, dialogs, resetDialogs, showPrintBlob } from '../../runtime/ui/dialogs/dialogs.ts';
import { isPrintable } from '../../runtime/ui/dialogs/saveBlob.ts';

beforeEach(() => {
  resetDialogs();
  vi.useFakeTimers();
  URL.createObjectURL = vi.fn(() => 'blob:offerte');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.useRealTimers());

describe('the print-blob dialog', () => {
  it('is offered for PDFs only', () => {
    expect(isPrintable('application/pdf', 'a.bin')).toBe(true);
    expect(isPrintable('', 'Offerte.PDF')).toBe(true);
    expect(isPrintable('text/plain', 'notities.txt')).toBe(false);
    expect(isPrintable('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'relations.xlsx')).toBe(
      false,
    );
  });

  it('holds the file while open and lets its URL go a minute after Escape closes it', () => {
    const blob = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    const id = showPrintBlob(blob, 'Offerte.pdf');
    expect(dialogs.stack).toEqual([
      { id, kind: 'blob', title: 'Offerte.pdf', blob: { url: 'blob:offerte', fileName: 'Offerte.pdf' } },
    ]);
    expect(blobOf(id)).toBe(blob);
    expect(closeTop()).toBe(true);
    expect(dialogs.stack).toEqual([]);
    expect(blobOf(id)).toBeUndefined();
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:offerte');
  });
});
