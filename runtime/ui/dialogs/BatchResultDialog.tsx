// Runs a batch (delete of the selection, an action, a status change) and shows each item's result:
// one at a time (run), or in chunks of one call each (runChunk) so the percentage moves.
// Closable only when complete; closes itself when every item succeeded and none made a row to open (its
// "Openen" stays offered); "Opnieuw proberen" sends
// the failed items again.
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  batchReducer,
  failedIndexes,
  isComplete,
  progress,
  runBatch,
  runChunks,
  shouldAutoClose,
} from './batchResult.ts';
import type { BatchOutcome, BatchStatus, RowToOpen } from './batchResult.ts';
import { Modal } from './Modal.tsx';

interface Common<T> {
  title: string;
  items: readonly T[];
  describe: (item: T) => string;
  /** Every item succeeded: the dialog is done and closes. */
  onComplete: () => void;
  /** Closed by the user after looking at the results (some failed or were ignored). */
  onClose: () => void;
  /** A text above the results (a transition's warning). */
  note?: string;
  /** Opens the row an item names (its "Openen" button): one it made, or one to put right. */
  onOpen?: (row: RowToOpen) => void;
}

export type BatchResultDialogProps<T> = Common<T> &
  (
    | { run: (item: T) => Promise<unknown>; runChunk?: never; chunkSize?: never }
    | { runChunk: (items: T[]) => Promise<BatchOutcome[]>; chunkSize?: number; run?: never }
  );

export function BatchResultDialog<T>(props: BatchResultDialogProps<T>) {
  const { title, items, describe, onComplete, onClose, note, onOpen } = props;
  const { t } = useLingui();
  const [state, dispatch] = useReducer(
    batchReducer,
    batchReducer({ items: [] }, { type: 'start', descriptions: items.map(describe) }),
  );
  const propsRef = useRef(props);
  propsRef.current = props;
  const execute = useCallback(
    (indexes?: number[]) => {
      const { run, runChunk, chunkSize } = propsRef.current;
      if (runChunk) return runChunks(items, runChunk, dispatch, { size: chunkSize, indexes });
      return runBatch(items, run, dispatch, undefined, indexes);
    },
    [items],
  );
  // A ref survives StrictMode's simulated remount, so the batch runs exactly once.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void execute();
  }, [execute]);
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
  const failed = failedIndexes(state);
  const close = () => {
    if (!complete) return false;
    onClose();
    return true;
  };
  const retry = () => {
    dispatch({ type: 'retry', indexes: failed });
    void execute(failed);
  };
  return (
    <Modal
      title={title}
      onClose={close}
      closeButton={complete}
      className="app-batch"
      busy={!complete}
      footer={
        <>
          {complete && failed.length > 0 && (
            <button type="button" className="app-button" onClick={retry}>{t`Opnieuw proberen`}</button>
          )}
          <button type="button" className="app-button" disabled={!complete} onClick={close}>
            {t`Sluiten`}
          </button>
        </>
      }
    >
      {note && (
        <p className="app-batch-note" role="note">
          {note}
        </p>
      )}
      <div
        className="app-progress"
        role="progressbar"
        aria-label={t`Voortgang`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="app-progress-bar" style={{ width: `${percent}%` }} />
        <span className="app-progress-text">{percent}%</span>
      </div>
      <ul className="app-batch-items" aria-live="polite">
        {state.items.map(({ description, status, error, open }, index) => (
          <li key={index} className={`app-batch-item app-batch-item--${status.toLowerCase()}`}>
            <span className="app-batch-description">{description}</span>
            <span className="app-batch-status">{labels[status]}</span>
            {error && <span className="app-batch-error">{error}</span>}
            {open && onOpen && (
              <button type="button" className="app-button app-batch-open" onClick={() => onOpen(open)}>
                {t`Openen`}
              </button>
            )}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
