// Whether someone else changed or deleted the record a page has open, since it was opened or
// last read again (clear). Events of this page's own writes never get here (dispatch.ts).
import { useCallback, useEffect, useState } from 'react';
import { useLiveEvents } from './bus.ts';
import { recordChange, sameTable, type RecordAction } from './events.ts';

export type RecordNotice = Exclude<RecordAction, 'created'> | null;

export function useRecordChanged(table: string, autoid: number): { notice: RecordNotice; clear: () => void; gone: () => void } {
  const [notice, setNotice] = useState<RecordNotice>(null);
  useEffect(() => setNotice(null), [table, autoid]);
  useLiveEvents((message) => {
    const change = recordChange(message);
    if (!change || autoid <= 0 || change.autoid !== autoid || !sameTable(change.table, table)) return;
    setNotice(change.action === 'deleted' ? 'deleted' : 'updated');
  });
  const clear = useCallback(() => setNotice(null), []);
  /** Reading it again found it gone. */
  const gone = useCallback(() => setNotice('deleted'), []);
  return { notice, clear, gone };
}
