import type { WidgetProps } from '@rjsf/utils';

export function BoolWidget({ id, value, disabled, readonly, onChange, onBlur, onFocus }: WidgetProps) {
  return (
    <input
      id={id} name={id} type="checkbox" className="form-checkbox" checked={value === true}
      disabled={disabled || readonly}
      onChange={(e) => onChange(e.target.checked)}
      onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)}
    />
  );
}
