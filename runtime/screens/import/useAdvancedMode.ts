// Advanced mode of imports (spec 1 section 4): read when the import dialog loads, turned off at
// once, turned on only through the verification dialog (which tells when it is).
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { api, errorText } from '../../api/index.ts';
import { showAlert, toast } from '../../ui/dialogs/index.ts';

export function useAdvancedMode() {
  const { t } = useLingui();
  const [advancedMode, setAdvancedMode] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    api.importAdvancedMode().then(
      (answer) => {
        if (live) setAdvancedMode(answer.AdvancedMode);
      },
      (error) => {
        console.warn('GetAdvancedMode failed', error);
        if (live) setAdvancedMode(false);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const turnOff = async () => {
    try {
      setAdvancedMode((await api.setImportAdvancedMode({ AdvancedMode: false })).AdvancedMode);
      toast('info', t`De geavanceerde modus is uitgeschakeld.`);
    } catch (error) {
      showAlert(errorText(error, t({ id: 'errors.error_saving', message: 'Fout bij het opslaan van de gegevens.' })));
    }
  };
  return { advancedMode, turnOff, turnedOn: () => setAdvancedMode(true) };
}
