// A page of an import task's failed rows: the first as the task came, the others read when asked.
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorText, type ImportResults } from '../../api/index.ts';

export interface FailedRowsView {
  page: ImportResults;
  loading: boolean;
  error: string | null;
  go: (pageIndex: number) => Promise<void>;
}

export function useFailedRows(autoid: number, first: ImportResults): FailedRowsView {
  const { t } = useLingui();
  const [page, setPage] = useState(first);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  // A task read again (the import ended) starts from its first page.
  useEffect(() => setPage(first), [first]);
  const go = useCallback(
    async (pageIndex: number) => {
      setLoading(true);
      setError(null);
      try {
        const task = await api.importTask(autoid, { pageIndex, pageSize: first.PageSize });
        if (live.current && task.Results) setPage(task.Results);
      } catch (err) {
        if (live.current)
          setError(
            errorText(err, t({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' })),
          );
      } finally {
        if (live.current) setLoading(false);
      }
    },
    [autoid, first.PageSize, t],
  );
  return { page, loading, error, go };
}
