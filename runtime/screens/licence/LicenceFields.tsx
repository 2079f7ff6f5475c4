// The licence's fields (spec 1 §2): name, the product code's four segments, the activation code.
// Read-only until the page is editing; a refused Save's field messages show under their fields.
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { LICENCE_SEGMENTS } from '../../../definitions/language/index.ts';
import { cleanSegment, type LicenceForm, type Segments } from './model.ts';

export interface LicenceFieldsProps {
  form: LicenceForm;
  editing: boolean;
  fieldErrors: Readonly<Record<string, readonly string[]>>;
  onChange: (form: LicenceForm) => void;
}

function FieldErrors({ id, messages }: { id: string; messages: readonly string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <div id={id} className="licence-field-error">
      {messages.map((m) => (
        <div key={m}>{m}</div>
      ))}
    </div>
  );
}

export function LicenceFields({ form, editing, fieldErrors, onChange }: LicenceFieldsProps) {
  const { t } = useLingui();
  const nameId = useId();
  const codeId = useId();
  const activationId = useId();
  const errorId = (id: string, field: string) => (fieldErrors[field]?.length ? `${id}-error` : undefined);
  const setSegment = (at: number, value: string) => {
    const segments = [...form.segments] as Segments;
    segments[at] = cleanSegment(value);
    onChange({ ...form, segments });
  };
  return (
    <div className="licence-fields">
      <label htmlFor={nameId}>{t`Licentienaam`}</label>
      <div>
        <input
          id={nameId}
          className="licence-input"
          type="text"
          maxLength={100}
          readOnly={!editing}
          value={form.licenseName}
          aria-describedby={errorId(nameId, 'licenseName')}
          onChange={(e) => onChange({ ...form, licenseName: e.target.value })}
        />
        <FieldErrors id={`${nameId}-error`} messages={fieldErrors.licenseName} />
      </div>

      <span id={codeId}>{t`Productcode`}</span>
      <div>
        <div
          className="licence-segments"
          role="group"
          aria-labelledby={codeId}
          aria-describedby={errorId(codeId, 'productCode')}
        >
          {LICENCE_SEGMENTS.map((max, at) => {
            const part = at + 1;
            return (
              <span key={at} className="licence-segment">
                {at > 0 && <span aria-hidden="true">-</span>}
                <input
                  className="licence-input"
                  type="text"
                  maxLength={max}
                  size={max + 1}
                  readOnly={!editing}
                  value={form.segments[at]}
                  aria-label={t`Productcode, deel ${part}`}
                  spellCheck={false}
                  autoComplete="off"
                  onChange={(e) => setSegment(at, e.target.value)}
                />
              </span>
            );
          })}
        </div>
        <FieldErrors id={`${codeId}-error`} messages={fieldErrors.productCode} />
      </div>

      <label htmlFor={activationId}>{t`Activeringscode`}</label>
      <div>
        <textarea
          id={activationId}
          className="licence-input licence-activation"
          rows={4}
          maxLength={2000}
          readOnly={!editing}
          value={form.activationCode}
          spellCheck={false}
          aria-describedby={errorId(activationId, 'activationCode')}
          onChange={(e) => onChange({ ...form, activationCode: e.target.value })}
        />
        <FieldErrors id={`${activationId}-error`} messages={fieldErrors.activationCode} />
      </div>
    </div>
  );
}
