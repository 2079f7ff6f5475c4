// One map from form input kind (Component code) to widget, failing loudly for an unknown kind,
// as rjsf's getWidget does for an unknown schema type. Pure: names only, the components are
// bound by name in widgets/components.ts.
import { Component } from '../../../definitions/language/index.ts';
import type { FormProperty } from '../types.ts';

export const WIDGET_NAMES = [
  'FormText',
  'FormPassword',
  'FormTextArea',
  'FormNumeric',
  'FormBool',
  'FormSelect',
  'FormDateTime',
  'FormTime',
  'FormColor',
  'FormListPicker',
  'FormFile',
] as const;
export type WidgetName = (typeof WIDGET_NAMES)[number];

export const WIDGET_BY_COMPONENT: Readonly<Record<number, WidgetName>> = {
  [Component.BoolInput]: 'FormBool',
  [Component.DateTimeInput]: 'FormDateTime',
  [Component.ListInput]: 'FormListPicker',
  [Component.NumericInput]: 'FormNumeric',
  [Component.SelectInput]: 'FormSelect',
  [Component.TextAreaInput]: 'FormTextArea',
  [Component.TextInput]: 'FormText',
};

/** The widget of a property; within a kind the field type picks a variant (time, colour). */
export function widgetFor(property: Pick<FormProperty, 'FieldName' | 'Component' | 'FieldType'>): WidgetName {
  const name = WIDGET_BY_COMPONENT[property.Component];
  if (!name) {
    throw new Error(
      `No widget for Component ${JSON.stringify(property.Component)} of field ${property.FieldName}; known kinds: ${Object.keys(WIDGET_BY_COMPONENT).join(', ')}`,
    );
  }
  if (name === 'FormDateTime' && property.FieldType === 'time') return 'FormTime';
  if (name === 'FormText' && property.FieldType === 'color') return 'FormColor';
  if (name === 'FormText' && property.FieldType === 'password') return 'FormPassword';
  // A file or image field holds a FileID: it is chosen and uploaded, never typed.
  if (name === 'FormText' && (property.FieldType === 'file' || property.FieldType === 'image')) return 'FormFile';
  return name;
}
