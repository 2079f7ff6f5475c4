// The actions an action field (`actionsOf`) offers: those of the catalogue entry (a right) that
// another field of the record holds, as the server answers them for this user.
import { useEffect, useState } from 'react';
import type { LookupEntry } from '../api/index.ts';
import type { ListClient } from './context.ts';
import type { ActionsOfConfig } from './types.ts';

/**
 * The values an action field may take now: undefined when nothing limits them (no `ActionsOf`,
 * or an entry the server does not answer: it decides on save), none while no entry is chosen or
 * its actions are on their way, else the entry's actions.
 */
export function useEntryActions(
  config: ActionsOfConfig | null | undefined,
  code: unknown,
  client: ListClient | undefined,
): readonly string[] | undefined {
  const wanted = typeof code === 'string' && code !== '' ? code : null;
  const method = config?.SingleMethod;
  const [state, setState] = useState<{ code: string; actions: readonly string[] | null } | null>(null);
  useEffect(() => {
    if (!method || !wanted || !client) return;
    let live = true;
    client.single(method, wanted).then(
      (answer) => {
        const entry = answer as LookupEntry;
        if (live) setState({ code: wanted, actions: 'Actions' in entry ? entry.Actions : null });
      },
      () => {
        if (live) setState({ code: wanted, actions: null });
      },
    );
    return () => {
      live = false;
    };
  }, [method, wanted, client]);
  if (!config || !client) return undefined;
  if (!wanted || state?.code !== wanted) return [];
  return state.actions ?? undefined;
}
