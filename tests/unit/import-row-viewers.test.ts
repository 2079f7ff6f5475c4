// A row of the importtasks grid opens its task detail (read-only), not the generic edit form;
// every other table keeps the form.
import { describe, expect, it } from 'vitest';
import { ImportTaskRow } from '../../runtime/screens/import/ImportTaskRow.tsx';
import { rowViewerOf } from '../../runtime/screens/import/index.ts';

describe('row viewers', () => {
  it('open an import task in its own detail, by table name in any case', () => {
    expect(rowViewerOf('importtasks')).toBe(ImportTaskRow);
    expect(rowViewerOf('ImportTasks')).toBe(ImportTaskRow);
  });
  it('leave other tables to the edit form', () => {
    expect(rowViewerOf('relations')).toBeNull();
    expect(rowViewerOf('costcodes')).toBeNull();
  });
});
