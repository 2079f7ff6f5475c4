// The values of a transition's or action's prompts checked by ajv against a JSON Schema made from
// the prompts (type, length, options, required), with ajv's errors said as the form's messages
// under each prompt's name: the same checks, one validator, no hand-written type tests.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { isCalendarDate, isDateTime, type PromptDef } from '../../definitions/language/index.ts';
import type { FieldMessage } from '../errors.ts';

type Schema = Record<string, unknown>;

/** The longest text a prompt takes without a maxLength of its own. */
const TEXT_MAX = 4000;

const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true });
ajv.addFormat('calendar-date', { type: 'string', validate: (v: string) => isCalendarDate(v) });
ajv.addFormat('date-and-time', { type: 'string', validate: (v: string) => isDateTime(v, { timeRequired: true }) });

const whole = { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };

function valueSchema(p: PromptDef): Schema {
  switch (p.type) {
    case 'text':
    case 'textarea':
      return { type: 'string', maxLength: p.maxLength ?? TEXT_MAX };
    case 'date':
      return { type: 'string', format: 'calendar-date' };
    case 'datetime':
      return { type: 'string', format: 'date-and-time' };
    case 'integer':
      return whole;
    case 'decimal':
      return { type: 'number' };
    case 'bool':
      return { type: 'boolean' };
    case 'list':
      return { ...whole, minimum: 1 };
    case 'select':
      return { enum: (p.options ?? []).map((o) => o.value) };
  }
}

/**
 * A required prompt must have a value; any other may be left empty (null). A `required` rule is
 * judged per record first (prompts.ts requiredNow); unjudged, it requires nothing.
 */
export function promptSchema(prompts: readonly PromptDef[]): Schema {
  return {
    type: 'object',
    additionalProperties: false,
    required: prompts.filter((p) => p.required === true).map((p) => p.name),
    properties: Object.fromEntries(
      prompts.map((p) => [
        p.name,
        p.required === true ? valueSchema(p) : { anyOf: [valueSchema(p), { type: 'null' }] },
      ]),
    ),
  };
}

const compiled = new WeakMap<readonly PromptDef[], ValidateFunction>();

function requiredMessage(p: PromptDef): FieldMessage {
  return p.requiredMessage
    ? { id: 'validation.check', args: [p.requiredMessage] }
    : { id: 'validation.required', args: [p.label] };
}

/** ajv's errors as messages per prompt: unknown, required (missing or empty), or not a valid value. */
function problemsOf(
  errors: ErrorObject[],
  prompts: readonly PromptDef[],
  values: Record<string, unknown>,
): Record<string, FieldMessage[]> {
  const byName = new Map(prompts.map((p) => [p.name, p]));
  const problems: Record<string, FieldMessage[]> = {};
  for (const e of errors) {
    const params = e.params as Record<string, unknown>;
    const name =
      e.keyword === 'additionalProperties'
        ? String(params.additionalProperty)
        : e.keyword === 'required'
          ? String(params.missingProperty)
          : (e.instancePath.split('/')[1] ?? '');
    if (problems[name]) continue;
    const p = byName.get(name);
    if (!p) problems[name] = [{ id: 'validation.unknown_field', args: [name] }];
    else if (e.keyword === 'required' || values[name] === null) problems[name] = [requiredMessage(p)];
    else problems[name] = [{ id: 'validation.invalid', args: [p.label] }];
  }
  return problems;
}

/**
 * The values by prompt name (names matched without regard to case, an empty text taken as no
 * value), or the problems per prompt.
 */
export function validatePrompts(
  prompts: readonly PromptDef[],
  given: Record<string, unknown>,
): { values: Record<string, unknown>; problems?: Record<string, FieldMessage[]> } {
  const spelling = new Map(prompts.map((p) => [p.name.toLowerCase(), p.name]));
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(given)) {
    values[spelling.get(name.toLowerCase()) ?? name] = value === undefined || value === '' ? null : value;
  }
  let validate = compiled.get(prompts);
  if (!validate) compiled.set(prompts, (validate = ajv.compile(promptSchema(prompts))));
  if (validate(values)) return { values };
  return { values, problems: problemsOf(validate.errors ?? [], prompts, values) };
}
