// @vitest-environment jsdom
// The failed rows of an ended import in its task dialog: each row by its number and the values
// that identify it with every problem, reached with the arrow keys; a task that kept more rows
// than a page turns pages through GetItem, and one that kept fewer than failed says so.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportFailedRow, ImportResults } from '../../runtime/api/index.ts';
import { ImportFailedRows } from '../../runtime/screens/import/ImportFailedRows.tsx';

const row = (Row: number, ...messages: string[]): ImportFailedRow => ({
  Row,
  Result: 3,
  Result_Enum: 'CreateFailed',
  Key: [{ Field: 'ID', Label: 'Relatiecode', Value: `R${Row}` }],
  Problems: messages.map((Message) => ({ Field: null, Label: null, Key: 'import.list_code', Message })),
});
const results = (PageIndex: number, FailedRows: ImportFailedRow[]): ImportResults => ({
  Created: 1,
  Updated: 0,
  FailedRowsKept: 3,
  FailedRowsLimit: 1000,
  PageIndex,
  PageSize: 2,
  FailedRows,
});

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'nl', messages: {} });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function show(failed: number) {
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <ImportFailedRows autoid={7} results={results(1, [row(3, 'Een', 'Twee'), row(4, 'Drie')])} failed={failed} />
      </I18nProvider>,
    );
  });
  return screen.getByRole('region', { name: 'Mislukte rijen' });
}
const rowsOf = (region: HTMLElement) => within(region).getAllByRole('row', { name: /^Rij \d+$/ });

describe('the failed rows of an import', () => {
  it('shows each row with the values that identify it and every problem; the arrow keys go from row to row', async () => {
    const region = await show(3);
    const rows = rowsOf(region);
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Rij 3', 'Rij 4']);
    expect(rows[0].textContent).toContain('Relatiecode: R3');
    expect(
      within(rows[0])
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Een', 'Twee']);
    expect(rows.map((r) => r.tabIndex)).toEqual([0, -1]);
    rows[0].focus();
    fireEvent.keyDown(rows[0], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rows[1]);
    expect(rows.map((r) => r.tabIndex)).toEqual([-1, 0]);
    fireEvent.keyDown(rows[1], { key: 'Home' });
    expect(document.activeElement).toBe(rows[0]);
    // All rows were kept: nothing to say about it.
    expect(within(region).queryByText(/zijn bewaard/)).toBeNull();
  });

  it('turns to the next page through GetItem and says when fewer rows were kept than failed', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ AutoID: 7, Results: results(2, [row(9, 'Vier')]) })));
    vi.stubGlobal('fetch', fetch);
    const region = await show(1500);
    expect(within(region).getByText(/De eerste 3 van 1\.500 mislukte rijen zijn bewaard/)).toBeTruthy();
    expect(within(region).getByText('Pagina 1 van 2')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(region).getByRole('button', { name: 'Volgende' }));
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/mvc\/import\/GetItem\?autoid=7$/);
    expect(JSON.parse(String(init.body))).toEqual({ pageIndex: 2, pageSize: 2 });
    expect(rowsOf(region).map((r) => r.getAttribute('aria-label'))).toEqual(['Rij 9']);
    expect(within(region).getByText('Pagina 2 van 2')).toBeTruthy();
    expect(within(region).getByRole<HTMLButtonElement>('button', { name: 'Volgende' }).disabled).toBe(true);
  });
});
