// rjsf templates: each field with its <label for>, the required mark as a style, server
// messages under the field; the root object laid out in the server's groups.
import type { FieldTemplateProps, ObjectFieldTemplateProps, TemplatesType } from '@rjsf/utils';
import type { CompiledGroup } from './compile.ts';
import { formContextOf, isEmpty } from './context.ts';

function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, hidden, required, registry, fieldPathId, schema, rawErrors, formData } = props;
  if (schema.type === 'object') return children;
  if (hidden) return <div hidden>{children}</div>;
  const name = String(fieldPathId.path[fieldPathId.path.length - 1]);
  const server = formContextOf(registry).serverErrors[name] ?? [];
  const messages = [...server, ...(rawErrors ?? [])];
  const classes = [
    'form-field',
    required ? 'form-field--required' : '',
    required && isEmpty(formData) ? 'form-field--empty' : '',
    messages.length ? 'form-field--invalid' : '',
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <div className="form-control">
        {children}
        {messages.map((m, i) => (
          <div key={i} className="form-field-error" role="alert">
            {m}
          </div>
        ))}
      </div>
    </div>
  );
}

function ObjectFieldTemplate({ properties, uiSchema }: ObjectFieldTemplateProps) {
  const groups = (uiSchema?.['ui:options'] as { groups?: CompiledGroup[] } | undefined)?.groups ?? [];
  const byName = new Map(properties.map((p) => [p.name, p]));
  return (
    <>
      {groups.map((group) => (
        <fieldset key={group.id} className="form-group">
          {group.label && <legend className="form-group-title">{group.label}</legend>}
          {group.fields.map((name) => {
            const property = byName.get(name);
            return property && !property.hidden ? <div key={name}>{property.content}</div> : null;
          })}
        </fieldset>
      ))}
    </>
  );
}

export const TEMPLATES: Partial<TemplatesType> = { FieldTemplate, ObjectFieldTemplate };
