import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { inputClass } from '../context.ts';
import { normalizeTime, timeText } from '../rules/index.ts';

/** Time typed as HH:mm; a missing minute counts as 0, so '8' is 08:00. */
export function TimeWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const [text, setText] = useState(timeText(value));
  useEffect(() => {
    if (normalizeTime(text) !== (value ?? null)) setText(timeText(value));
  }, [value]);
  const raise = (next: string | null) => {
    if (next !== (value ?? null)) onChange(next);
  };
  return (
    <input
      id={id}
      name={id}
      type="text"
      inputMode="numeric"
      className={inputClass(props, text, 'form-time')}
      value={text}
      placeholder="HH:mm"
      maxLength={5}
      disabled={disabled}
      readOnly={readonly}
      aria-required={props.required}
      onChange={(e) => {
        setText(e.target.value);
        const next = normalizeTime(e.target.value);
        if (next !== null || e.target.value.trim() === '') raise(next);
      }}
      onBlur={() => {
        const next = normalizeTime(text);
        setText(next ?? '');
        raise(next);
        onBlur(id, next);
      }}
      onFocus={() => onFocus(id, value)}
    />
  );
}
