import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { fieldOptions, inputClass } from '../context.ts';
import { apiFromText, capTyped, dateFormatText, dateKind, nowApiValue, textFromApi } from '../rules/index.ts';

/**
 * Date (and time) typed as D-M-YYYY[ HH:mm[:ss]]. The value is raised only once every shown part
 * is filled; a double-click sets now; leaving the field shows the value in its full format.
 */
export function DateTimeWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const kind = dateKind(fieldOptions(props).property.FieldType);
  const [text, setText] = useState(textFromApi(value, kind));
  useEffect(() => {
    // Replace the text only when the value differs from what the text stands for.
    if (apiFromText(text, kind) !== (value ?? null)) setText(textFromApi(value, kind));
  }, [value, kind]); // the text itself must not trigger this

  const raise = (next: string | null | undefined) => {
    if (next !== undefined && next !== (value ?? null)) onChange(next);
  };
  const locked = disabled || readonly;
  return (
    <input
      id={id}
      name={id}
      type="text"
      inputMode="numeric"
      className={inputClass(props, text, 'form-date')}
      value={text}
      placeholder={dateFormatText(kind)}
      disabled={disabled}
      readOnly={readonly}
      aria-required={props.required}
      onChange={(e) => {
        const next = capTyped(e.target.value, kind);
        setText(next);
        raise(apiFromText(next, kind));
      }}
      onDoubleClick={() => {
        if (locked) return;
        const now = nowApiValue(new Date(), kind);
        setText(textFromApi(now, kind));
        raise(now);
      }}
      onBlur={() => {
        setText(textFromApi(value, kind));
        onBlur(id, value);
      }}
      onFocus={() => onFocus(id, value)}
    />
  );
}
