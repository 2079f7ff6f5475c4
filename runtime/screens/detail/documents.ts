// The documents of a record (docs/files.md): rows of a table whose `belongsTo`
// names the record by two fields, its table's name and its AutoID. The generic calls find them
// (a dataFilter on both) and make them (a save with both set, one row per uploaded file).
import type { FieldCondition } from '../../api/index.ts';
import type { FormAnswer } from '../../form/index.ts';

/** The two fields of the documents table that say whose a document is (its belongsTo, from the screens answer). */
export interface BelongsTo {
  table: string;
  record: string;
}

/** The record the documents belong to, and the fields that name it. */
export interface Owner {
  table: string;
  autoid: number;
  fields: BelongsTo;
}

/** The conditions that pick the documents of one record. */
export function ownerFilter(owner: Owner): FieldCondition[] {
  return [
    { FieldName: owner.fields.table, Value: owner.table },
    { FieldName: owner.fields.record, Value: owner.autoid },
  ];
}

/** The values every new document of the record carries. */
export function ownerValues(owner: Owner): Record<string, unknown> {
  return { [owner.fields.table]: owner.table, [owner.fields.record]: owner.autoid };
}

const isFile = (type: string) => type === 'file' || type === 'image';

/** The field that holds a document's file: the table's one file field. */
export function fileFieldOf(form: FormAnswer): string | null {
  const files = form.Properties.filter((p) => isFile(p.FieldType));
  return files.length === 1 ? files[0].FieldName : null;
}

/** What the user fills in for new documents: the form without the owner fields and the file. */
export function documentForm(form: FormAnswer, fields: BelongsTo): FormAnswer {
  const skip = new Set<string>([fields.table, fields.record].map((f) => f.toLowerCase()));
  return {
    ...form,
    Properties: form.Properties.filter((p) => !skip.has(p.FieldName.toLowerCase()) && !isFile(p.FieldType)),
  };
}

/** The row saved for one uploaded file; an empty description becomes the file's name. */
export function documentRow(
  values: Record<string, unknown>,
  owner: Owner,
  fileField: string,
  file: { FileID: string; FileName: string },
  form: FormAnswer,
) {
  const row: Record<string, unknown> = { ...values, ...ownerValues(owner), AutoID: 0, [fileField]: file.FileID };
  const hasDescr = form.Properties.some((p) => p.FieldName === 'Descr');
  if (hasDescr && (row.Descr === null || row.Descr === undefined || String(row.Descr).trim() === ''))
    row.Descr = file.FileName;
  return row;
}

/** Required fields of the document form still empty (the dialog waits for them). */
export function missingFields(
  form: FormAnswer,
  required: Record<string, boolean>,
  values: Record<string, unknown>,
): string[] {
  return form.Properties.filter(
    (p) =>
      required[p.FieldName] &&
      (values[p.FieldName] === null || values[p.FieldName] === undefined || values[p.FieldName] === ''),
  ).map((p) => p.FieldName);
}
