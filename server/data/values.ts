// Between API values and SQL values: reading input of the right type into parameters, and
// turning rows (lower-case columns) into records named as the definitions name them.
import { barcodeValue } from '../../definitions/language/barcode.ts';
import { decimalDigits, integerDigits, type EffectiveField } from '../../definitions/language/index.ts';
import type { TableModel } from '../metadata/model.ts';
import { catalogueText } from './catalogues.ts';

/** Decimals beyond what a JS number holds exactly travel as strings. */
const exactAsNumber = (f: EffectiveField) => integerDigits(f) + decimalDigits(f) <= 15;

export function outputValue(field: EffectiveField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (field.type === 'password') return null;
  if (field.type === 'decimal') return exactAsNumber(field) ? Number(value) : String(value);
  if (field.type === 'datetime') return String(value).slice(0, 16);
  if (field.type === 'datetime-seconds') return String(value).slice(0, 19);
  if (field.type === 'time') return String(value).slice(0, 5);
  return value;
}

export const descrKey = (field: EffectiveField) => `${field.name}_Descr`;

/** A file or image field holds a FileID; its `<Field>_Descr` is the file's name. */
export const isFileField = (field: EffectiveField) => field.type === 'file' || field.type === 'image';

/** Fields answered with a display text besides their value: list fields, file fields and catalogue codes. */
export const hasDescr = (field: EffectiveField) =>
  field.type === 'list' || isFileField(field) || Boolean(field.catalogue);

export function recordFromRow(model: TableModel, row: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = { AutoID: row.autoid };
  for (const field of model.table.fields) {
    if (!Object.hasOwn(row, field.sqlName)) continue;
    record[field.name] = outputValue(field, row[field.sqlName]);
    // A catalogue code's text is its entry's name (in Dutch; the API answers it in the user's language).
    if (field.catalogue) record[descrKey(field)] = catalogueText(model, field, record[field.name], undefined, record);
    else if (hasDescr(field)) record[descrKey(field)] = row[`${field.sqlName}__descr`] ?? null;
  }
  if (Object.hasOwn(row, 'timestamp')) record.TimeStamp = row.timestamp;
  if (Object.hasOwn(row, 'createdate'))
    record.CreateDate = row.createdate instanceof Date ? row.createdate.toISOString() : row.createdate;
  if (Object.hasOwn(row, 'createdby')) record.CreatedBy = row.createdby;
  if (Object.hasOwn(row, 'modifiedby')) record.ModifiedBy = row.modifiedby;
  if (model.table.archivable && Object.hasOwn(row, 'archive')) record.Archive = row.archive;
  return record;
}

/** Normalises input before validation: empty text of non-text fields and picker value 0 mean "no value". */
export function normaliseInput(field: EffectiveField, value: unknown): unknown {
  if (value === '' && !['text', 'textarea', 'html'].includes(field.type)) return null;
  if (field.type === 'list' && value === 0) return null;
  if (field.barcode === true && typeof value === 'string') return barcodeValue(value);
  return value;
}

export function sqlValue(field: EffectiveField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (field.type === 'decimal') return String(value);
  if (field.type === 'datetime' || field.type === 'datetime-seconds') return String(value).replace(' ', 'T');
  return value;
}
