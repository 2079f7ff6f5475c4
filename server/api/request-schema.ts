// The values of a request checked against its call's JSON Schema (definitions/language/api-schemas.ts)
// with ajv, and every problem said as a keyed `request.*` message under its place in the body
// (Columns[0].ColumnWidth), so the form and any client can show it where it belongs. Handlers
// then only check what the definitions decide (a field exists, an operator suits its type).
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import type { MessageId } from '../../definitions/language/index.ts';
import { AppError, type FieldMessage } from '../errors.ts';

type Schema = Record<string, unknown>;

const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true, verbose: true });
const compiled = new WeakMap<object, ValidateFunction>();

function validator(schema: object): ValidateFunction {
  let v = compiled.get(schema);
  if (!v) compiled.set(schema, (v = ajv.compile(schema)));
  return v;
}

/** `/Columns/0/ColumnWidth` as `Columns[0].ColumnWidth`. */
export function placeOf(instancePath: string, prefix = ''): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let place = prefix;
  for (const part of parts) place += /^\d+$/.test(part) ? `[${part}]` : place ? `.${part}` : part;
  return place || 'body';
}

interface Problem {
  place: string;
  id: MessageId;
  args: unknown[];
}

const TYPE_MESSAGE: Record<string, MessageId> = {
  string: 'request.text',
  boolean: 'request.bool',
  array: 'request.list',
  object: 'request.object',
};

/** A whole number out of its range, said with the range its schema gives. */
function wholeProblem(place: string, schema: Schema): Problem {
  if (schema.maximum !== undefined)
    return { place, id: 'request.whole_number', args: [place, schema.minimum ?? 0, schema.maximum] };
  return { place, id: schema.minimum === 1 ? 'request.positive' : 'request.not_negative', args: [place] };
}

/** One ajv error in the words of the message catalogue. */
function problemOf(e: ErrorObject, prefix: string): Problem {
  const place = placeOf(e.instancePath, prefix);
  const parent = (e.parentSchema ?? {}) as Schema;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return {
        place: placeOf(`${e.instancePath}/${String(p.missingProperty)}`, prefix),
        id: 'request.required',
        args: [placeOf(`${e.instancePath}/${String(p.missingProperty)}`, prefix)],
      };
    case 'minProperties':
      return { place, id: 'request.required', args: [Object.keys(parent.properties ?? {}).join(' / ')] };
    case 'additionalProperties': {
      const known = Object.keys(parent.properties ?? {});
      const key = placeOf(`${e.instancePath}/${String(p.additionalProperty)}`, prefix);
      return known.length
        ? { place: key, id: 'request.unknown_parameter', args: [key, known.join(', ')] }
        : { place: key, id: 'request.no_parameters', args: [] };
    }
    case 'minimum':
    case 'maximum':
      return wholeProblem(place, parent);
    case 'minLength':
      return { place, id: 'request.required', args: [place] };
    case 'maxLength':
      return { place, id: 'request.text_max', args: [place, p.limit] };
    case 'pattern':
      return { place, id: 'request.pattern', args: [place] };
    case 'maxItems':
      return { place, id: 'request.too_many_items', args: [place, p.limit] };
    case 'maxProperties':
      return { place, id: 'request.too_many_keys', args: [place, p.limit] };
    case 'enum':
      return { place, id: 'request.one_of', args: [place, (p.allowedValues as unknown[]).join(', ')] };
    case 'type': {
      if (Array.isArray(p.type) || String(p.type).includes(','))
        return { place, id: 'request.types', args: [place, String(p.type).split(',').join(', ')] };
      if (p.type === 'integer') return wholeProblem(place, parent);
      const id = TYPE_MESSAGE[String(p.type)];
      return id ? { place, id, args: [place] } : { place, id: 'request.types', args: [place, String(p.type)] };
    }
    default:
      return { place, id: 'request.framework', args: [`${place} ${e.message ?? e.keyword}`] };
  }
}

const under = (e: ErrorObject, parent: ErrorObject) => e !== parent && e.schemaPath.startsWith(`${parent.schemaPath}/`);

/**
 * Errors without the noise of alternatives: for a value that fits none of an anyOf's schemas,
 * the problem inside the alternative it got furthest in (deeper in the value, or of the right
 * type but too long), else one message naming the types it may have.
 */
function plainErrors(errors: ErrorObject[], prefix: string): Problem[] {
  const top = errors.filter((e) => !errors.some((a) => a.keyword === 'anyOf' && under(e, a)));
  return top.flatMap((e) => {
    if (e.keyword !== 'anyOf') return [problemOf(e, prefix)];
    const inner = errors.filter((s) => under(s, e));
    const deeper = inner.filter((s) => s.instancePath !== e.instancePath);
    if (deeper.length) return plainErrors(deeper, prefix);
    const fitting = inner.filter((s) => s.keyword !== 'type');
    if (fitting.length) return plainErrors(fitting, prefix);
    const types = [...new Set(inner.map((s) => String((s.params as { type: unknown }).type)))];
    return [
      {
        place: placeOf(e.instancePath, prefix),
        id: 'request.types',
        args: [placeOf(e.instancePath, prefix), types.join(', ')],
      },
    ];
  });
}

/**
 * Checks `value` against `schema`; throws a 400 whose Error is the first problem and whose
 * ModelState holds every problem under its place. `prefix` names where the value sits (query).
 */
export function checkSchema(schema: Schema, value: unknown, prefix = ''): void {
  const validate = validator(schema);
  if (validate(value)) return;
  const problems = plainErrors(validate.errors ?? [], prefix);
  const fields: Record<string, FieldMessage[]> = {};
  for (const { place, id, args } of problems) {
    const list = (fields[place] ??= []);
    if (!list.some((m) => m.id === id)) list.push({ id, args });
  }
  const first = problems[0];
  throw new AppError('BAD_REQUEST', first.args, fields, {}, first.id);
}
