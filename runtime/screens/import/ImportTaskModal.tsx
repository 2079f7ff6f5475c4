// The import task detail as a dialog: right after starting an import, or from a row of the
// importtasks grid (read by its AutoID). While the task is pending or running it follows its
// progress and offers to cancel it; Close leaves the import running on the server.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { api, errorText, type ImportDestination, type ImportTask } from '../../api/index.ts';
import { Modal, showAlert } from '../../ui/dialogs/index.ts';
import { destinationLabel } from './destinations.ts';
import { ImportTaskDetail } from './ImportTaskDetail.tsx';
import { useDestinations } from './useDestinations.ts';
import { useImportTask } from './useImportTask.ts';
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

interface LiveTaskProps { initial: ImportTask; known?: readonly ImportDestination[]; onFinished?: (task: ImportTask) => void }

function LiveTask({ initial, known, onFinished }: LiveTaskProps) {
  const { t } = useLingui();
  const destinations = useDestinations(known);
  const { task, progress, replace } = useImportTask(initial, onFinished);
  const [cancelling, setCancelling] = useState(false);
  const cancel = async () => {
    setCancelling(true);
    try {
      replace(await api.cancelImport(task.AutoID));
    } catch (error) {
      console.error(`Cancel of import ${task.AutoID} failed`, error);
      showAlert(errorText(error, t`Het annuleren van de import is mislukt.`));
    } finally {
      setCancelling(false);
    }
  };
  return (
    <ImportTaskDetail
      task={task} progress={progress} destination={destinationLabel(destinations, task.Destination)}
      onCancel={() => void cancel()} cancelling={cancelling}
    />
  );
}

export function ImportTaskModal({ autoid, initial, destinations, onFinished, onClose }: ImportTaskModalProps) {
  const { t } = useLingui();
  const [task, setTask] = useState<ImportTask | null>(initial ?? null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (initial) return;
    let live = true;
    api.importTask(autoid).then((answer) => { if (live) setTask(answer); }, (error) => {
      console.error(`Import task ${autoid} could not be read`, error);
      if (live) setFailed(errorText(error, t({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' })));
    });
    return () => { live = false; };
  }, [autoid, initial, t]);

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
      {failed && <p className="import-alert" role="alert">{failed}</p>}
    </Modal>
  );
}
