// Starting an action or transition: confirm when it asks to, its prompts (with the warning), then
// the call in chunks through the batch result dialog. The owner hears when it is over, to reload
// the grid and the open record.
import { useLingui } from '@lingui/react/macro';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { api } from '../../api/index.ts';
import { BatchResultDialog, confirm, outcomesOf } from '../../app/dialogs/index.ts';
import { describeRow } from '../rows.ts';
import { findTransition } from './findTransition.ts';
import { withTransition, type ActionSpec } from './model.ts';
import { PromptDialog } from './PromptDialog.tsx';

type Row = Record<string, unknown>;

type Step =
  | { kind: 'idle' }
  | { kind: 'prompt'; action: ActionSpec; rows: Row[] }
  | { kind: 'run'; action: ActionSpec; rows: Row[]; values: Record<string, unknown> };

export interface ActionRunner {
  start: (action: ActionSpec, rows: Row[]) => Promise<void>;
  /** The dialogs of the action under way (prompts, batch result); render them once. */
  dialogs: ReactNode;
  busy: boolean;
}

export function useActionRunner(table: string, onDone: (action: ActionSpec, rows: Row[]) => void): ActionRunner {
  const { t } = useLingui();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const stepRef = useRef(step);
  stepRef.current = step;

  const start = useCallback(async (action: ActionSpec, rows: Row[]) => {
    if (rows.length === 0) return;
    let spec = action;
    if (spec.call === 'action' && spec.transition && (spec.prompts.length === 0 || spec.warning === null)) {
      spec = withTransition(spec, await findTransition(table, spec.transition, rows.map((r) => Number(r.AutoID))));
    }
    if (spec.confirm && (await confirm(spec.confirm, spec.label)) !== 'yes') return;
    if (spec.prompts.length > 0 || spec.warning) setStep({ kind: 'prompt', action: spec, rows });
    else setStep({ kind: 'run', action: spec, rows, values: {} });
  }, [table]);

  const finish = useCallback(() => {
    const current = stepRef.current;
    setStep({ kind: 'idle' });
    if (current.kind === 'run') onDone(current.action, current.rows);
  }, [onDone]);

  const missing = t`Geen resultaat ontvangen`;
  const runChunk = useCallback(async (rows: Row[]) => {
    if (step.kind !== 'run') return [];
    const autoids = rows.map((r) => Number(r.AutoID));
    const { action, values } = step;
    const answer = action.call === 'transition'
      ? await api.changeStatus(table, { autoids, Transition: action.name, Values: values })
      : await api.runAction(table, { Action: action.name, autoids, Values: values });
    return outcomesOf(answer, autoids, missing);
  }, [step, table, missing]);

  let dialogs: ReactNode = null;
  if (step.kind === 'prompt') {
    dialogs = (
      <PromptDialog
        action={step.action}
        count={step.rows.length}
        onCancel={() => setStep({ kind: 'idle' })}
        onRun={(values) => setStep({ kind: 'run', action: step.action, rows: step.rows, values })}
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
        onComplete={finish}
        onClose={finish}
      />
    );
  }
  return { start, dialogs, busy: step.kind !== 'idle' };
}
