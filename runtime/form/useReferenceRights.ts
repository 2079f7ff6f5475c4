// The user's rights on a list field's table, for what its picker offers besides choosing. Asked
// only where the form can show the table's rows; cached with every other right. The pickers of a
// form mount together: their rights are asked in one call.
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { SecurityEntry } from '../api/index.ts';
import { can, ensure, entriesFor, permissions } from '../state/index.ts';
import type { ReferenceRights } from './rules/index.ts';

let queued: SecurityEntry[] = [];
let asking: Promise<void> | null = null;

/** Ensures the entries together with those asked in the same turn. */
function ensureTogether(entries: SecurityEntry[]): Promise<void> {
  queued.push(...entries);
  asking ??= Promise.resolve().then(() => {
    const all = queued;
    queued = [];
    asking = null;
    return ensure(all);
  });
  return asking;
}

/** The rights once known (allowed unless a grant says false), else null. */
export function useReferenceRights(right: string | null | undefined, wanted: boolean): ReferenceRights | null {
  const snap = useSnapshot(permissions);
  const [ready, setReady] = useState<string | null | undefined | false>(false);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const entries = [...entriesFor(right, 'read'), ...entriesFor(right, 'update'), ...entriesFor(right, 'create')];
    void ensureTogether(entries).then(() => {
      if (live) setReady(right);
    });
    return () => {
      live = false;
    };
  }, [right, wanted]);
  if (!wanted || ready !== right) return null;
  return { read: can(right, 'read', snap), update: can(right, 'update', snap), create: can(right, 'create', snap) };
}
