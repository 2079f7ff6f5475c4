// Pure parts of a detail screen: the record id a route names, the data sets with the default
// first, the tabs, and the header's values.
import { describe, expect, it } from 'vitest';
import type { ScreenInfo } from '../../runtime/api/index.ts';
import type { FormProperty } from '../../runtime/form/index.ts';
import { initialDataSet, keepDataSet, keptDataSet, orderedDataSets } from '../../runtime/screens/detail/dataSets.ts';
import { headerItems, trackerValue, valueText } from '../../runtime/screens/detail/headerValues.ts';
import { detailTabs, tabEnabled, tabOfForm } from '../../runtime/screens/detail/tabs.ts';
import { recordIdOf } from '../../runtime/screens/detail/useOpenRecord.ts';
import { monthLabel } from '../../runtime/screens/detail/DashboardTab.tsx';

const sets: Pick<ScreenInfo, 'dataSets'> = {
  dataSets: [
    { name: 'mine', title: 'Mijn relaties', filter: [] },
    { name: 'active', title: 'Actief', default: true, filter: [] },
    { name: 'all', title: 'Alle', filter: [] },
  ],
};

describe('the record of a route', () => {
  it('is a whole number (0 for a new record), else none', () => {
    expect(recordIdOf({ id: '42' })).toBe(42);
    expect(recordIdOf({ id: '0' })).toBe(0);
    expect(recordIdOf({})).toBeNull();
    expect(recordIdOf({ id: '4x' })).toBeNull();
    expect(recordIdOf({ id: '-1' })).toBeNull();
  });
});

describe('data sets', () => {
  it('put the default first and choose it, unless a kept choice still exists', () => {
    expect(orderedDataSets(sets).map((s) => s.name)).toEqual(['active', 'mine', 'all']);
    expect(initialDataSet(sets)).toBe('active');
    expect(initialDataSet(sets, 'all')).toBe('all');
    expect(initialDataSet(sets, 'gone')).toBe('active');
    expect(initialDataSet({ dataSets: [{ name: 'a', title: 'A', filter: [] }] })).toBe('a');
    expect(initialDataSet({})).toBeNull();
  });
  it('are kept per page for Back and Forward', () => {
    keepDataSet('7:relations', 'all');
    expect(keptDataSet('7:relations')).toBe('all');
    expect(keptDataSet('8:relations')).toBeUndefined();
  });
});

describe('tabs', () => {
  it('come from the screen, or one tab with the whole form', () => {
    expect(detailTabs({ tabs: [] }, 'Details')).toEqual([{ name: 'form', title: 'Details', kind: 'form' }]);
    const defined = {
      tabs: [
        { name: 'detail', title: 'Details', kind: 'form' as const, formTab: 'detail' },
        { name: 'log', title: 'Log', kind: 'statuslog' as const },
      ],
    };
    expect(detailTabs(defined, 'x')).toBe(defined.tabs);
    expect(tabOfForm(defined, defined.tabs[0])).toEqual({ formTab: 'detail' });
    expect(tabOfForm({}, { name: 'form', title: 'Details', kind: 'form' })).toBeUndefined();
  });
  it('other than form tabs wait until the record is saved', () => {
    expect(tabEnabled({ name: 'a', title: 'A', kind: 'form' }, false)).toBe(true);
    expect(tabEnabled({ name: 'b', title: 'B', kind: 'grid', table: 't', parentField: 'P' }, false)).toBe(false);
    expect(tabEnabled({ name: 'b', title: 'B', kind: 'grid', table: 't', parentField: 'P' }, true)).toBe(true);
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
const prop = (
  FieldName: string,
  Label: string,
  FieldType: FormProperty['FieldType'],
  extra: Partial<FormProperty['Settings']> = {},
): FormProperty => ({
  FieldName,
  Label,
  Value: null,
  Required: false,
  Enabled: true,
  Visibility: 1,
  Component: 6,
  FieldType,
  QuantityUnit: null,
  GroupID: 'g',
  Tab: null,
  Column: 1,
  Settings: { ...settings, ...extra },
  Rules: { visibleWhen: null, enabledWhen: null, requiredWhen: null },
});

describe('header values', () => {
  const properties = [
    prop('ID', 'Relatiecode', 'text'),
    prop('Status', 'Status', 'list'),
    prop('Blocked', 'Geblokkeerd', 'bool'),
    prop('Pay', 'Betaalwijze', 'select', { Options: [{ value: 'cash', label: 'Contant' }] }),
    prop('BlockedAt', 'Geblokkeerd op', 'datetime'),
  ];
  const record = {
    ID: 'R1',
    Status: 3,
    Status_Descr: 'Klant',
    Blocked: true,
    Pay: 'cash',
    BlockedAt: '2024-03-05T14:07:00',
  };
  it('show lists by text, choices by label, yes/no and dates D-M-YYYY', () => {
    expect(
      headerItems(['ID', 'status', 'Blocked', 'Pay', 'BlockedAt', 'Unknown'], properties, record, ['Ja', 'Nee']),
    ).toEqual([
      { field: 'ID', label: 'Relatiecode', text: 'R1' },
      { field: 'Status', label: 'Status', text: 'Klant' },
      { field: 'Blocked', label: 'Geblokkeerd', text: 'Ja' },
      { field: 'Pay', label: 'Betaalwijze', text: 'Contant' },
      { field: 'BlockedAt', label: 'Geblokkeerd op', text: '5-3-2024 14:07' },
      { field: 'Unknown', label: 'Unknown', text: '' },
    ]);
    expect(valueText(properties[1], 'Status', { Status: null }, ['Ja', 'Nee'])).toBe('');
  });
  it('the change tracker shows its fields, the creation date with seconds', () => {
    const row = { TimeStamp: 12, CreateDate: '2024-03-05T14:07:09', CreatedBy: 'admin', ModifiedBy: null };
    expect(['TimeStamp', 'CreateDate', 'CreatedBy', 'ModifiedBy'].map((f) => trackerValue(f as never, row))).toEqual([
      '12',
      '5-3-2024 14:07:09',
      'admin',
      '',
    ]);
  });
  it('months read as their name and year', () => {
    expect(monthLabel('2024-03', 'nl')).toMatch(/mrt.*2024/);
    expect(monthLabel('bad', 'nl')).toBe('bad');
  });
});
