// A client's secret, shown this once: its client id and secret to copy, and the word that it
// cannot be shown again.
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Modal } from '../../ui/dialogs/index.ts';
import { copyText } from '../licence/clipboard.ts';

export interface ShownSecret {
  clientId: string;
  secret: string;
}

export function SecretDialog({ shown, onClose }: { shown: ShownSecret; onClose: () => void }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  return (
    <Modal
      title={t`Geheim van de client`}
      onClose={onClose}
      className="api-secret-dialog"
      footer={
        <>
          <button
            type="button"
            className="app-button app-button--primary"
            onClick={() => void copyText(shown.secret).then(setCopied)}
          >{t`Geheim kopiëren`}</button>
          <button type="button" className="app-button" onClick={onClose}>{t`Sluiten`}</button>
        </>
      }
    >
      <p role="alert">{t`Kopieer het geheim nu: het wordt hierna nooit meer getoond.`}</p>
      <label className="api-secret-field">
        <span>{t`Client-ID`}</span>
        <input type="text" readOnly value={shown.clientId} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <label className="api-secret-field">
        <span>{t`Geheim`}</span>
        <input
          type="text"
          readOnly
          value={shown.secret}
          spellCheck={false}
          autoComplete="off"
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
      {copied && <p aria-live="polite">{t`Gekopieerd.`}</p>}
    </Modal>
  );
}
