// Runs a batch (e.g. delete of the selection) one item at a time and shows each item's result.
// Closable only when complete; closes itself when every item succeeded.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useReducer, useRef } from 'react';
import { batchReducer, isComplete, progress, runBatch, shouldAutoClose } from './batchResult.ts';
import type { BatchStatus } from './batchResult.ts';
import { Modal } from './Modal.tsx';

export interface BatchResultDialogProps<T> {
  title: string;
  items: readonly T[];
  describe: (item: T) => string;
  run: (item: T) => Promise<unknown>;
  /** Every item succeeded: the dialog is done and closes. */
  onComplete: () => void;
  /** Closed by the user after looking at the results (some failed or were ignored). */
  onClose: () => void;
}

export function BatchResultDialog<T>({ title, items, describe, run, onComplete, onClose }: BatchResultDialogProps<T>) {
  const { t } = useLingui();
  const [state, dispatch] = useReducer(batchReducer, batchReducer({ items: [] }, { type: 'start', descriptions: items.map(describe) }));
  // A ref survives StrictMode's simulated remount, so the batch runs exactly once.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void runBatch(items, run, dispatch);
  }, [items, run]);
  const complete = isComplete(state);
  const autoClose = shouldAutoClose(state);
  useEffect(() => {
    if (autoClose) onComplete();
  }, [autoClose, onComplete]);

  const labels: Record<BatchStatus, string> = {
    PENDING: t`Bezig`,
    SUCCESS: t`Gelukt`,
    FAILED: t`Mislukt`,
    IGNORED: t`Genegeerd`,
  };
  const percent = progress(state);
  const close = () => {
    if (!complete) return false;
    onClose();
    return true;
  };
  return (
    <Modal
      title={title}
      onClose={close}
      closeButton={complete}
      className="app-batch"
      footer={
        <button type="button" className="app-button" disabled={!complete} onClick={close}>
          {t`Sluiten`}
        </button>
      }
    >
      <div className="app-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="app-progress-bar" style={{ width: `${percent}%` }} />
        <span className="app-progress-text">{percent}%</span>
      </div>
      <ul className="app-batch-items">
        {state.items.map((item, index) => (
          <li key={index} className={`app-batch-item app-batch-item--${item.status.toLowerCase()}`}>
            <span className="app-batch-description">{item.description}</span>
            <span className="app-batch-status">{labels[item.status]}</span>
            {item.error && <span className="app-batch-error">{item.error}</span>}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
