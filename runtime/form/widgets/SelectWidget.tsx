import type { WidgetProps } from '@rjsf/utils';
import { fieldOptions, formContextOf, inputClass } from '../context.ts';
import { useEntryActions } from '../useEntryActions.ts';

export function SelectWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, registry } = props;
  const { property, actionsOfValue } = fieldOptions(props);
  const current = value == null ? '' : String(value);
  // An action field offers only the actions of the chosen catalogue entry (and keeps showing its own value).
  const allowed = useEntryActions(property.Settings.ActionsOf, actionsOfValue, formContextOf(registry)?.client);
  const options = (property.Settings.Options ?? []).filter(
    (o) => !allowed || allowed.includes(o.value) || o.value === current,
  );
  return (
    <select
      id={id}
      name={id}
      className={inputClass(props, current)}
      value={current}
      disabled={disabled || readonly}
      aria-required={props.required}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      {/* An empty choice for optional fields and for a required one that has no value yet. */}
      {(!props.required || current === '') && <option value="" />}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
