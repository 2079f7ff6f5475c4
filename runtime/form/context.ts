// What the form hands its templates and widgets through rjsf's formContext.
import type { Registry, WidgetProps } from '@rjsf/utils';
import type { createClient } from '../api/index.ts';
import type { FieldOptions } from './compile.ts';
import type { CompiledGroup } from './compile.ts';

export type ListClient = Pick<ReturnType<typeof createClient>, 'list' | 'single'>;

/** A row of a list field's table to show in a dialog over the form. */
export interface ReferenceRequest {
  table: string;
  /** The row to open, or 0 for a new one. */
  autoid: number;
  /** The dialog's title. */
  title: string;
  /** Shown to look at only (the user may not change the table's rows). */
  readOnly: boolean;
  /** A new row's values, set and shown locked. */
  values?: Record<string, unknown>;
}

/**
 * Shows the row in a dialog; resolves when the dialog closes, with the row as saved, or null when
 * it closed without a save. The page hosting the form provides it (the form layer has no pages).
 */
export type OpenReference = (request: ReferenceRequest) => Promise<Record<string, unknown> | null>;

export interface FormContext {
  currentPerson?: string;
  /** The record as the form holds it now (pickers read `<Field>_Descr`). */
  record: Record<string, unknown>;
  serverErrors: Record<string, string[]>;
  required: Record<string, boolean>;
  groups: CompiledGroup[];
  client: ListClient;
  /** The table the record belongs to (file fields link to its stored files). */
  table?: string;
  /** The record as last loaded or saved: a file field whose value is still this one is stored. */
  stored?: Record<string, unknown> | null;
  /** Opens rows of list fields' tables; pickers offer open and "+ Nieuw" only where given. */
  references?: OpenReference;
}

export function formContextOf(registry: Registry): FormContext {
  return registry.formContext as FormContext;
}

export function fieldOptions(props: WidgetProps): FieldOptions {
  return props.options as unknown as FieldOptions;
}

export function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** Input classes; required inputs get the required style while empty. */
export function inputClass(props: Pick<WidgetProps, 'required'>, value: unknown, extra = ''): string {
  return ['form-input', props.required && isEmpty(value) ? 'form-input--required-empty' : '', extra]
    .filter(Boolean)
    .join(' ');
}
