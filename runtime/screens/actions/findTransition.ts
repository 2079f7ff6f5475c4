// A screen action that makes a workflow transition ("Blokkeren" on the selection) asks the
// transition's prompts and shows its warning. The screens answer does not carry them, so they are
// read from GetTransitions of a selected record that may make the transition now.
import { api } from '../../api/index.ts';
import type { TransitionInfo } from '../../api/index.ts';

/** Records asked at most: enough to pass over a few that are in the target state already. */
export const TRANSITION_PROBES = 5;

export async function findTransition(
  table: string,
  name: string,
  autoids: readonly number[],
): Promise<TransitionInfo | undefined> {
  const answers = await Promise.all(
    autoids.slice(0, TRANSITION_PROBES).map((id) => api.transitions(table, id).catch(() => null)),
  );
  for (const answer of answers) {
    const found = answer?.Transitions.find((t) => t.Name === name);
    if (found) return found;
  }
  return undefined;
}
