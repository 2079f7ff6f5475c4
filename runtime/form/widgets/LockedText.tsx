// A locked field whose value reads as text rather than in its own input: a workflow's status kept
// as a number or a flag shows its state's label. The input keeps the field's id, so the field's
// label still names it.
import type { WidgetProps } from '@rjsf/utils';
import { inputClass } from '../context.ts';
import type { FormProperty } from '../types.ts';

/** The label of the option the value stands for; a value without an option shows as it is. */
export function optionText(property: Pick<FormProperty, 'Settings'>, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return property.Settings.Options?.find((o) => o.value === String(value))?.label ?? String(value);
}

/** Whether a locked field shows its option's label instead of its own input. */
export const showsOptionLabel = (property: Pick<FormProperty, 'Settings'>, locked: boolean): boolean =>
  locked && Boolean(property.Settings.Options?.length);

export function LockedText({ widget, text }: { widget: WidgetProps; text: string }) {
  const { id, disabled, value, onBlur, onFocus } = widget;
  return (
    <input
      id={id}
      name={id}
      type="text"
      className={inputClass(widget, text)}
      value={text}
      disabled={disabled}
      readOnly
      aria-required={widget.required}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
