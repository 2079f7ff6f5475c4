// Which actions the user may start: the table's update right (the screen's) and, where the action
// names one, its execute right (docs/business-records.md "Actions"). Fetched once per screen.
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ScreenInfo } from '../../api/index.ts';
import { can, ensure, entriesFor, permissions } from '../../state/index.ts';
import type { ActionSpec } from './model.ts';

export function useActionRights(
  screen: Pick<ScreenInfo, 'rights'>,
  actions: readonly ActionSpec[],
): (action: Pick<ActionSpec, 'right'>) => boolean {
  const snap = useSnapshot(permissions);
  const update = screen.rights?.update;
  const rights = [...new Set(actions.map((a) => a.right).filter((r): r is string => !!r))].sort();
  const rightsKey = rights.join(',');
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    setReady(false);
    const executes = rightsKey ? rightsKey.split(',') : [];
    void ensure([...entriesFor(update, 'update'), ...entriesFor(executes, 'execute')]).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [update, rightsKey]);
  // Read during render, so a change of the cached rights draws the page again.
  const updating = ready && can(update, 'update', snap);
  const executable = updating ? rights.filter((r) => can(r, 'execute', snap)).join(',') : '';
  // Stable while the answers stay the same, so lists filtered with it can be memoized.
  return useCallback(
    (action: Pick<ActionSpec, 'right'>) => updating && (!action.right || executable.split(',').includes(action.right)),
    [updating, executable],
  );
}
