// The import dialog of a maintenance page: step 1 starts an import, step 2 follows the task it
// answered. The verification dialog of advanced mode is drawn beside step 1, not inside it, so
// each dialog keeps Tab to itself; Escape closes the top-most one and focus returns to its opener.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { api, errorText, type ImportDestination, type ImportTask } from '../../api/index.ts';
import { showAlert, toast } from '../../ui/dialogs/index.ts';
import { ImportTaskModal } from './ImportTaskModal.tsx';
import { StartImportModal } from './StartImportModal.tsx';
import { VerificationDialog } from './VerificationDialog.tsx';

export interface ImportDialogProps {
  table: string;
  destinations: readonly ImportDestination[];
  /** The import ended (the table's rows may have changed). */
  onFinished?: (task: ImportTask) => void;
  onClose: () => void;
}

export function ImportDialog({ table, destinations, onFinished, onClose }: ImportDialogProps) {
  const { t } = useLingui();
  const [task, setTask] = useState<ImportTask | null>(null);
  const [advancedMode, setAdvancedMode] = useState<boolean | null>(null);
  const [verifying, setVerifying] = useState(false);

  // Spec 1 section 4: advanced mode is fetched when the dialog loads.
  useEffect(() => {
    let live = true;
    api.importAdvancedMode().then((answer) => { if (live) setAdvancedMode(answer.AdvancedMode); }, (error) => {
      console.warn('GetAdvancedMode failed', error);
      if (live) setAdvancedMode(false);
    });
    return () => { live = false; };
  }, []);

  const switchAdvancedMode = async () => {
    if (!advancedMode) {
      setVerifying(true);
      return;
    }
    try {
      setAdvancedMode((await api.setImportAdvancedMode({ AdvancedMode: false })).AdvancedMode);
      toast('info', t`De geavanceerde modus is uitgeschakeld.`);
    } catch (error) {
      showAlert(errorText(error, t({ id: 'errors.error_saving', message: 'Fout bij het opslaan van de gegevens.' })));
    }
  };

  if (task) return <ImportTaskModal autoid={task.AutoID} initial={task} destinations={destinations} onFinished={onFinished} onClose={onClose} />;
  return (
    <>
      <StartImportModal
        table={table} destinations={destinations} advancedMode={advancedMode}
        onAdvancedMode={() => void switchAdvancedMode()} onStarted={setTask} onClose={onClose}
      />
      {verifying && (
        <VerificationDialog
          onVerified={() => {
            setAdvancedMode(true);
            setVerifying(false);
            toast('success', t`De geavanceerde modus is ingeschakeld.`);
          }}
          onClose={() => setVerifying(false)}
        />
      )}
    </>
  );
}
