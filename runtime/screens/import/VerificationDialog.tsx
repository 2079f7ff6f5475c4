// Turning advanced mode on (imports of more than 5,000 rows): the server shows a code, the user
// types it over. The code typed is required; a refusal shows the server's message under the field
// and its Error above the form (spec 1 section 8, verification save failure).
import { useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { IMPORT } from '../../../definitions/language/index.ts';
import { Modal } from '../../ui/dialogs/index.ts';
import { useVerification } from './useVerification.ts';
import './import.css';

export interface VerificationDialogProps {
  /** Advanced mode is on. */
  onVerified: () => void;
  onClose: () => void;
}

export function VerificationDialog({ onVerified, onClose }: VerificationDialogProps) {
  const { t, i18n } = useLingui();
  const limit = IMPORT.VerificationRows.toLocaleString(i18n.locale || 'nl');
  const formId = useId();
  const codeId = useId();
  const typedId = useId();
  const errorId = useId();
  const { code, busy, error, fieldError, verify } = useVerification(onVerified);
  const [typed, setTyped] = useState('');

  const ready = code !== null && typed.trim() !== '' && !busy;
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!ready || code === null) return;
    await verify(typed.trim());
  };

  return (
    <Modal
      title={t`Geavanceerde modus inschakelen`}
      onClose={onClose}
      className="app-modal--small"
      busy={busy}
      footer={
        <>
          <button
            type="submit"
            form={formId}
            className="app-button app-button--primary"
            disabled={!ready}
          >{t`Inschakelen`}</button>
          <button type="button" className="app-button" onClick={onClose}>{t`Annuleren`}</button>
        </>
      }
    >
      <form id={formId} className="import-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="import-intro">{t`Met de geavanceerde modus mag een import meer dan ${limit} rijen hebben. Typ de code over om hem in te schakelen.`}</p>
        {error && (
          <div className="import-alert" role="alert">
            {error}
          </div>
        )}
        <label htmlFor={codeId}>{t`Code`}</label>
        <input id={codeId} type="text" readOnly value={code ?? ''} aria-busy={code === null || undefined} />
        <label htmlFor={typedId}>{t`Verificatiecode`}</label>
        <div>
          <input
            id={typedId}
            type="text"
            required
            aria-required="true"
            autoComplete="off"
            value={typed}
            aria-invalid={fieldError.length > 0 || undefined}
            aria-describedby={fieldError.length ? errorId : undefined}
            onChange={(e) => setTyped(e.target.value)}
          />
          {fieldError.length > 0 && (
            <div id={errorId} className="import-field-error" role="alert">
              {fieldError.join(' ')}
            </div>
          )}
        </div>
      </form>
    </Modal>
  );
}
