// An open record someone else changed or deleted meanwhile (a live event): the page says so, and
// for a change offers to read the record again (asking first when that drops the user's edits).
// Saving over it is not silent either way: the server refuses a stale TimeStamp.
import { useLingui } from '@lingui/react/macro';
import { confirm } from '../app/dialogs/index.ts';
import { useRecordChanged } from '../live/index.ts';
import type { RecordEditor } from './useRecordEditor.ts';

export function RecordChangedNotice({ editor }: { editor: Pick<RecordEditor, 'table' | 'record' | 'hasMutations' | 'reload'> }) {
  const { t } = useLingui();
  const autoid = Number(editor.record?.AutoID ?? 0);
  const { notice, clear, gone } = useRecordChanged(editor.table, autoid);
  if (!notice) return null;
  const reload = async () => {
    if (editor.hasMutations && (await confirm(t`Uw wijzigingen gaan verloren als u het item opnieuw laadt. Doorgaan?`, t`Opnieuw laden`)) !== 'yes') return;
    const outcome = await editor.reload();
    if (outcome === 'ok') clear();
    else if (outcome === 'gone') gone();
  };
  return (
    <div className="app-record-changed" role="alert">
      {notice === 'deleted' ? (
        <span>{t`Dit item is intussen door iemand anders verwijderd.`}</span>
      ) : (
        <>
          <span>{t`Dit item is intussen door iemand anders gewijzigd.`}</span>
          <button type="button" className="app-button" onClick={() => void reload()}>{t`Opnieuw laden`}</button>
        </>
      )}
    </div>
  );
}
