// Before leaving a record with unsaved changes (closing it, Back, another tab, an action): ask
// save / discard / cancel with the spec's unsaved-changes dialog.
import { askUnsaved } from '../ui/dialogs/index.ts';
import type { RecordEditor } from './useRecordEditor.ts';

/** True when the record may be left: nothing changed, or the changes were saved or discarded. */
export async function settleChanges(editor: Pick<RecordEditor, 'hasMutations' | 'save' | 'discard'>): Promise<boolean> {
  if (!editor.hasMutations) return true;
  const choice = await askUnsaved();
  if (choice === 'cancel') return false;
  if (choice === 'save') return editor.save();
  editor.discard();
  return true;
}
