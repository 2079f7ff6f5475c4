// An open record someone else changed or deleted meanwhile (a live event): the page says so, and
// for a change offers to read the record again (asking first when that drops the user's edits).
// Saving over it is not silent either way: the server refuses a stale TimeStamp. An event that
// leaves the record's TimeStamp as the form holds it is no one else's change, only what the server
// keeps of the record (totals of its rows): those values are taken in quietly, the user's edits kept.
import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { confirm } from '../ui/dialogs/index.ts';
import { useRecordChanged, type Verified } from '../live/index.ts';
import type { RecordEditor, RefreshOutcome } from './useRecordEditor.ts';

const NOTICE: Record<RefreshOutcome, Verified> = { same: null, changed: 'updated', gone: 'deleted', failed: 'updated' };

export function RecordChangedNotice({
  editor,
}: {
  editor: Pick<RecordEditor, 'table' | 'record' | 'hasMutations' | 'reload' | 'refresh'>;
}) {
  const { t } = useLingui();
  const autoid = Number(editor.record?.AutoID ?? 0);
  const { refresh } = editor;
  const verify = useCallback(async (): Promise<Verified> => (refresh ? NOTICE[await refresh()] : 'updated'), [refresh]);
  const { notice, clear, gone } = useRecordChanged(editor.table, autoid, refresh ? verify : undefined);
  if (!notice) return null;
  const reload = async () => {
    if (
      editor.hasMutations &&
      (await confirm(t`Uw wijzigingen gaan verloren als u het item opnieuw laadt. Doorgaan?`, t`Opnieuw laden`)) !==
        'yes'
    )
      return;
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
