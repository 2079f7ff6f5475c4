// The fields panel's read: a table's fields with their origins (GET mvc/definitions/fields), again
// when the dictionary's rows change (version); a failure stays told until a read succeeds.
import { useEffect, useState } from 'react';
import { api, type TableFields } from '../api/index.ts';

export function useTableFields(table: string, version: number): { fields: TableFields | null; failed: boolean } {
  const [fields, setFields] = useState<TableFields | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api.tableFields(table).then(
      (answer) => {
        if (live) {
          setFields(answer);
          setFailed(false);
        }
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [table, version]);
  return { fields, failed };
}
