// Cancelling a pending or running import: the task as the server answers it replaces the one shown.
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api, errorText, type ImportTask } from '../../api/index.ts';
import { showAlert } from '../../ui/dialogs/index.ts';

export function useCancelImport(autoid: number, replace: (task: ImportTask) => void) {
  const { t } = useLingui();
  const [cancelling, setCancelling] = useState(false);
  const cancel = async () => {
    setCancelling(true);
    try {
      replace(await api.cancelImport(autoid));
    } catch (error) {
      console.error(`Cancel of import ${autoid} failed`, error);
      showAlert(errorText(error, t`Het annuleren van de import is mislukt.`));
    } finally {
      setCancelling(false);
    }
  };
  return { cancelling, cancel };
}
