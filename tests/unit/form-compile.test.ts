import { describe, expect, it } from 'vitest';
// The pure modules directly: the form's index also brings the React components.
import { Component } from '../../definitions/language/index.ts';
import { compileForm } from '../../runtime/form/compile.ts';
import { serverErrors } from '../../runtime/form/server-errors.ts';
import type { FormAnswer, FormProperty } from '../../runtime/form/types.ts';
import { widgetFor } from '../../runtime/form/widgets/registry.ts';
import { offered } from '../../runtime/i18n/index.ts';

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
const rules = { visibleWhen: null, enabledWhen: null, requiredWhen: null };
const field = (over: Partial<FormProperty>): FormProperty => ({
  FieldName: 'X',
  Label: 'X',
  Value: null,
  Required: false,
  Enabled: true,
  Visibility: 1,
  Component: 6,
  FieldType: 'text',
  QuantityUnit: null,
  GroupID: 'general',
  Tab: null,
  Column: 1,
  Settings: settings,
  Rules: rules,
  ...over,
});
const form: FormAnswer = {
  Groups: [
    { GroupID: 'general', Label: null, Tab: null, Column: 1 },
    { GroupID: 'Sessie', Label: 'Sessie', Tab: null, Column: 1 },
  ],
  Properties: [
    field({ FieldName: 'Code', Label: 'Code', Enabled: false, Visibility: 2 }),
    field({ FieldName: 'Show', Label: 'Tonen', Component: 0, FieldType: 'bool', GroupID: 'Sessie' }),
    field({
      FieldName: 'Minutes',
      Label: 'Sessieduur',
      Component: 3,
      FieldType: 'integer',
      GroupID: 'Sessie',
      Rules: { ...rules, visibleWhen: { var: 'Show' }, requiredWhen: { var: 'Show' } },
    }),
    field({
      FieldName: 'Colour',
      Label: 'Kleur',
      FieldType: 'color',
      Rules: { ...rules, enabledWhen: { var: 'Show' } },
    }),
    field({ FieldName: 'Start', Label: 'Start', Component: 1, FieldType: 'time' }),
  ],
};

describe('compileForm', () => {
  it('groups fields in order with their labels and picks a widget per kind', () => {
    const c = compileForm(form, { Show: true });
    expect(c.groups).toEqual([
      { id: 'general', label: null, fields: ['Code', 'Colour', 'Start'] },
      { id: 'Sessie', label: 'Sessie', fields: ['Show', 'Minutes'] },
    ]);
    expect(c.uiSchema.Code['ui:readonly']).toBe(true);
    expect(c.uiSchema.Show['ui:widget']).toBe('FormBool');
    expect(c.uiSchema.Colour['ui:widget']).toBe('FormColor');
    expect(c.uiSchema.Start['ui:widget']).toBe('FormTime');
    expect(c.schema.required).toEqual(['Minutes']);
  });
  it('shows a box for a text in another language only while that language is on offer', () => {
    const translated: FormAnswer = {
      ...form,
      Properties: [
        ...form.Properties,
        field({ FieldName: 'LabelEn', Settings: { ...settings, ContentLanguage: 'en' } }),
        field({ FieldName: 'LabelDe', Settings: { ...settings, ContentLanguage: 'de' } }),
      ],
    };
    const boxes = () => compileForm(translated, { Show: true }).groups[0].fields.filter((f) => f.startsWith('Label'));
    // Before the server said which languages it offers: every one.
    expect(boxes()).toEqual(['LabelEn', 'LabelDe']);
    offered.languages = ['nl', 'en'];
    try {
      expect(boxes()).toEqual(['LabelEn']);
    } finally {
      offered.languages = null;
    }
  });
  it('applies the rules to the current record', () => {
    const c = compileForm(form, { Show: false });
    expect(c.groups[1].fields).toEqual(['Show']);
    expect(c.schema.required).toEqual([]);
    expect(c.uiSchema.Colour['ui:disabled']).toBe(true);
  });
  it("asks a picker with a listFilter for the record's values it reads, and only those", () => {
    const config = {
      ListMethod: 'mvc/_lists/persons',
      SingleMethod: 'mvc/_lists/persons/single',
      Parameters: ['RelationID'],
      GroupID: null,
      ParentList: null,
      For: 'orders.DeliverPerson',
      Reads: ['DeliverRelation'],
    };
    const picker = (For: string | null) =>
      field({
        FieldName: 'DeliverPerson',
        Component: Component.ListInput,
        FieldType: 'list',
        Settings: { ...settings, ListConfig: { ...config, For } },
      });
    const limited = { Groups: form.Groups, Properties: [picker('orders.DeliverPerson')] };
    const record = { AutoID: 7, DeliverRelation: 12, Descr: 'Order', Notes: 'lang verhaal' };
    expect(compileForm(limited, record).uiSchema.DeliverPerson['ui:options'].listParameters).toEqual({
      For: 'orders.DeliverPerson',
      Record: { AutoID: 7, DeliverRelation: 12 },
    });
    expect(
      compileForm({ Groups: form.Groups, Properties: [picker(null)] }, record).uiSchema.DeliverPerson['ui:options']
        .listParameters,
    ).toEqual({});
  });

  it('fails loudly for an unknown Component', () => {
    expect(() => widgetFor({ FieldName: 'Odd', Component: 42, FieldType: 'text' })).toThrow(
      /No widget for Component 42 of field Odd/,
    );
  });
});

describe('serverErrors', () => {
  it('puts ModelState under the field with the field name replaced by the label, Error on top', () => {
    const e = serverErrors(
      {
        Error: 'Er zijn één of meerdere fouten in het formulier (Minutes)',
        ModelState: { Minutes: ['De waarde van Minutes mag maximaal 10 zijn.'], Other: ['Onbekend veld'] },
        TranslationModelState: { ModelState: {} },
      },
      form.Properties,
    );
    expect(e.fields).toEqual({ Minutes: ['De waarde van Sessieduur mag maximaal 10 zijn.'] });
    expect(e.general).toEqual(['Er zijn één of meerdere fouten in het formulier (Minutes)', 'Onbekend veld']);
  });
});
