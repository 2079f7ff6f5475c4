// The table's checks and confirms in the form, and a detail screen's form tabs: pure helpers
// over the GetForm answer.
import { describe, expect, it } from 'vitest';
import { checkMessages, checksHold, confirmsFor, formForTab, lockFields } from '../../runtime/form/index.ts';
import type { FormAnswer, FormCheck, FormConfirm, FormProperty } from '../../runtime/form/index.ts';

const checks: FormCheck[] = [
  {
    Name: 'PrivateNotOwn',
    ValidWhen: { '!': { and: [{ var: 'PrivatePerson' }, { var: 'OwnOrganisation' }] } },
    Message: 'Een particulier kan niet de eigen organisatie zijn.',
    Fields: ['PrivatePerson', 'OwnOrganisation'],
  },
  {
    Name: 'Dates',
    ValidWhen: { or: [{ '!': { var: 'From' } }, { '!': { var: 'To' } }, { '<=': [{ var: 'From' }, { var: 'To' }] }] },
    Message: 'Tot ligt vóór van.',
    Fields: ['To'],
  },
];

describe('checks', () => {
  it('show their message under each shown field they name while they fail', () => {
    const shown = new Set(['PrivatePerson', 'OwnOrganisation', 'To']);
    expect(checkMessages(checks, { PrivatePerson: true, OwnOrganisation: false }, shown)).toEqual({
      fields: {},
      general: [],
    });
    expect(
      checkMessages(
        checks,
        { PrivatePerson: true, OwnOrganisation: true, From: '2024-02-01', To: '2024-01-01' },
        shown,
      ),
    ).toEqual({
      fields: { PrivatePerson: [checks[0].Message], OwnOrganisation: [checks[0].Message], To: ['Tot ligt vóór van.'] },
      general: [],
    });
  });
  it('show on top when none of their fields is on this form', () => {
    expect(checkMessages(checks, { From: '2024-02-01', To: '2024-01-01' }, new Set(['PrivatePerson']))).toEqual({
      fields: {},
      general: ['Tot ligt vóór van.'],
    });
  });
  it('hold or not as a whole; no checks always hold', () => {
    expect(checksHold(checks, {})).toBe(true);
    expect(checksHold(checks, { PrivatePerson: true, OwnOrganisation: true })).toBe(false);
    expect(checksHold(undefined, {})).toBe(true);
  });
});

describe('confirms', () => {
  it('ask their question when their rule holds, in order', () => {
    const confirms: FormConfirm[] = [
      {
        Name: 'Blocked',
        When: { '==': [{ var: 'Blocked' }, true] },
        Message: 'Deze relatie is geblokkeerd. Toch opslaan?',
      },
      { Name: 'Always', When: true, Message: 'Zeker?' },
    ];
    expect(confirmsFor(confirms, { Blocked: false })).toEqual(['Zeker?']);
    expect(confirmsFor(confirms, { Blocked: true })).toEqual(['Deze relatie is geblokkeerd. Toch opslaan?', 'Zeker?']);
    expect(confirmsFor(undefined, {})).toEqual([]);
  });
});

const settings = {
  FieldLength: null,
  min: null,
  max: null,
  step: null,
  Integers: null,
  Decimals: null,
  Options: null,
  ListConfig: null,
};
const prop = (FieldName: string, GroupID: string | null, Tab: string | null = null): FormProperty => ({
  FieldName,
  Label: FieldName,
  Value: null,
  Required: false,
  Enabled: true,
  Visibility: 1,
  Component: 6,
  FieldType: 'text',
  QuantityUnit: null,
  GroupID,
  Tab,
  Column: 1,
  Settings: settings,
  Rules: { visibleWhen: null, enabledWhen: null, requiredWhen: null },
});
const form: FormAnswer = {
  Properties: [
    prop('ID', 'Algemeen'),
    prop('Iban', 'Bank'),
    prop('Note', 'general'),
    prop('Loose', 'other', 'financial'),
  ],
  Groups: [
    { GroupID: 'Algemeen', Label: 'Algemeen', Tab: 'detail', Column: 1 },
    { GroupID: 'Bank', Label: 'Bank', Tab: 'financial', Column: 1 },
    { GroupID: 'general', Label: null, Tab: null, Column: 1 },
  ],
  Checks: checks,
};

describe('form tabs', () => {
  it('show the groups of their tab; without a tab the groups without one', () => {
    expect(formForTab(form, 'detail').Properties.map((p) => p.FieldName)).toEqual(['ID']);
    // A property of a group the answer does not list follows its own Tab.
    expect(formForTab(form, 'financial').Properties.map((p) => p.FieldName)).toEqual(['Iban', 'Loose']);
    expect(formForTab(form, undefined).Properties.map((p) => p.FieldName)).toEqual(['Note']);
    expect(formForTab(form, 'detail').Checks).toBe(checks);
  });
  it('lock fields read-only by name, whatever their case', () => {
    const locked = lockFields(form, ['id']);
    expect(locked.Properties.map((p) => p.Enabled)).toEqual([false, true, true, true]);
    expect(lockFields(form, [])).toBe(form);
  });
});
