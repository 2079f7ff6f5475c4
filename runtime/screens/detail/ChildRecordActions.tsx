// The actions of a child row's own detail screen in that row's dialog on a record's grid tab (an
// order line's "Regel annuleren" on the order's Orderregels tab): its status and the transitions
// it may make now, then the screen's actions one row can take. Unsaved changes are settled first,
// and the action goes with the row as it is now, with the TimeStamp it was read with.
import { useMemo } from 'react';
import type { TableScreen } from '../../api/index.ts';
import { recordActions, type ActionSpec } from '../actions/index.ts';
import { settleChanges } from '../settleChanges.ts';
import type { RecordEditor } from '../useRecordEditor.ts';
import { RecordActionBar } from './RecordActionBar.tsx';
import { useTransitions } from './useTransitions.ts';

export interface ChildRecordActionsProps {
  screen: TableScreen;
  editor: RecordEditor;
  /** Bumped after an action: the transitions are read again. */
  version: number;
  allowed: (action: ActionSpec) => boolean;
  onStart: (action: ActionSpec, row: Record<string, unknown>) => void;
}

export function ChildRecordActions({ screen, editor, version, allowed, onStart }: ChildRecordActionsProps) {
  const autoid = Number(editor.record?.AutoID ?? 0);
  const transitions = useTransitions(screen.table, autoid, version);
  const actions = useMemo(
    () => (autoid > 0 ? recordActions(screen, transitions?.Transitions ?? []).filter(allowed) : []),
    [autoid, screen, transitions, allowed],
  );
  const start = async (action: ActionSpec) => {
    const row = editor.record;
    if (row && (await settleChanges(editor))) onStart(action, editor.current() ?? row);
  };
  return (
    <RecordActionBar
      actions={actions}
      workflow={transitions}
      disabled={editor.saving || editor.loading}
      onStart={(action) => void start(action)}
    />
  );
}
