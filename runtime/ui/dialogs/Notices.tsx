// Toasts (role status) and alert boxes (role alert).
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { dialogs, dismissAlert, dismissToast } from './dialogs.ts';

export function Toasts() {
  const { toasts } = useSnapshot(dialogs);
  return (
    <div className="app-toasts">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role="status"
          className={`app-toast app-toast--${toast.type}`}
          onClick={() => dismissToast(toast.id)}
        >
          {toast.text}
        </div>
      ))}
    </div>
  );
}

export function Alerts() {
  const { t } = useLingui();
  const { alerts } = useSnapshot(dialogs);
  return (
    <div className="app-alerts">
      {alerts.map((alert) => (
        <div key={alert.id} role="alert" className={`app-alert app-alert--${alert.type}`}>
          {alert.type === 'error' && <strong className="app-alert-heading">{t`Er is iets misgegaan...`}</strong>}
          <span className="app-alert-text">{alert.text}</span>
          <button
            type="button"
            className="app-alert-close"
            aria-label={t`Sluiten`}
            onClick={() => dismissAlert(alert.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
