import type { WidgetProps } from '@rjsf/utils';
import { fieldOptions, inputClass } from '../context.ts';

export function SelectWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const { property } = fieldOptions(props);
  const options = property.Settings.Options ?? [];
  const current = value == null ? '' : String(value);
  return (
    <select
      id={id} name={id} className={inputClass(props, current)} value={current}
      disabled={disabled || readonly} aria-required={props.required}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)}
    >
      {/* An empty choice for optional fields and for a required one that has no value yet. */}
      {(!props.required || current === '') && <option value="" />}
      {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
    </select>
  );
}
