// The record's header: the screen's header fields with their labels and values shown as text, and
// the change tracker's fields (spec 2 section 6). Pure, from the form's properties and the record.
import { ColumnFormat } from '../../../definitions/language/index.ts';
import type { FormProperty } from '../../form/index.ts';
import { formatDateValue } from '../../grid/index.ts';
import { formatNumber, NUMERIC_FIELD_TYPES } from '../../i18n/numbers.ts';

type Row = Record<string, unknown>;

export interface HeaderItem {
  field: string;
  label: string;
  text: string;
}

const DATE_FORMATS: Record<string, number> = {
  date: ColumnFormat.Date,
  time: ColumnFormat.Time,
  datetime: ColumnFormat.DateTime,
  'datetime-seconds': ColumnFormat.DateTimeSeconds,
};

/**
 * A value as text: a list field by its description, a field with options (a choice, a workflow's
 * status kept as a number or a flag) by its option's label, yes/no, dates D-M-YYYY, numbers in
 * the user's language with a decimal field's own number of decimals.
 */
export function valueText(
  property: Pick<FormProperty, 'FieldName' | 'FieldType' | 'Settings'> | undefined,
  field: string,
  record: Row,
  yesNo: [string, string],
  locale = 'nl',
): string {
  const value = record[field];
  if (property?.FieldType === 'list') return String(record[`${field}_Descr`] ?? '');
  if (value === null || value === undefined) return '';
  const option = property?.Settings.Options?.find((o) => o.value === String(value));
  if (option) return option.label;
  if (typeof value === 'boolean') return value ? yesNo[0] : yesNo[1];
  const format = property ? DATE_FORMATS[property.FieldType] : undefined;
  if (format !== undefined && typeof value === 'string') return formatDateValue(value, format);
  if (
    property &&
    NUMERIC_FIELD_TYPES.has(property.FieldType) &&
    (typeof value === 'number' || typeof value === 'string')
  ) {
    return formatNumber(value, locale, {
      decimal: property.FieldType === 'decimal',
      decimals: property.Settings.Decimals,
    });
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The header fields of the screen, in its order; a field the form does not have shows by name. */
export function headerItems(
  fields: readonly string[],
  properties: readonly FormProperty[],
  record: Row,
  yesNo: [string, string],
  locale = 'nl',
): HeaderItem[] {
  return fields.map((field) => {
    const property = properties.find((p) => p.FieldName.toLowerCase() === field.toLowerCase());
    const name = property?.FieldName ?? field;
    return { field: name, label: property?.Label ?? field, text: valueText(property, name, record, yesNo, locale) };
  });
}

/** The change tracker's fields (spec 2 section 6), in the spec's order. */
export const TRACKER_FIELDS = ['TimeStamp', 'CreateDate', 'CreatedBy', 'ModifiedBy'] as const;

export function trackerValue(field: (typeof TRACKER_FIELDS)[number], record: Row): string {
  const value = record[field];
  if (value === null || value === undefined || value === '') return '';
  if (field === 'CreateDate' && typeof value === 'string') return formatDateValue(value, ColumnFormat.DateTimeSeconds);
  return String(value);
}
