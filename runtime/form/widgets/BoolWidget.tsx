import type { WidgetProps } from '@rjsf/utils';
import { fieldOptions } from '../context.ts';
import { LockedText, optionText, showsOptionLabel } from './LockedText.tsx';

/** A checkbox; locked, a workflow's status kept as a flag shows its state's label. */
export function BoolWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const { property } = fieldOptions(props);
  if (showsOptionLabel(property, Boolean(disabled || readonly)))
    return <LockedText widget={props} text={optionText(property, value)} />;
  return (
    <input
      id={id}
      name={id}
      type="checkbox"
      className="form-checkbox"
      checked={value === true}
      disabled={disabled || readonly}
      onChange={(e) => onChange(e.target.checked)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
