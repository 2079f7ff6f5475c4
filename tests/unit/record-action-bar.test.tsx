// @vitest-environment jsdom
// The record's toolbar: a workflow's stages as a status bar with the record's state marked, the
// transitions it may make now in one Status menu, the screen's other actions as buttons.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActionSpec } from '../../runtime/screens/actions/index.ts';
import { RecordActionBar } from '../../runtime/screens/detail/RecordActionBar.tsx';

// The unit project does not run the lingui babel macro; this stand-in renders the Dutch source text.
vi.mock('@lingui/react/macro', () => {
  const t = (first: unknown, ...values: unknown[]) =>
    Array.isArray(first)
      ? first.reduce(
          (text: string, part: string, i: number) => text + part + (i < values.length ? String(values[i]) : ''),
          '',
        )
      : String(first);
  return { useLingui: () => ({ t, i18n: { locale: 'nl' } }) };
});

afterEach(cleanup);

const action = (label: string, call: ActionSpec['call']): ActionSpec => ({
  key: `${call}:${label}`,
  label,
  call,
  name: label,
  batch: false,
  minSelected: 1,
  confirm: null,
  prompts: [],
  warning: null,
  right: null,
  transition: null,
});
const STAGES = [
  { Value: -1, Label: 'Mand' },
  { Value: 2, Label: 'Order' },
  { Value: 3, Label: 'Levering' },
  { Value: 6, Label: 'Afgerond' },
];

function show(status: number, statusLabel: string, actions: ActionSpec[], onStart = vi.fn()) {
  i18n.loadAndActivate({ locale: 'nl', messages: {} });
  const bar = createElement(RecordActionBar, {
    actions,
    workflow: { Status: status, StatusLabel: statusLabel, Stages: STAGES },
    onStart,
  });
  render(createElement(I18nProvider, { i18n }, bar));
  return onStart;
}

describe('the record toolbar', () => {
  it("shows the stages with the record's own marked, and those before it done", () => {
    show(3, 'Levering', []);
    const stages = within(screen.getByRole('list', { name: 'Status' })).getAllByRole('listitem');
    expect(stages.map((s) => s.textContent)).toEqual(['Mand', 'Order', 'Levering', 'Afgerond']);
    expect(stages.map((s) => s.getAttribute('aria-current'))).toEqual([null, null, 'step', null]);
    expect(stages.map((s) => s.className)).toEqual(['is-done', 'is-done', 'is-current', '']);
    expect(screen.getByRole('toolbar').textContent).toContain('Status: Levering');
  });

  it('marks a state off the main path after the stages', () => {
    show(7, 'Geannuleerd', []);
    const stages = within(screen.getByRole('list', { name: 'Status' })).getAllByRole('listitem');
    expect(stages.at(-1)).toMatchObject({ textContent: 'Geannuleerd' });
    expect(stages.at(-1)!.getAttribute('aria-current')).toBe('step');
  });

  it('offers the transitions in one Status menu and the other actions as buttons', () => {
    const onStart = show(2, 'Order', [
      action('Leveren', 'transition'),
      action('Backorder', 'transition'),
      action('Kopiëren', 'action'),
    ]);
    const toolbar = screen.getByRole('toolbar');
    expect(within(toolbar).queryByRole('button', { name: 'Leveren' })).toBeNull();
    expect(within(toolbar).getByRole('button', { name: 'Kopiëren' })).toBeTruthy();
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Status' }));
    const items = within(screen.getByRole('menu', { name: 'Status' })).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Leveren', 'Backorder']);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.click(items[1]);
    expect(onStart).toHaveBeenCalledWith(expect.objectContaining({ label: 'Backorder' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
