// A settings page's editor: the table's one record, found by asking for the table's first row
// (none yet: a new record), loaded into a record editor.
import { useEffect } from 'react';
import { api } from '../api/index.ts';
import { useRecordEditor, type RecordEditor } from './useRecordEditor.ts';

/** The AutoID of the settings row (0 when the table is still empty: a new record). */
async function settingsRowId(table: string): Promise<number> {
  const answer = await api.flexData(table, { pageSize: 1 });
  return Number(answer.Data[0]?.AutoID ?? 0);
}

export function useSettingsEditor(table: string): RecordEditor {
  const editor = useRecordEditor(table);
  const { load } = editor;
  useEffect(() => {
    void load(() => settingsRowId(table));
  }, [load, table]);
  return editor;
}
