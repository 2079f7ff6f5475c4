// The import task a dialog shows: the one StartImport answered, else read by its AutoID.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { api, errorText, type ImportTask } from '../../api/index.ts';

export function useTaskRead(
  autoid: number,
  initial: ImportTask | undefined,
): { task: ImportTask | null; failed: string | null } {
  const { t } = useLingui();
  const [task, setTask] = useState<ImportTask | null>(initial ?? null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (initial) return;
    let live = true;
    api.importTask(autoid).then(
      (answer) => {
        if (live) setTask(answer);
      },
      (error) => {
        console.error(`Import task ${autoid} could not be read`, error);
        if (live)
          setFailed(
            errorText(error, t({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' })),
          );
      },
    );
    return () => {
      live = false;
    };
  }, [autoid, initial, t]);
  return { task, failed };
}
