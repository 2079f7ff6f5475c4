// The open record's header: its title and the screen's header fields, read-only. Resting on it
// for 2 s shows the change tracker (TimeStamp, CreateDate, CreatedBy, ModifiedBy; spec 2 section 6).
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { FormProperty } from '../../form/index.ts';
import { headerItems, TRACKER_FIELDS, trackerValue } from './headerValues.ts';
import { useHoverDelay } from './useHoverDelay.ts';
import './record-phone.css';

export interface RecordHeaderProps {
  title: string;
  fields: readonly string[];
  properties: readonly FormProperty[];
  record: Record<string, unknown>;
  /** A saved record has a change history to show. */
  saved: boolean;
}

export function RecordHeader({ title, fields, properties, record, saved }: RecordHeaderProps) {
  const { t, i18n } = useLingui();
  const tracker = useHoverDelay();
  const trackerId = useId();
  const items = headerItems(fields, properties, record, [t`Ja`, t`Nee`], i18n.locale || 'nl');
  const labels: Record<(typeof TRACKER_FIELDS)[number], string> = {
    TimeStamp: t`Versie`,
    CreateDate: t`Aangemaakt op`,
    CreatedBy: t`Aangemaakt door`,
    ModifiedBy: t`Gewijzigd door`,
  };
  const showTracker = saved && tracker.shown;
  return (
    <div
      className="detail-header"
      // Focusable, so keyboard users reach the change tracker too.
      tabIndex={saved ? 0 : undefined}
      aria-describedby={showTracker ? trackerId : undefined}
      {...(saved ? tracker.handlers : {})}
    >
      <h3 className="detail-header-title">{title}</h3>
      {items.length > 0 && (
        <dl className="detail-header-fields">
          {items.map((item) => (
            <div key={item.field} className="detail-header-field">
              <dt>{item.label}</dt>
              <dd>{item.text || '–'}</dd>
            </div>
          ))}
        </dl>
      )}
      {showTracker && (
        <div id={trackerId} role="tooltip" className="detail-tracker">
          <dl>
            {TRACKER_FIELDS.map((field) => (
              <div key={field} className="detail-header-field">
                <dt>{labels[field]}</dt>
                <dd>{trackerValue(field, record) || '–'}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </div>
  );
}
