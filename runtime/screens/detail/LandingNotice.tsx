// The notice over a detail screen's grid that a record just made is not in the data set it shows:
// "ORD-000301 staat in Alle" with a button to go there, or that it is in none the user may see;
// either way the record opens from here (over the data set that holds it).
import { useLingui } from '@lingui/react/macro';
import type { LandingNotice as Notice } from './useLanding.ts';

export interface LandingNoticeProps {
  notice: Notice;
  /** Shows the data set the record is in, the record pointed out. */
  onGo: (set: string, autoid: number) => void;
  onOpen: (autoid: number) => void;
  onDismiss: () => void;
}

export function LandingNotice({ notice, onGo, onOpen, onDismiss }: LandingNoticeProps) {
  const { t } = useLingui();
  const { autoid, name, landing } = notice;
  const where = landing.kind === 'elsewhere' ? landing.set.title : '';
  return (
    <div className="detail-landing" role="status">
      <span>
        {landing.kind === 'elsewhere'
          ? t`${name} staat in ${where}`
          : t`${name} is opgeslagen, maar valt buiten de gegevenssets die u mag zien`}
      </span>
      {landing.kind === 'elsewhere' && (
        <button type="button" className="grid-button" onClick={() => onGo(landing.set.name, autoid)}>
          {t`Naar ${where}`}
        </button>
      )}
      <button
        type="button"
        className="grid-button"
        onClick={() => {
          // Opened over the data set that holds it, so it is in the grid when it closes.
          if (landing.kind === 'elsewhere') onGo(landing.set.name, autoid);
          onOpen(autoid);
        }}
      >
        {t`Openen`}
      </button>
      <button
        type="button"
        className="detail-landing-close"
        aria-label={t`Melding sluiten`}
        title={t`Melding sluiten`}
        onClick={onDismiss}
      >
        ×
      </button>
    </div>
  );
}
