// The workflow transitions the user may make now on the open record (GetTransitions), read again
// whenever the record changed. A table without a workflow offers none: the server answers 400
// for it, which is remembered for the session so it is asked once.
import { useEffect, useState } from 'react';
import { api, CallFailed } from '../../api/index.ts';
import type { TransitionsAnswer } from '../../api/index.ts';

const withoutWorkflow = new Set<string>();

export function useTransitions(table: string, autoid: number, version: number): TransitionsAnswer | null {
  const [answer, setAnswer] = useState<TransitionsAnswer | null>(null);
  // Another record starts empty; the same record keeps its buttons until the new answer is in.
  useEffect(() => setAnswer(null), [table, autoid]);
  useEffect(() => {
    if (!autoid || withoutWorkflow.has(table)) return;
    let live = true;
    api.transitions(table, autoid).then(
      (a) => {
        if (live) setAnswer(a);
      },
      (error) => {
        if (error instanceof CallFailed && error.status === 400) withoutWorkflow.add(table);
        else console.warn(`GetTransitions ${table} ${autoid}`, error);
      },
    );
    return () => {
      live = false;
    };
  }, [table, autoid, version]);
  return answer;
}
