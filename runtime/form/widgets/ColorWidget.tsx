import { useLingui } from '@lingui/react/macro';
import type { WidgetProps } from '@rjsf/utils';
import { inputClass } from '../context.ts';
import { COLOR_TEXT_LENGTH, limitColorText, swatchColor } from '../rules/index.ts';

/** A colour as text (at most 9 characters) with a swatch that opens the browser's colour picker. */
export function ColorWidget(props: WidgetProps) {
  const { t } = useLingui();
  const { id, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const text = typeof value === 'string' ? value : '';
  const swatch = swatchColor(text);
  return (
    <div className="form-color">
      <input
        id={id}
        name={id}
        type="text"
        className={inputClass(props, text)}
        value={text}
        maxLength={COLOR_TEXT_LENGTH}
        disabled={disabled}
        readOnly={readonly}
        aria-required={props.required}
        onChange={(e) => {
          const next = limitColorText(e.target.value);
          onChange(next === '' ? null : next);
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <input
        type="color"
        className="form-color-swatch"
        value={swatch ?? '#000000'}
        aria-label={t`Kleur kiezen`}
        disabled={disabled || readonly}
        data-empty={swatch ? undefined : true}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
