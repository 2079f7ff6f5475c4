// File and image columns hold FileIDs: a file shows by its name (`<Field>_Descr`) as a download of
// the row's file, an image as the row's picture; without a record to fetch by, only the name.
import { describe, expect, it } from 'vitest';
import { fileUrls } from '../../runtime/api/transfer.ts';
import { cellContent, type FileUrl } from '../../runtime/grid/format.ts';

const fileUrl: FileUrl = (field, autoid, thumbnail) => fileUrls.field('documents', autoid, field, thumbnail);
const row = {
  AutoID: 5,
  File: 'c0ffee00-0000-4000-8000-000000000001',
  File_Descr: 'offerte.pdf',
  Photo: 'c0ffee00-0000-4000-8000-000000000002',
  Empty: null,
};

describe('file cells', () => {
  it("download the row's file by its name", () => {
    expect(cellContent({ FieldName: 'File', FieldType: 'file' }, row, 'nl', fileUrl)).toEqual({
      kind: 'file',
      name: 'offerte.pdf',
      path: 'mvc/documents/file?autoid=5&field=File',
    });
  });
  it("show the row's image", () => {
    expect(cellContent({ FieldName: 'Photo', FieldType: 'image', ColumnType: 2 }, row, 'nl', fileUrl)).toEqual({
      kind: 'image',
      src: '/mvc/documents/file?autoid=5&field=Photo&thumbnail=1',
    });
  });
  it('are empty without a file, and only a name without a record', () => {
    expect(cellContent({ FieldName: 'Empty', FieldType: 'file' }, row, 'nl', fileUrl)).toEqual({
      kind: 'text',
      text: '',
    });
    expect(cellContent({ FieldName: 'File', FieldType: 'file' }, { ...row, AutoID: 0 }, 'nl', fileUrl)).toEqual({
      kind: 'text',
      text: 'offerte.pdf',
    });
  });
});

describe('file addresses', () => {
  it('name the record and field, a document, and an export', () => {
    expect(fileUrls.field('persons', 3, 'Photo')).toBe('mvc/persons/file?autoid=3&field=Photo');
    expect(fileUrls.record('documents', 8)).toBe('mvc/documents/download?autoid=8');
    expect(fileUrls.export(9)).toBe('mvc/downloadrequests/download?autoid=9');
  });
});
