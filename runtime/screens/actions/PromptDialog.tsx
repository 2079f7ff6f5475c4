// The values an action or transition asks for, as a small generated form (the generic form with
// the prompts as fields; list prompts use the lookup widget), with the transition's warning.
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Modal } from '../../ui/dialogs/index.ts';
import { GenericForm } from '../../form/index.ts';
import { missingPrompts, promptDefaults, promptForm, promptValues, type ActionSpec } from './model.ts';
import './actions.css';

export interface PromptDialogProps {
  action: ActionSpec;
  /** How many records it runs on, for the title. */
  count: number;
  onRun: (values: Record<string, unknown>) => void;
  onCancel: () => void;
}

export function PromptDialog({ action, count, onRun, onCancel }: PromptDialogProps) {
  const { t } = useLingui();
  const form = useMemo(() => promptForm(action.prompts), [action.prompts]);
  const [values, setValues] = useState<Record<string, unknown>>(() => promptDefaults(action.prompts));
  const missing = missingPrompts(action.prompts, values);
  const title = count > 1 ? t`${action.label} (${count} items)` : action.label;
  const run = () => {
    if (missing.length === 0) onRun(promptValues(action.prompts, values));
  };
  return (
    <Modal
      title={title}
      onClose={() => {
        onCancel();
        return true;
      }}
      onSave={run}
      className="app-modal--small app-prompt-dialog"
      footer={
        <>
          <button
            type="button"
            className="app-button app-button--primary"
            disabled={missing.length > 0}
            onClick={run}
          >{t`Uitvoeren`}</button>
          <button type="button" className="app-button" onClick={onCancel}>{t`Annuleren`}</button>
        </>
      }
    >
      {action.warning && (
        <p className="app-batch-note" role="note">
          {action.warning}
        </p>
      )}
      {action.prompts.length > 0 && <GenericForm form={form} value={values} onChange={setValues} />}
    </Modal>
  );
}
