// Where the rows a detail screen's data set does not show would be found: when its grid comes back
// empty, the first other data set that holds rows for the same search and filters, so the grid can
// say "3 resultaten in Alle" and go there (a new record in Mand, a person in Inactief).
import { useCallback } from 'react';
import { api, type FlexRequest, type ScreenInfo } from '../../api/index.ts';
import type { ElsewhereHint } from '../../grid/index.ts';

type DataSet = NonNullable<ScreenInfo['dataSets']>[number];

export function useElsewhere(
  control: string,
  dataSets: readonly DataSet[],
  current: string | null,
  choose: (name: string) => void,
): (request: FlexRequest) => Promise<ElsewhereHint | null> {
  return useCallback(
    async (request: FlexRequest) => {
      for (const set of dataSets) {
        if (set.name === current) continue;
        const answer = await api.flexData(control, { ...request, dataSet: set.name, pageIndex: 0, pageSize: 1 });
        if (answer.Meta.Count > 0) return { count: answer.Meta.Count, where: set.title, show: () => choose(set.name) };
      }
      return null;
    },
    [control, dataSets, current, choose],
  );
}
