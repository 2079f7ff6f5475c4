// The status log tab's reads: GetStatusLog for the record, again whenever the tab's version moves;
// the rows shown stay until the next answer arrives, and an answer for a record no longer shown is dropped.
import { useEffect, useState } from 'react';
import { api } from '../../api/index.ts';
import type { StatusLogEntry } from '../../api/index.ts';

export function useStatusLog(
  table: string,
  autoid: number,
  version: number,
): { rows: StatusLogEntry[] | null; failed: boolean } {
  const [rows, setRows] = useState<StatusLogEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    api.statusLog(table, autoid).then(
      (answer) => {
        if (live) setRows(answer.Data);
      },
      (error) => {
        console.error('GetStatusLog failed', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [table, autoid, version]);
  return { rows, failed };
}
