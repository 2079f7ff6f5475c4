// After a record made on a detail screen closes, whether the grid's data set shows it: if not, a
// notice says where it landed (one GetFlexData per data set asked, filtered on its AutoID).
import { useCallback, useRef, useState } from 'react';
import { api } from '../../api/index.ts';
import { findLanding, type Landing, type LandingSet } from './landing.ts';

export interface LandingNotice {
  autoid: number;
  name: string;
  landing: Extract<Landing, { kind: 'elsewhere' | 'outside' }>;
}

export interface UseLanding {
  notice: LandingNotice | null;
  /** Looks the record up; the notice follows when it is not in the current data set. */
  check: (autoid: number, name: string) => void;
  dismiss: () => void;
}

export function useLanding(control: string, dataSets: readonly LandingSet[], current: string | null): UseLanding {
  const [notice, setNotice] = useState<LandingNotice | null>(null);
  // A newer check or a dismissal makes an answer still under way stale.
  const sequence = useRef(0);
  const check = useCallback(
    (autoid: number, name: string) => {
      const id = ++sequence.current;
      setNotice(null);
      const holds = async (set: LandingSet | null) => {
        const answer = await api.flexData(control, {
          dataSet: set?.name ?? null,
          pageIndex: 0,
          pageSize: 1,
          operatorFilter: [{ FieldName: 'AutoID', Operator: '=', Value: autoid }],
        });
        return answer.Data.length > 0;
      };
      findLanding(dataSets, current, holds).then(
        (landing) => {
          if (id !== sequence.current) return;
          if (landing.kind === 'elsewhere' || landing.kind === 'outside') setNotice({ autoid, name, landing });
        },
        // Not knowing where the record is leaves the grid as it is.
        () => undefined,
      );
    },
    [control, dataSets, current],
  );
  const dismiss = useCallback(() => {
    sequence.current++;
    setNotice(null);
  }, []);
  return { notice, check, dismiss };
}
