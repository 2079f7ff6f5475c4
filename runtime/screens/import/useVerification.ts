// Turning advanced mode on: the server's code is read when the dialog opens, and the code the user
// typed is sent with it. A refusal's field message goes under the field, its Error above the form.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { api, errorText } from '../../api/index.ts';
import { fieldMessages } from './failures.ts';

export function useVerification(onVerified: () => void) {
  const { t } = useLingui();
  const [code, setCode] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    api.importCode().then(
      (answer) => {
        if (live) setCode(answer.Code);
      },
      (failure) => {
        console.error('GetCode failed', failure);
        if (live)
          setError(
            errorText(failure, t({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' })),
          );
      },
    );
    return () => {
      live = false;
    };
  }, [t]);

  /** Sends the code typed (trimmed by the caller) with the server's code. */
  const verify = async (typed: string) => {
    if (code === null) return;
    setBusy(true);
    setError(null);
    setFieldError([]);
    try {
      const answer = await api.setImportAdvancedMode({ Code: code, VerificationCode: typed });
      if (answer.AdvancedMode) onVerified();
      else setError(t`De geavanceerde modus is niet ingeschakeld.`);
    } catch (failure) {
      const messages = fieldMessages(failure, 'VerificationCode');
      setFieldError(messages);
      const general = errorText(failure, null);
      setError(
        general ??
          (messages.length ? null : t({ id: 'errors.error_saving', message: 'Fout bij het opslaan van de gegevens.' })),
      );
    } finally {
      setBusy(false);
    }
  };
  return { code, busy, error, fieldError, verify };
}
