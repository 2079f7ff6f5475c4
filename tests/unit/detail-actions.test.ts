// Actions as a detail screen offers them: from the screen definition and the record's transitions,
// which apply to how many rows, and their prompts as a generated form with the values sent.
import { describe, expect, it } from 'vitest';
import { Component } from '../../definitions/language/index.ts';
import type { ScreenInfo, TransitionInfo } from '../../runtime/api/index.ts';
import {
  appliesTo,
  missingPrompts,
  promptDefaults,
  promptForm,
  promptInfo,
  promptValues,
  recordActions,
  screenActions,
  withTransition,
} from '../../runtime/screens/actions/model.ts';

const screen: Pick<ScreenInfo, 'actions'> = {
  actions: [
    { name: 'block', label: 'Blokkeren', transition: 'block', batch: true },
    {
      name: 'changeStatus',
      label: 'Status wijzigen',
      batch: true,
      right: '2.4',
      prompts: [{ name: 'Status', label: 'Nieuwe status', type: 'list', list: 'relationstatuses', required: true }],
      set: { Status: '$prompt.Status' },
    },
    {
      name: 'merge',
      label: 'Samenvoegen',
      merge: true,
      confirm: 'Kan niet ongedaan worden gemaakt.',
      prompts: [{ name: 'Target', label: 'Samenvoegen met', type: 'list', list: 'relations', required: true }],
    },
  ],
};
const block: TransitionInfo = {
  Name: 'block',
  Label: 'Blokkeren',
  To: true,
  ToLabel: 'Geblokkeerd',
  Warning: 'Let op',
  Prompts: [
    { Name: 'BlockReason', Label: 'Reden', Type: 'list', Required: true, ListMethod: 'mvc/_lists/blockreasons' },
    { Name: 'Comment', Label: 'Toelichting', Type: 'textarea', Required: false },
  ],
};

describe('actions of a screen', () => {
  it("keep the definition's order, call RunAction and carry confirm, right and prompts", () => {
    const actions = screenActions(screen);
    expect(actions.map((a) => [a.key, a.call, a.batch, a.right, a.transition])).toEqual([
      ['action:block', 'action', true, null, 'block'],
      ['action:changeStatus', 'action', true, '2.4', null],
      ['action:merge', 'action', false, null, null],
    ]);
    expect(actions[2].confirm).toBe('Kan niet ongedaan worden gemaakt.');
    expect(actions[1].prompts).toEqual([
      {
        Name: 'Status',
        Label: 'Nieuwe status',
        Type: 'list',
        Required: true,
        ListMethod: 'mvc/_lists/relationstatuses',
      },
    ]);
  });
  it('a batch action applies to one or more rows, any other to exactly one', () => {
    expect([0, 1, 3].map((n) => appliesTo({ batch: true }, n))).toEqual([false, true, true]);
    expect([0, 1, 3].map((n) => appliesTo({ batch: false }, n))).toEqual([false, true, false]);
  });
  it("a transition action takes the transition's prompts and warning", () => {
    const [blockAction] = screenActions(screen);
    const resolved = withTransition(blockAction, block);
    expect(resolved.prompts.map((p) => p.Name)).toEqual(['BlockReason', 'Comment']);
    expect(resolved.warning).toBe('Let op');
    expect(resolved.call).toBe('action');
    expect(withTransition(blockAction, undefined)).toBe(blockAction);
  });
  it('the open record offers its transitions (ChangeStatus) and the actions that are not transitions', () => {
    const actions = recordActions(screen, [block]);
    expect(actions.map((a) => [a.key, a.call])).toEqual([
      ['transition:block', 'transition'],
      ['action:changeStatus', 'action'],
      ['action:merge', 'action'],
    ]);
    expect(actions[0].warning).toBe('Let op');
    // Not allowed now: no transition, and the screen's transition action is not offered either.
    expect(recordActions(screen, []).map((a) => a.key)).toEqual(['action:changeStatus', 'action:merge']);
  });
});

describe('prompts', () => {
  it('map their types to field types and widgets; list prompts look up their list', () => {
    const form = promptForm([
      promptInfo({ name: 'Reason', label: 'Reden', type: 'text', maxLength: 200 }),
      promptInfo({ name: 'Date', label: 'Datum', type: 'date', required: true }),
      promptInfo({ name: 'Count', label: 'Aantal', type: 'integer' }),
      promptInfo({ name: 'Ok', label: 'Akkoord', type: 'bool' }),
      promptInfo({ name: 'Kind', label: 'Soort', type: 'select', options: [{ value: 'a', label: 'A' }] }),
      ...block.Prompts,
    ]);
    expect(form.Properties.map((p) => [p.FieldName, p.FieldType, p.Component])).toEqual([
      ['Reason', 'text', Component.TextInput],
      ['Date', 'date', Component.DateTimeInput],
      ['Count', 'integer', Component.NumericInput],
      ['Ok', 'bool', Component.BoolInput],
      ['Kind', 'select', Component.SelectInput],
      ['BlockReason', 'list', Component.ListInput],
      ['Comment', 'textarea', Component.TextAreaInput],
    ]);
    expect(form.Properties[0].Settings.FieldLength).toBe(200);
    expect(form.Properties[1]).toMatchObject({ Required: true, Visibility: 3 });
    expect(form.Properties[2].Settings.step).toBe(1);
    expect(form.Properties[5].Settings.ListConfig).toMatchObject({
      ListMethod: 'mvc/_lists/blockreasons',
      SingleMethod: 'mvc/_lists/blockreasons/single',
    });
    expect(form.Groups).toHaveLength(1);
    expect(new Set(form.Properties.map((p) => p.GroupID))).toEqual(new Set([form.Groups[0].GroupID]));
  });
  it('tell which required ones are missing (a list value counts only above 0) and send the filled ones', () => {
    expect(missingPrompts(block.Prompts, {})).toEqual(['BlockReason']);
    expect(missingPrompts(block.Prompts, { BlockReason: 0 })).toEqual(['BlockReason']);
    expect(missingPrompts(block.Prompts, { BlockReason: 7 })).toEqual([]);
    expect(promptValues(block.Prompts, { BlockReason: 7, Comment: '', Other: 1 })).toEqual({ BlockReason: 7 });
    expect(promptValues(block.Prompts, { BlockReason: 7, Comment: 'Drie facturen open' })).toEqual({
      BlockReason: 7,
      Comment: 'Drie facturen open',
    });
  });

  it('start with their defaults, $today as the date today where the user is', () => {
    const prompts = [
      promptInfo({ name: 'InvoiceTill', label: 'Factureren tot en met', type: 'date', default: '$today' }),
      promptInfo({ name: 'Count', label: 'Aantal', type: 'integer', default: 3 }),
      promptInfo({ name: 'Comment', label: 'Toelichting', type: 'textarea' }),
    ];
    expect(promptDefaults(prompts, new Date(2026, 1, 28, 23, 30))).toEqual({ InvoiceTill: '2026-02-28', Count: 3 });
    expect(promptDefaults(block.Prompts)).toEqual({});
  });
});
