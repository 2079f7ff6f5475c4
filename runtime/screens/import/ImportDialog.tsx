// The import dialog of a maintenance page: step 1 starts an import, step 2 follows the task it
// answered. The verification dialog of advanced mode is drawn beside step 1, not inside it, so
// each dialog keeps Tab to itself; Escape closes the top-most one and focus returns to its opener.
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ImportDestination, ImportTask } from '../../api/index.ts';
import { toast } from '../../ui/dialogs/index.ts';
import { ImportTaskModal } from './ImportTaskModal.tsx';
import { StartImportModal } from './StartImportModal.tsx';
import { useAdvancedMode } from './useAdvancedMode.ts';
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
  // Spec 1 section 4: advanced mode is fetched when the dialog loads.
  const { advancedMode, turnOff, turnedOn } = useAdvancedMode();
  const [verifying, setVerifying] = useState(false);

  const switchAdvancedMode = async () => {
    if (!advancedMode) {
      setVerifying(true);
      return;
    }
    await turnOff();
  };

  if (task)
    return (
      <ImportTaskModal
        autoid={task.AutoID}
        initial={task}
        destinations={destinations}
        onFinished={onFinished}
        onClose={onClose}
      />
    );
  return (
    <>
      <StartImportModal
        table={table}
        destinations={destinations}
        advancedMode={advancedMode}
        onAdvancedMode={() => void switchAdvancedMode()}
        onStarted={setTask}
        onClose={onClose}
      />
      {verifying && (
        <VerificationDialog
          onVerified={() => {
            turnedOn();
            setVerifying(false);
            toast('success', t`De geavanceerde modus is ingeschakeld.`);
          }}
          onClose={() => setVerifying(false)}
        />
      )}
    </>
  );
}
