// The JSON Schema validator rjsf asks whether data fits a schema. It interprets the schema
// (@cfworker/json-schema) instead of compiling it into a function as ajv does: the page's
// content policy allows no code made from text (no 'unsafe-eval'), and form schemas arrive from
// the server at run time, so they cannot be compiled ahead either.
//
// rjsf consults it to resolve conditional schemas (if/then, oneOf, anyOf, dependencies) and, if it
// ever validates a whole form, for the errors under each field. GenericForm never has rjsf
// validate (no submit of rjsf's own, no live validation), so the library's English messages are
// shown nowhere; the server stays the authority, and what a save breaks comes back as its
// ModelState in the user's language.
//
// @rjsf/validator-ajv8 stays installed only because @rjsf/core 6.11's entry imports it for its
// test registry; the bundle drops it, as nothing calls that.
import { dereference, validate, type OutputUnit, type Schema } from '@cfworker/json-schema';
import {
  ID_KEY,
  ROOT_SCHEMA_PREFIX,
  createErrorHandler,
  getDefaultFormState,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  withIdRefPrefix,
  type CustomValidator,
  type ErrorTransformer,
  type FormContextType,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';

/** ajv 8's behaviour, which rjsf's schemas are written for: keywords beside a `$ref` still apply. */
const DRAFT = '2019-09';

/** Keywords whose error only says that errors follow below it: the ones below are the useful ones. */
const SUMMARIES = new Set([
  '$ref',
  '$recursiveRef',
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'allOf',
  'dependentSchemas',
  'dependencies',
  'then',
  'else',
]);

const REQUIRED_PROPERTY = /required property "(.*)"\.$/;

type Lookup = ReturnType<typeof dereference>;

/**
 * The library resolves `$ref`s by marking the schema objects it reads (hidden properties, kept for
 * good), so it gets copies: rjsf's own schema objects stay as they are, and one object can be read
 * against different roots. Schemas are JSON, so a JSON copy is a whole one.
 */
const copy = <S>(schema: S): Schema => JSON.parse(JSON.stringify(schema));

/** JSON data as a submit would send it: undefined properties left out, no value at all as null. */
function asJson(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

function decodePointer(location: string): string[] {
  return location
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The errors of one run as rjsf lists them: `.a.b` paths, the missing property named on its own path. */
export function toRjsfErrors(units: readonly OutputUnit[]): RJSFValidationError[] {
  const below = (unit: OutputUnit) =>
    units.some((other) => other !== unit && other.keywordLocation.startsWith(`${unit.keywordLocation}/`));
  return units
    .filter((unit) => !(SUMMARIES.has(unit.keyword) && below(unit)))
    .map((unit) => {
      const path = decodePointer(unit.instanceLocation);
      const missing = unit.keyword === 'required' ? REQUIRED_PROPERTY.exec(unit.error)?.[1] : undefined;
      if (missing !== undefined) path.push(missing);
      const property = path.map((p) => `.${p}`).join('');
      return {
        name: unit.keyword,
        property,
        message: unit.error,
        params: missing !== undefined ? { missingProperty: missing } : {},
        stack: `${property} ${unit.error}`.trim(),
        schemaPath: unit.keywordLocation,
      };
    });
}

export class SchemaValidator<T = Record<string, unknown>> implements ValidatorType<T, RJSFSchema, FormContextType> {
  /** Per root schema: its references, and each sub-schema already prepared against it. */
  private roots = new WeakMap<object, { lookup: Lookup; subs: WeakMap<object, { schema: Schema; lookup: Lookup }> }>();

  private prepared(schema: RJSFSchema, rootSchema: RJSFSchema) {
    let root = this.roots.get(rootSchema);
    if (!root) {
      // Registered under the name rjsf's prefixed references use (withIdRefPrefix below).
      root = { lookup: dereference({ ...copy(rootSchema), [ID_KEY]: ROOT_SCHEMA_PREFIX }), subs: new WeakMap() };
      this.roots.set(rootSchema, root);
    }
    let sub = root.subs.get(schema);
    if (!sub) {
      // A sub-schema's local references point into the root (rjsf's own convention for its
      // validators); it is read as a part of that root, not as a document of its own.
      const own = copy(withIdRefPrefix(schema));
      delete own[ID_KEY];
      sub = { schema: own, lookup: dereference(own, { ...root.lookup }) };
      root.subs.set(schema, sub);
    }
    return sub;
  }

  rawValidation<Result = unknown>(schema: RJSFSchema, formData?: T): { errors?: Result[]; validationError?: Error } {
    try {
      const own = copy(schema);
      const result = validate(asJson(formData), own, DRAFT, dereference(own), false);
      return { errors: result.valid ? undefined : (result.errors as Result[]) };
    } catch (error) {
      // An unreadable schema (an unresolved $ref) is a finding of its own, as ajv's compile error is.
      return { validationError: error as Error };
    }
  }

  validateFormData(
    formData: T | undefined,
    schema: RJSFSchema,
    customValidate?: CustomValidator<T, RJSFSchema, FormContextType>,
    transformErrors?: ErrorTransformer<T, RJSFSchema, FormContextType>,
    uiSchema?: UiSchema<T, RJSFSchema, FormContextType>,
  ): ValidationData<T> {
    const raw = this.rawValidation<OutputUnit>(schema, formData);
    let errors = toRjsfErrors(raw.errors ?? []);
    if (raw.validationError) errors.push({ stack: raw.validationError.message });
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    let errorSchema = toErrorSchema<T>(errors);
    if (raw.validationError) errorSchema = { ...errorSchema, $schema: { __errors: [raw.validationError.message] } };
    if (!customValidate) return { errors, errorSchema };
    // Custom checks see every field, also those without a value, as rjsf's own validators give them.
    const withDefaults = getDefaultFormState<T, RJSFSchema, FormContextType>(this, schema, formData, schema, true) as T;
    const handler = customValidate(withDefaults, createErrorHandler<T>(withDefaults), uiSchema, errorSchema);
    return validationDataMerge<T>({ errors, errorSchema }, unwrapErrorHandler<T>(handler));
  }

  isValid(schema: RJSFSchema, formData: T | undefined, rootSchema: RJSFSchema): boolean {
    try {
      const sub = this.prepared(schema, rootSchema);
      return validate(asJson(formData), sub.schema, DRAFT, sub.lookup, true).valid;
    } catch (error) {
      console.warn('Error encountered reading schema:', error);
      return false;
    }
  }

  reset(): void {
    this.roots = new WeakMap();
  }
}

/** The validator every form of the runtime uses. */
export const schemaValidator = new SchemaValidator();
