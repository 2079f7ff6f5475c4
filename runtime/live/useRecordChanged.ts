// Whether someone else changed or deleted the record a page has open, since it was opened or
// last read again (clear). Events of this page's own writes never get here (dispatch.ts). A
// change may be only what the server keeps of the record (the totals of its rows, after a row was
// added here): `verify` reads it again and says whether it was really changed, else no notice.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveEvents } from './bus.ts';
import { recordChange, sameTable, type RecordAction } from './events.ts';

export type RecordNotice = Exclude<RecordAction, 'created'> | null;

/** What reading the record again found: changed by someone else, deleted, or nothing to tell. */
export type Verified = 'updated' | 'deleted' | null;

export function useRecordChanged(
  table: string,
  autoid: number,
  verify?: () => Promise<Verified>,
): { notice: RecordNotice; clear: () => void; gone: () => void } {
  const [notice, setNotice] = useState<RecordNotice>(null);
  const verifyRef = useRef(verify);
  verifyRef.current = verify;
  /** Moves when another record is shown: a check of the one before tells nothing any more. */
  const shown = useRef(0);
  useEffect(() => {
    shown.current++;
    setNotice(null);
  }, [table, autoid]);
  useLiveEvents((message) => {
    const change = recordChange(message);
    if (!change || autoid <= 0 || change.autoid !== autoid || !sameTable(change.table, table)) return;
    const check = verifyRef.current;
    if (change.action === 'deleted' || !check) {
      setNotice(change.action === 'deleted' ? 'deleted' : 'updated');
      return;
    }
    const asked = shown.current;
    void check().then((found) => {
      if (found && asked === shown.current) setNotice((now) => (now === 'deleted' ? now : found));
    });
  });
  const clear = useCallback(() => setNotice(null), []);
  /** Reading it again found it gone. */
  const gone = useCallback(() => setNotice('deleted'), []);
  return { notice, clear, gone };
}
