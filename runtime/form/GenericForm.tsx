// The generic form: GetForm + a record in, every user change out. The record lives in local
// state so a key press re-renders the form only, not the page around it.
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { api, type ApiErrorBody } from '../api/index.ts';
import { checkMessages } from './checks.ts';
import { compileForm } from './compile.ts';
import type { FormContext, ListClient, OpenReference } from './context.ts';
import { schemaValidator } from './schema-validator.ts';
import { serverErrors } from './server-errors.ts';
import { TEMPLATES } from './templates.tsx';
import type { FormAnswer } from './types.ts';
import { WIDGETS } from './widgets/index.ts';
import './form.css';

export interface GenericFormProps {
  form: FormAnswer;
  value: Record<string, unknown>;
  onChange: (record: Record<string, unknown>) => void;
  serverError?: ApiErrorBody | null;
  currentPerson?: string;
  /** The lookup calls; the page's own API client unless a test or host passes another. */
  client?: ListClient;
  /** The record's table and its stored state, for file and image fields. */
  table?: string;
  stored?: Record<string, unknown> | null;
  /** Opens rows of list fields' tables in a dialog (the page's); without it pickers only choose. */
  references?: OpenReference;
}

const ignoreErrors = () => {};

export function GenericForm({
  form,
  value,
  onChange,
  serverError,
  currentPerson,
  client = api,
  table,
  stored,
  references,
}: GenericFormProps) {
  // Two forms on one page (a record and an action's prompts) must not share input ids, or a
  // label would name the other form's input.
  const idPrefix = `form${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const [record, setRecord] = useState(value);
  // A record from outside (another item, the saved answer) replaces ours; our own echo does not.
  const sent = useRef(value);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setRecord(value);
    }
  }, [value]);

  const compiled = useMemo(() => compileForm(form, record), [form, record]);
  const server = useMemo(() => serverErrors(serverError, form.Properties), [serverError, form]);
  // The table's checks, live like the field rules: under the fields they name when those show.
  const checks = useMemo(
    () => checkMessages(form.Checks, record, new Set(compiled.groups.flatMap((g) => g.fields))),
    [form.Checks, record, compiled],
  );
  const errors = useMemo(() => {
    const fields: Record<string, string[]> = { ...server.fields };
    for (const [name, messages] of Object.entries(checks.fields)) {
      fields[name] = [...(fields[name] ?? []), ...messages.filter((m) => !fields[name]?.includes(m))];
    }
    const general = [...server.general, ...checks.general.filter((m) => !server.general.includes(m))];
    return { fields, general };
  }, [server, checks]);
  const uiSchema = useMemo(() => ({ ...compiled.uiSchema, 'ui:submitButtonOptions': { norender: true } }), [compiled]);
  const formContext: FormContext = useMemo(
    () => ({
      currentPerson,
      record,
      serverErrors: errors.fields,
      required: compiled.required,
      groups: compiled.groups,
      client,
      table,
      stored,
      references,
    }),
    [currentPerson, record, errors, compiled, client, table, stored, references],
  );

  const change = (event: IChangeEvent) => {
    const next = (event.formData ?? {}) as Record<string, unknown>;
    sent.current = next;
    setRecord(next);
    onChange(next);
  };

  return (
    <div className="form-generic">
      {errors.general.length > 0 && (
        <div className="form-general-error" role="alert">
          {errors.general.map((m, i) => (
            <div key={i}>{m}</div>
          ))}
        </div>
      )}
      <Form
        schema={compiled.schema}
        uiSchema={uiSchema}
        formData={record}
        formContext={formContext}
        idPrefix={idPrefix}
        validator={schemaValidator}
        widgets={WIDGETS}
        templates={TEMPLATES}
        noHtml5Validate
        showErrorList={false}
        onError={ignoreErrors}
        onChange={change}
      />
    </div>
  );
}
