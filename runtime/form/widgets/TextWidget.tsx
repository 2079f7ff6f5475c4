import type { WidgetProps } from '@rjsf/utils';
import { fieldOptions, inputClass } from '../context.ts';
import { maxLengthProblem } from '../rules/index.ts';
import { MaxLengthMessage } from './MaxLengthMessage.tsx';

export function TextWidget(props: WidgetProps) {
  return <TextInput {...props} inputType="text" />;
}

/** A password is typed unseen; the server never sends one back. */
export function PasswordWidget(props: WidgetProps) {
  return <TextInput {...props} inputType="password" />;
}

function TextInput(props: WidgetProps & { inputType: 'text' | 'password' }) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  const { property } = fieldOptions(props);
  const text = typeof value === 'string' ? value : value == null ? '' : String(value);
  const problem = maxLengthProblem(text, property.Settings.FieldLength);
  return (
    <>
      <input
        id={id}
        name={id}
        type={props.inputType}
        autoComplete={props.inputType === 'password' ? 'new-password' : undefined}
        className={inputClass(props, text)}
        value={text}
        disabled={disabled}
        readOnly={readonly}
        aria-required={props.required}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <MaxLengthMessage problem={problem} />
    </>
  );
}
