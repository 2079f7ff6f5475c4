import { useLingui } from '@lingui/react/macro';
import type { WidgetProps } from '@rjsf/utils';
import { useRef } from 'react';
import { fieldOptions, formContextOf, inputClass } from '../context.ts';
import { applyUserStamp, maxLengthProblem, userStampPrefix } from '../rules/index.ts';
import { MaxLengthMessage } from './MaxLengthMessage.tsx';

/** A text area; with a current person it offers the user stamp (name and short date-time in front). */
export function TextAreaWidget(props: WidgetProps) {
  const { t } = useLingui();
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, registry } = props;
  const { property } = fieldOptions(props);
  const person = formContextOf(registry).currentPerson;
  const area = useRef<HTMLTextAreaElement>(null);
  const text = typeof value === 'string' ? value : '';
  const problem = maxLengthProblem(text, property.Settings.FieldLength);

  function stamp() {
    const now = new Date();
    onChange(applyUserStamp(text, person!, now));
    // The caret goes right after the stamp, where the user goes on typing.
    const at = userStampPrefix(person!, now).length;
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(at, at);
    });
  }

  return (
    <div className="form-textarea">
      <textarea
        ref={area}
        id={id}
        name={id}
        rows={4}
        className={inputClass(props, text)}
        value={text}
        disabled={disabled}
        readOnly={readonly}
        aria-required={props.required}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      {person && !disabled && !readonly && (
        <button
          type="button"
          className="form-button form-stamp"
          onClick={stamp}
          title={t`Naam en tijd invoegen`}
        >{t`Stempel`}</button>
      )}
      <MaxLengthMessage problem={problem} />
    </div>
  );
}
