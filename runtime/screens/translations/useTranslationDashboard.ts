// The translation dashboard's read: the counts per language, read again on demand (after a stale
// correction was removed); a failure is told until a read succeeds.
import { useCallback, useEffect, useState } from 'react';
import { api, errorText, type TranslationDashboard } from '../../api/index.ts';
import { retrievingFailed } from '../failures.ts';

export function useTranslationDashboard(): {
  dashboard: TranslationDashboard | null;
  error: string | null;
  load: () => void;
} {
  const [dashboard, setDashboard] = useState<TranslationDashboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    api.translationDashboard().then(
      (answer) => {
        setDashboard(answer);
        setError(null);
      },
      (failure: unknown) => setError(errorText(failure, retrievingFailed())),
    );
  }, []);
  useEffect(load, [load]);
  return { dashboard, error, load };
}
