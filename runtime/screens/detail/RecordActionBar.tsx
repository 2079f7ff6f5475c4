// The open record's status and the actions it may take now, as a toolbar: on a detail screen's
// record and in the dialog of a row of a record's grid tab. A workflow with stages shows them as a
// status bar with the record's own state marked (a state off the main path, Geannuleerd, after
// them); the transitions it may make now are one "Status" menu, the screen's other actions buttons.
// On a phone the bar is one line: the record's own stage, and every action in one "Acties" menu.
import { useLingui } from '@lingui/react/macro';
import type { TransitionsAnswer } from '../../api/index.ts';
import { MenuButton } from '../../ui/MenuButton.tsx';
import { useNarrow } from '../../ui/useNarrow.ts';
import type { ActionSpec } from '../actions/index.ts';

export interface RecordActionBarProps {
  actions: readonly ActionSpec[];
  /** The record's workflow as GetTransitions answers it (its state, label and stages), when it has one. */
  workflow?: Pick<TransitionsAnswer, 'Status' | 'StatusLabel' | 'Stages'> | null;
  disabled?: boolean;
  onStart: (action: ActionSpec) => void;
}

const isTransition = (action: ActionSpec) => action.call === 'transition' || action.transition !== null;

export function RecordActionBar(props: RecordActionBarProps) {
  const { t } = useLingui();
  const { actions, workflow, disabled = false, onStart } = props;
  const narrow = useNarrow();
  const statusLabel = workflow?.StatusLabel ?? null;
  const stages = workflow?.Stages ?? [];
  if (actions.length === 0 && !statusLabel) return null;
  const transitions = actions.filter(isTransition);
  const others = actions.filter((a) => !isTransition(a));
  const at = stages.findIndex((s) => s.Value === workflow?.Status);
  return (
    <div className="detail-actions" role="toolbar" aria-label={t`Acties`}>
      {stages.length > 0 ? (
        <>
          {/* Said once in words as well: the bar's marked stage is its picture. */}
          {statusLabel && <span className="app-sr-only">{t`Status: ${statusLabel}`}</span>}
          <ol className="detail-stages" aria-label={t`Status`}>
            {stages.map((stage, i) => (
              <li
                key={String(stage.Value)}
                className={i === at ? 'is-current' : at >= 0 && i < at ? 'is-done' : undefined}
                aria-current={i === at ? 'step' : undefined}
              >
                {stage.Label}
              </li>
            ))}
            {at < 0 && statusLabel && (
              <li className="is-current is-off-path" aria-current="step">
                {statusLabel}
              </li>
            )}
          </ol>
        </>
      ) : (
        statusLabel && <span className="detail-status">{t`Status: ${statusLabel}`}</span>
      )}
      {narrow && actions.length > 0 && (
        <MenuButton
          label={t`Acties`}
          disabled={disabled}
          className="detail-actions-menu"
          buttonClassName="app-button"
          items={[...transitions, ...others].map((action) => ({
            key: action.key,
            label: action.label,
            onSelect: () => onStart(action),
          }))}
        />
      )}
      {!narrow && transitions.length > 0 && (
        <MenuButton
          label={t`Status`}
          disabled={disabled}
          className="detail-status-menu"
          buttonClassName="app-button"
          items={transitions.map((action) => ({
            key: action.key,
            label: action.label,
            onSelect: () => onStart(action),
          }))}
        />
      )}
      {!narrow &&
        others.map((action) => (
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
