// The dashboard tab's reads: GetDashboard for the record (or over all rows on a dashboard screen), again whenever the tab's version moves;
// the answer shown stays until the next one arrives, and an answer for a record no longer shown is dropped.
import { useEffect, useState } from 'react';
import { api } from '../../api/index.ts';
import type { DashboardAnswer } from '../../api/index.ts';

export function useDashboard(
  table: string,
  autoid: number | undefined,
  tab: string,
  version: number,
): { answer: DashboardAnswer | null; failed: boolean } {
  const [answer, setAnswer] = useState<DashboardAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    api.dashboard(table, autoid, tab).then(
      (a) => {
        if (live) setAnswer(a);
      },
      (error) => {
        console.error('GetDashboard failed', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [table, autoid, tab, version]);
  return { answer, failed };
}
