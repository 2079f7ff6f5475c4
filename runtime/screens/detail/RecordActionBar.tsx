// The open record's status and the actions it may take now, as a toolbar: on a detail screen's
// record and in the dialog of a row of a record's grid tab.
import { useLingui } from '@lingui/react/macro';
import type { ActionSpec } from '../actions/index.ts';

export interface RecordActionBarProps {
  actions: readonly ActionSpec[];
  /** The record's status in the user's language (GetTransitions), when it has a workflow. */
  statusLabel?: string | null;
  disabled?: boolean;
  onStart: (action: ActionSpec) => void;
}

export function RecordActionBar(props: RecordActionBarProps) {
  const { t } = useLingui();
  const { actions, disabled = false, onStart } = props;
  if (actions.length === 0 && !props.statusLabel) return null;
  return (
    <div className="detail-actions" role="toolbar" aria-label={t`Acties`}>
      {props.statusLabel && <span className="detail-status">{t`Status: ${props.statusLabel}`}</span>}
      {actions.map((action) => (
        <button
          key={action.key}
          type="button"
          className="app-button"
          disabled={disabled}
          onClick={() => onStart(action)}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}
