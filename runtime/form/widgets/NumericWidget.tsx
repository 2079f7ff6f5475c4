import { useLingui } from '@lingui/react/macro';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { formatNumber } from '../../i18n/numbers.ts';
import { fieldOptions, inputClass } from '../context.ts';
import { blocksKey, numericOnBlur, parseNumeric, stepValue } from '../rules/index.ts';
import { LockedText, optionText, showsOptionLabel } from './LockedText.tsx';

const shown = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * Numeric input with steppers and the quantity unit; keeps the typed text while it is being typed.
 * Locked, it shows the number as the grid and the header do (a decimal with its own number of
 * decimals, in the user's language), and a workflow's status by its state's label.
 */
export function NumericWidget(props: WidgetProps) {
  const { t, i18n } = useLingui();
  const { id, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const { property } = fieldOptions(props);
  const { min, max, step, NumericKeys } = property.Settings;
  const limits = { min, max, step };
  const current = parseNumeric(value as string | number | null);
  const [text, setText] = useState(shown(current));
  // A value from outside (another record, a stepper) replaces the text; our own typing does not.
  useEffect(() => {
    if (parseNumeric(text) !== current) setText(shown(current));
  }, [current]);

  const raise = (next: number | null) => {
    if (next !== current) onChange(next);
  };
  const stepBy = (direction: 1 | -1) => {
    const next = stepValue(current, direction, limits);
    setText(shown(next));
    raise(next);
  };
  const locked = Boolean(disabled || readonly);
  if (showsOptionLabel(property, locked)) return <LockedText widget={props} text={optionText(property, current)} />;
  // A decimal too precise for a JS number comes as text: shown from that text, exactly.
  const exact = typeof value === 'string' && value.trim() !== '' ? value : current;
  const display =
    locked && current !== null && exact !== null
      ? formatNumber(exact, i18n.locale || 'nl', {
          decimal: property.FieldType === 'decimal',
          decimals: property.Settings.Decimals,
        })
      : text;

  return (
    <div className="form-numeric">
      <button
        type="button"
        className="form-stepper"
        tabIndex={-1}
        disabled={locked || (current !== null && min != null && current <= min)}
        aria-label={t`Verlagen`}
        onClick={() => stepBy(-1)}
      >
        −
      </button>
      <input
        id={id}
        name={id}
        type="text"
        inputMode={step === 1 || NumericKeys ? 'numeric' : 'decimal'}
        className={inputClass(props, display, 'form-numeric-input')}
        value={display}
        disabled={disabled}
        readOnly={readonly}
        aria-required={props.required}
        onKeyDown={(e) => {
          if (blocksKey(e.key, { step, numericKeys: NumericKeys })) e.preventDefault();
          else if (!locked && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
            e.preventDefault();
            stepBy(e.key === 'ArrowUp' ? 1 : -1);
          }
        }}
        onChange={(e) => {
          setText(e.target.value);
          raise(parseNumeric(e.target.value));
        }}
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
      <button
        type="button"
        className="form-stepper"
        tabIndex={-1}
        disabled={locked || (current !== null && max != null && current >= max)}
        aria-label={t`Verhogen`}
        onClick={() => stepBy(1)}
      >
        +
      </button>
      {property.QuantityUnit && <span className="form-unit">{property.QuantityUnit}</span>}
    </div>
  );
}
