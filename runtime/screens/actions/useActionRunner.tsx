// Starting an action or transition: confirm when it asks to, its prompts (with the warning), then
// the call in chunks through the batch result dialog (an action that needs several rows in one
// call for all of them). The owner hears when it is over, to reload the grid and the open record.
// A transition of the open record carries the TimeStamp the record was read with; when the server
// refuses it because the record changed meanwhile, the batch dialog closes at once and the owner
// hears of the conflict, to read the record again and say so where the user is looking.
import { useLingui } from '@lingui/react/macro';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { api } from '../../api/index.ts';
import { BatchResultDialog, confirm, outcomesOf, type RowToOpen } from '../../ui/dialogs/index.ts';
import { router } from '../../ui/navigation/index.ts';
import { sameTable } from '../../live/index.ts';
import { useReferenceDialogs } from '../ReferenceDialog.tsx';
import { concurrencyConflict } from '../failures.ts';
import { describeRow } from '../rows.ts';
import { findTransition } from './findTransition.ts';
import { changeStatusRequest, chunkSizeOf, withTransition, type ActionSpec } from './model.ts';
import { PromptDialog } from './PromptDialog.tsx';

type Row = Record<string, unknown>;

export interface RunOptions {
  /** The open record's TimeStamp as read (a transition on that one record). */
  stamp?: number;
}

export interface ActionOutcome {
  /** The server's message when it refused the transition because the record changed since it was read. */
  conflict: string | null;
}

type Step =
  | { kind: 'idle' }
  | { kind: 'prompt'; action: ActionSpec; rows: Row[]; stamp?: number }
  | { kind: 'run'; action: ActionSpec; rows: Row[]; values: Record<string, unknown>; stamp?: number };

export interface ActionRunner {
  start: (action: ActionSpec, rows: Row[], options?: RunOptions) => Promise<void>;
  /** The dialogs of the action under way (prompts, batch result); render them once. */
  dialogs: ReactNode;
  busy: boolean;
}

export function useActionRunner(
  table: string,
  onDone: (action: ActionSpec, rows: Row[], outcome: ActionOutcome) => void,
): ActionRunner {
  const { t } = useLingui();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const stepRef = useRef(step);
  stepRef.current = step;

  const start = useCallback(
    async (action: ActionSpec, rows: Row[], options: RunOptions = {}) => {
      if (rows.length === 0) return;
      let spec = action;
      if (spec.call === 'action' && spec.transition && (spec.prompts.length === 0 || spec.warning === null)) {
        spec = withTransition(
          spec,
          await findTransition(
            table,
            spec.transition,
            rows.map((r) => Number(r.AutoID)),
          ),
        );
      }
      if (spec.confirm && (await confirm(spec.confirm, spec.label)) !== 'yes') return;
      const { stamp } = options;
      if (spec.prompts.length > 0 || spec.warning) setStep({ kind: 'prompt', action: spec, rows, stamp });
      else setStep({ kind: 'run', action: spec, rows, values: {}, stamp });
    },
    [table],
  );

  const finish = useCallback(
    (conflict: string | null = null) => {
      const current = stepRef.current;
      setStep({ kind: 'idle' });
      if (current.kind === 'run') onDone(current.action, current.rows, { conflict });
    },
    [onDone],
  );
  const done = useCallback(() => finish(), [finish]);
  // A failed item may name a row to put right (a product without its object type): opened over the results.
  const { open: openReference, dialog: referenceDialog } = useReferenceDialogs();
  const openRow = useCallback(
    (row: RowToOpen) => {
      const screen = router.routes.find((r) => r.table && sameTable(r.table, row.Table));
      void openReference({ table: row.Table, autoid: row.AutoID, title: screen?.title ?? row.Table, readOnly: false });
    },
    [openReference],
  );

  const missing = t`Geen resultaat ontvangen`;
  const runChunk = useCallback(
    async (rows: Row[]) => {
      if (step.kind !== 'run') return [];
      const autoids = rows.map((r) => Number(r.AutoID));
      const { action, values, stamp } = step;
      try {
        const answer =
          action.call === 'transition'
            ? await api.changeStatus(table, changeStatusRequest(action.name, autoids, values, stamp))
            : await api.runAction(table, { Action: action.name, autoids, Values: values });
        return outcomesOf(answer, autoids, missing);
      } catch (error) {
        const conflict = stamp !== undefined ? concurrencyConflict(error) : null;
        if (conflict !== null) finish(conflict);
        throw error;
      }
    },
    [step, table, missing, finish],
  );

  let dialogs: ReactNode = null;
  if (step.kind === 'prompt') {
    dialogs = (
      <PromptDialog
        action={step.action}
        count={step.rows.length}
        onCancel={() => setStep({ kind: 'idle' })}
        onRun={(values) => setStep({ kind: 'run', action: step.action, rows: step.rows, values, stamp: step.stamp })}
      />
    );
  } else if (step.kind === 'run') {
    dialogs = (
      <BatchResultDialog
        title={step.action.label}
        note={step.action.warning ?? undefined}
        items={step.rows}
        describe={describeRow}
        runChunk={runChunk}
        chunkSize={chunkSizeOf(step.action, step.rows.length)}
        onComplete={done}
        onClose={done}
        onOpen={openRow}
      />
    );
  }
  return {
    start,
    dialogs: (
      <>
        {dialogs}
        {referenceDialog}
      </>
    ),
    busy: step.kind !== 'idle',
  };
}
