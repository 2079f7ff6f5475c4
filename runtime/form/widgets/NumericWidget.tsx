import { useLingui } from '@lingui/react/macro';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { fieldOptions, inputClass } from '../context.ts';
import { blocksKey, numericOnBlur, parseNumeric, stepValue } from '../rules/index.ts';

const shown = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Numeric input with steppers and the quantity unit; keeps the typed text while it is being typed. */
export function NumericWidget(props: WidgetProps) {
  const { t } = useLingui();
  const { id, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const { property } = fieldOptions(props);
  const { min, max, step, NumericKeys } = property.Settings;
  const limits = { min, max, step };
  const current = parseNumeric(value as string | number | null);
  const [text, setText] = useState(shown(current));
  // A value from outside (another record, a stepper) replaces the text; our own typing does not.
  useEffect(() => { if (parseNumeric(text) !== current) setText(shown(current)); }, [current]);

  const raise = (next: number | null) => { if (next !== current) onChange(next); };
  const stepBy = (direction: 1 | -1) => { const next = stepValue(current, direction, limits); setText(shown(next)); raise(next); };
  const locked = disabled || readonly;

  return (
    <div className="form-numeric">
      <button type="button" className="form-stepper" tabIndex={-1} disabled={locked || (current !== null && min != null && current <= min)}
        aria-label={t`Verlagen`} onClick={() => stepBy(-1)}>−</button>
      <input
        id={id} name={id} type="text" inputMode={step === 1 || NumericKeys ? 'numeric' : 'decimal'}
        className={inputClass(props, text, 'form-numeric-input')} value={text}
        disabled={disabled} readOnly={readonly} aria-required={props.required}
        onKeyDown={(e) => {
          if (blocksKey(e.key, { step, numericKeys: NumericKeys })) e.preventDefault();
          else if (!locked && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) { e.preventDefault(); stepBy(e.key === 'ArrowUp' ? 1 : -1); }
        }}
        onChange={(e) => { setText(e.target.value); raise(parseNumeric(e.target.value)); }}
        onBlur={() => {
          // Rounded to the step but not clamped: a typed 9999 above a maximum of 128 stays, and the
          // save is refused on the field, rather than quietly storing another number.
          const next = numericOnBlur(parseNumeric(text), limits);
          setText(shown(next));
          raise(next);
          onBlur(id, next);
        }}
        onFocus={() => onFocus(id, value)}
      />
      <button type="button" className="form-stepper" tabIndex={-1} disabled={locked || (current !== null && max != null && current >= max)}
        aria-label={t`Verhogen`} onClick={() => stepBy(1)}>+</button>
      {property.QuantityUnit && <span className="form-unit">{property.QuantityUnit}</span>}
    </div>
  );
}
