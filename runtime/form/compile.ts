// GetForm → rjsf JSON Schema + uiSchema, with the field rules applied to the current record.
// Pure, so the whole form layout is testable without a DOM and recomputed on every change.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { evaluateRule, valueKind } from '../../definitions/language/index.ts';
import type { RulesLogic } from 'json-logic-js';
import { isOffered } from '../i18n/index.ts';
import { pickerParameters } from './rules/picker.ts';
import { recordLimits } from './rules/list-filter.ts';
import { Visibility, type FormAnswer, type FormProperty } from './types.ts';
import { widgetFor } from './widgets/registry.ts';

export interface CompiledGroup {
  id: string;
  label: string | null;
  fields: string[];
}

/** What each widget gets in ui:options. */
export interface FieldOptions {
  property: FormProperty;
  /** List filter parameters bound to the record (list pickers only). */
  listParameters?: Record<string, unknown>;
  /** The catalogue code the record holds in the field an action field (`ActionsOf`) follows. */
  actionsOfValue?: unknown;
  [key: string]: unknown;
}

export interface CompiledForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  groups: CompiledGroup[];
  /** Field name → whether it is required now (for the required style). */
  required: Record<string, boolean>;
}

type JsonType = 'string' | 'number' | 'integer' | 'boolean';

function jsonType(property: FormProperty): JsonType {
  if (property.FieldType === 'list') return 'integer';
  switch (valueKind(property.FieldType)) {
    case 'number':
      return 'number';
    case 'bool':
      return 'boolean';
    default:
      return 'string';
  }
}

const rule = (r: FormProperty['Rules'][keyof FormProperty['Rules']]) =>
  r === null ? undefined : (r as RulesLogic | boolean);

export interface FieldState {
  visible: boolean;
  readonly: boolean;
  disabled: boolean;
  required: boolean;
}

/** A property's state for the current record: server flags plus its live rules. */
export function fieldState(property: FormProperty, record: Record<string, unknown>): FieldState {
  const visible =
    property.Visibility !== Visibility.Hidden &&
    evaluateRule(rule(property.Rules?.visibleWhen), record) &&
    (!property.Settings?.ContentLanguage || isOffered(property.Settings.ContentLanguage));
  const readonly = property.Enabled === false || property.Visibility === Visibility.ReadOnly;
  const disabled = !evaluateRule(rule(property.Rules?.enabledWhen), record);
  const requiredWhen = property.Rules?.requiredWhen;
  const required =
    visible &&
    (property.Required ||
      property.Visibility === Visibility.Required ||
      (requiredWhen !== null && requiredWhen !== undefined && evaluateRule(rule(requiredWhen), record)));
  return { visible, readonly, disabled, required };
}

export function compileForm(form: FormAnswer, record: Record<string, unknown>): CompiledForm {
  const properties: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = {};
  const requiredNames: string[] = [];
  const required: Record<string, boolean> = {};
  const visibleByGroup = new Map<string, string[]>();

  for (const property of form.Properties) {
    const widget = widgetFor(property);
    const state = fieldState(property, record);
    properties[property.FieldName] = { type: [jsonType(property), 'null'], title: property.Label };
    const options: FieldOptions = { property };
    const listConfig = property.Settings.ListConfig;
    if (listConfig)
      options.listParameters = {
        ...pickerParameters(property, form.Properties, record),
        ...recordLimits(listConfig, record),
      };
    if (property.Settings.ActionsOf) options.actionsOfValue = record[property.Settings.ActionsOf.Field] ?? null;
    uiSchema[property.FieldName] = {
      'ui:widget': widget,
      'ui:readonly': state.readonly,
      'ui:disabled': state.disabled,
      'ui:options': options,
    };
    required[property.FieldName] = state.required;
    if (state.required) requiredNames.push(property.FieldName);
    if (!state.visible) continue;
    const group = property.GroupID ?? '';
    visibleByGroup.set(group, [...(visibleByGroup.get(group) ?? []), property.FieldName]);
  }

  const groups: CompiledGroup[] = [];
  for (const g of form.Groups) {
    const fields = visibleByGroup.get(g.GroupID);
    visibleByGroup.delete(g.GroupID);
    if (fields?.length) groups.push({ id: g.GroupID, label: g.Label, fields });
  }
  // Properties of a group the answer does not list still show, after the listed groups.
  for (const [id, fields] of visibleByGroup) groups.push({ id, label: null, fields });

  uiSchema['ui:order'] = [...form.Properties.map((p) => p.FieldName), '*'];
  uiSchema['ui:options'] = { groups };
  return {
    schema: { type: 'object', properties, required: requiredNames },
    uiSchema,
    groups,
    required,
  };
}
