// The documents of a record: found by the record's table and AutoID, made one row per uploaded
// file with both set, and filled in through the documents form without the owner and file fields.
import { describe, expect, it } from 'vitest';
import {
  documentForm,
  documentRow,
  fileFieldOf,
  missingFields,
  ownerFilter,
} from '../../runtime/screens/detail/documents.ts';
import { compileForm, type FormAnswer, type FormProperty } from '../../runtime/form/index.ts';

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
const prop = (
  FieldName: string,
  FieldType: FormProperty['FieldType'],
  Required = false,
  Component = 6,
): FormProperty => ({
  FieldName,
  Label: FieldName,
  Value: null,
  Required,
  Enabled: true,
  Visibility: Required ? 3 : 1,
  Component,
  FieldType,
  QuantityUnit: null,
  GroupID: 'Document',
  Tab: null,
  Column: null,
  Settings: settings,
  Rules: rules,
});
const form: FormAnswer = {
  Properties: [
    prop('TableName', 'text', true),
    prop('RecordID', 'bigint', true, 3),
    prop('DocumentKind', 'list', true, 2),
    prop('Language', 'list', true, 2),
    prop('Descr', 'text'),
    prop('File', 'file', true),
  ],
  Groups: [{ GroupID: 'Document', Label: 'Document', Tab: null, Column: null }],
};
const fields = { table: 'TableName', record: 'RecordID' };
const owner = { table: 'relations', autoid: 42, fields };

describe('documents of a record', () => {
  it("are picked by the record's table and AutoID", () => {
    expect(ownerFilter(owner)).toEqual([
      { FieldName: 'TableName', Value: 'relations' },
      { FieldName: 'RecordID', Value: 42 },
    ]);
  });

  it('are filled in without the owner fields and the file, which the dialog sets itself', () => {
    expect(documentForm(form, fields).Properties.map((p) => p.FieldName)).toEqual([
      'DocumentKind',
      'Language',
      'Descr',
    ]);
    expect(fileFieldOf(form)).toBe('File');
    expect(fileFieldOf({ ...form, Properties: form.Properties.filter((p) => p.FieldType !== 'file') })).toBeNull();
  });

  it('wait for the kind and the language (required)', () => {
    const shown = documentForm(form, fields);
    const values = { DocumentKind: null, Language: 3, Descr: '' };
    expect(missingFields(shown, compileForm(shown, values).required, values)).toEqual(['DocumentKind']);
    const filled = { ...values, DocumentKind: 1 };
    expect(missingFields(shown, compileForm(shown, filled).required, filled)).toEqual([]);
  });

  it('are saved one row per file, new, owned by the record, named after the file when no description is given', () => {
    const values = { AutoID: 0, DocumentKind: 1, Language: 3, Descr: '', TableName: null, RecordID: null };
    expect(documentRow(values, owner, 'File', { FileID: 'f-1', FileName: 'offerte.pdf' }, form)).toEqual({
      AutoID: 0,
      DocumentKind: 1,
      Language: 3,
      Descr: 'offerte.pdf',
      TableName: 'relations',
      RecordID: 42,
      File: 'f-1',
    });
    expect(
      documentRow({ ...values, Descr: 'Getekend contract' }, owner, 'File', { FileID: 'f-2', FileName: 'c.pdf' }, form)
        .Descr,
    ).toBe('Getekend contract');
  });
});
