// The import task detail as a dialog: right after starting an import, or from a row of the
// importtasks grid (read by its AutoID). While the task is pending or running it follows its
// progress and offers to cancel it; Close leaves the import running on the server.
import { useLingui } from '@lingui/react/macro';
import type { ImportDestination, ImportTask } from '../../api/index.ts';
import { Modal } from '../../ui/dialogs/index.ts';
import { destinationLabel } from './destinations.ts';
import { ImportTaskDetail } from './ImportTaskDetail.tsx';
import { useCancelImport } from './useCancelImport.ts';
import { useDestinations } from './useDestinations.ts';
import { useImportTask } from './useImportTask.ts';
import { useTaskRead } from './useTaskRead.ts';
import './import.css';

export interface ImportTaskModalProps {
  autoid: number;
  /** The task as StartImport answered it; otherwise it is read. */
  initial?: ImportTask;
  /** The destinations, to name the task's; otherwise they are asked for. */
  destinations?: readonly ImportDestination[];
  /** The import ended while the dialog was open (the page's rows may have changed). */
  onFinished?: (task: ImportTask) => void;
  onClose: () => void;
}

interface LiveTaskProps {
  initial: ImportTask;
  known?: readonly ImportDestination[];
  onFinished?: (task: ImportTask) => void;
}

function LiveTask({ initial, known, onFinished }: LiveTaskProps) {
  const destinations = useDestinations(known);
  const { task, progress, replace } = useImportTask(initial, onFinished);
  const { cancelling, cancel } = useCancelImport(task.AutoID, replace);

  return (
    <ImportTaskDetail
      task={task}
      progress={progress}
      destination={destinationLabel(destinations, task.Destination)}
      onCancel={() => void cancel()}
      cancelling={cancelling}
    />
  );
}

export function ImportTaskModal({ autoid, initial, destinations, onFinished, onClose }: ImportTaskModalProps) {
  const { t } = useLingui();
  const { task, failed } = useTaskRead(autoid, initial);

  return (
    <Modal
      title={t`Importtaak`}
      onClose={onClose}
      className="import-dialog"
      busy={!task && !failed}
      footer={<button type="button" className="app-button" onClick={onClose}>{t`Sluiten`}</button>}
    >
      {task && <LiveTask initial={task} known={destinations} onFinished={onFinished} />}
      {!task && !failed && <div className="app-spinner" role="progressbar" aria-label={t`Bezig met laden...`} />}
      {failed && (
        <p className="import-alert" role="alert">
          {failed}
        </p>
      )}
    </Modal>
  );
}
