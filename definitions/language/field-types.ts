// Field types: their PostgreSQL column, their form component, their filter operators and
// the field-dictionary limits (spec 2 section 5). Pure, shared by server and runtime.
import type { MessageId, Said } from './messages.ts';
import type { FieldDef, FieldType } from './types.ts';

/** Form input kind codes of spec 1 section 3. */
export const Component = {
  BoolInput: 0,
  DateTimeInput: 1,
  ListInput: 2,
  NumericInput: 3,
  SelectInput: 4,
  TextAreaInput: 5,
  TextInput: 6,
  Code: 98,
  Variable: 99,
} as const;
export type ComponentCode = (typeof Component)[keyof typeof Component];

/** Column formats of spec 1 section 9. */
export const ColumnFormat = { Time: 3, Date: 5, DateTime: 9, DateTimeSeconds: 10 } as const;

export type ValueKind = 'text' | 'number' | 'bool' | 'date' | 'time' | 'datetime';

interface TypeInfo {
  kind: ValueKind;
  component: ComponentCode;
  format?: number;
}

const TYPES: Record<FieldType, TypeInfo> = {
  text: { kind: 'text', component: Component.TextInput },
  textarea: { kind: 'text', component: Component.TextAreaInput },
  html: { kind: 'text', component: Component.TextAreaInput },
  color: { kind: 'text', component: Component.TextInput },
  image: { kind: 'text', component: Component.TextInput },
  file: { kind: 'text', component: Component.TextInput },
  // Stored as a hash, never answered, never filtered.
  password: { kind: 'text', component: Component.TextInput },
  select: { kind: 'text', component: Component.SelectInput },
  smallint: { kind: 'number', component: Component.NumericInput },
  integer: { kind: 'number', component: Component.NumericInput },
  bigint: { kind: 'number', component: Component.NumericInput },
  decimal: { kind: 'number', component: Component.NumericInput },
  list: { kind: 'number', component: Component.ListInput },
  bool: { kind: 'bool', component: Component.BoolInput },
  date: { kind: 'date', component: Component.DateTimeInput, format: ColumnFormat.Date },
  time: { kind: 'time', component: Component.DateTimeInput, format: ColumnFormat.Time },
  datetime: { kind: 'datetime', component: Component.DateTimeInput, format: ColumnFormat.DateTime },
  'datetime-seconds': { kind: 'datetime', component: Component.DateTimeInput, format: ColumnFormat.DateTimeSeconds },
};

export const FIELD_TYPES = Object.keys(TYPES) as FieldType[];

export function valueKind(type: FieldType): ValueKind {
  return TYPES[type].kind;
}
export function componentOf(type: FieldType): ComponentCode {
  return TYPES[type].component;
}
export function defaultFormat(type: FieldType): number | undefined {
  return TYPES[type].format;
}

/** Digit limits of the field dictionary: most integer digits per numeric type. */
export const DIGIT_LIMITS = { smallint: 5, integer: 10, bigint: 18, decimal: 38 } as const;
export const DEFAULT_TEXT_LENGTH = 100;
export const COLOR_LENGTH = 9;
export const FILE_REFERENCE_LENGTH = 500;
/** Longest password a user may choose; the column holds its argon2 hash. */
export const PASSWORD_LENGTH = 200;

/** Integer digits a numeric field holds, with the type's default. */
export function integerDigits(field: FieldDef): number {
  switch (field.type) {
    case 'smallint':
      return field.integers ?? 4;
    case 'integer':
      return field.integers ?? 9;
    case 'bigint':
      return field.integers ?? 18;
    case 'decimal':
      return field.integers ?? 10;
    default:
      return 0;
  }
}
export function decimalDigits(field: FieldDef): number {
  return field.type === 'decimal' ? (field.decimals ?? 2) : 0;
}

/** Largest magnitude a numeric field accepts: its digits, and the column type's range. */
export function numericBound(field: FieldDef): number {
  const byDigits = 10 ** integerDigits(field) - 10 ** -decimalDigits(field);
  switch (field.type) {
    case 'smallint':
      return Math.min(byDigits, 32767);
    case 'integer':
      return integerDigits(field) <= 9 ? Math.min(byDigits, 2147483647) : byDigits;
    case 'bigint':
      return Math.min(byDigits, Number.MAX_SAFE_INTEGER);
    default:
      return byDigits;
  }
}

/** Maximum text length a text-kind field accepts. */
export function textLength(field: FieldDef): number | undefined {
  switch (field.type) {
    case 'text':
    case 'select':
      return field.maxLength ?? DEFAULT_TEXT_LENGTH;
    case 'color':
      return COLOR_LENGTH;
    case 'image':
    case 'file':
      return FILE_REFERENCE_LENGTH;
    case 'password':
      return PASSWORD_LENGTH;
    case 'textarea':
    case 'html':
      return field.maxLength;
    default:
      return undefined;
  }
}

/** The PostgreSQL column type of a field, in the canonical spelling information_schema reports. */
export function columnType(field: FieldDef): string {
  switch (field.type) {
    case 'text':
    case 'select':
    case 'color':
    case 'image':
    case 'file':
      return `character varying(${textLength(field)})`;
    case 'password':
      return 'character varying(200)';
    case 'textarea':
    case 'html':
      return 'text';
    case 'smallint':
      return 'smallint';
    case 'integer':
      return integerDigits(field) <= 9 ? 'integer' : 'bigint';
    case 'bigint':
    case 'list':
      return 'bigint';
    case 'decimal': {
      const d = decimalDigits(field);
      return `numeric(${integerDigits(field) + d},${d})`;
    }
    case 'bool':
      return 'boolean';
    case 'date':
      return 'date';
    case 'time':
      return 'time without time zone';
    case 'datetime':
    case 'datetime-seconds':
      return 'timestamp without time zone';
    default:
      throw new Error(`unknown field type ${String(field.type)}`);
  }
}

/**
 * How a column is filtered: by the kind of value the user sees. A list field stores an AutoID but
 * shows the referenced row's text, so it is filtered by that text or by picking rows; a select
 * field stores a code but shows its option's label, so it is filtered by picking options.
 */
export type FilterKind = ValueKind | 'list' | 'choice';

export function filterKind(type: FieldType): FilterKind {
  if (type === 'list') return 'list';
  if (type === 'select') return 'choice';
  return valueKind(type);
}

/** The most values an `in` (is one of) filter takes. */
export const MAX_FILTER_VALUES = 100;

/**
 * Filter operators per column kind, spec 1 section 5, with list and choice columns filtered by
 * what they show: `contains`/`notcontains` on a list's text, `in` (is one of) on picked rows or
 * options. `=` and `!=` on a list compare the AutoID (parent rows, data sets such as
 * `AccountManager = $currentUser`); nothing orders by an AutoID or a code.
 */
export const OPERATORS: Record<FilterKind, readonly string[]> = {
  number: ['>', '>=', '<', '<=', '=', '!=', 'empty'],
  date: ['>', '>=', '<', '<=', '=', '!=', 'empty'],
  time: ['>', '>=', '<', '<=', '=', '!=', 'empty'],
  datetime: ['>', '>=', '<', '<=', '=', '!=', 'empty'],
  text: ['=', '!=', 'contains', 'notcontains', 'empty'],
  bool: ['='],
  list: ['contains', 'notcontains', 'in', '=', '!=', 'empty'],
  choice: ['=', '!=', 'in', 'empty'],
};
export function operatorsFor(type: FieldType): readonly string[] {
  return OPERATORS[filterKind(type)];
}

/** A broken field-dictionary rule: the attribute, the implementer's text, and the user's message. */
export interface FieldRuleError {
  attr: string;
  message: string;
  said: Said;
}

/**
 * Field-dictionary rules beyond the JSON Schema (spec 2 section 5 and type coherence).
 * Answers the broken rules; empty when the field is sound.
 */
export function fieldRuleErrors(field: FieldDef): FieldRuleError[] {
  const errors: FieldRuleError[] = [];
  const broken = (attr: string, message: string, id: MessageId, ...args: unknown[]) =>
    errors.push({ attr, message, said: { id, args } });
  const t = field.type;
  if (!t) return errors;
  const numeric = t === 'smallint' || t === 'integer' || t === 'bigint' || t === 'decimal';
  if (field.integers !== undefined) {
    if (!numeric)
      broken('integers', `integers only applies to numeric fields, not ${t}`, 'definition.numeric_only', 'integers', t);
    else if (field.integers < 1)
      broken('integers', 'integers must be at least 1', 'definition.at_least', 'integers', 1);
    else if (field.integers > DIGIT_LIMITS[t])
      broken(
        'integers',
        `${t} allows at most ${DIGIT_LIMITS[t]} integers`,
        'definition.digits_max',
        t,
        DIGIT_LIMITS[t],
      );
  }
  if (field.decimals !== undefined) {
    if (t !== 'decimal')
      broken('decimals', `decimals only applies to decimal fields, not ${t}`, 'definition.decimal_only', t);
    else if (field.decimals < 0)
      broken('decimals', 'decimals may not be below 0', 'definition.at_least', 'decimals', 0);
  }
  if (t === 'decimal' && integerDigits(field) + decimalDigits(field) > 38) {
    broken('decimals', 'integers plus decimals may be at most 38', 'definition.digits_total', 38);
  }
  if (field.maxLength !== undefined && !['text', 'select', 'textarea', 'html'].includes(t)) {
    broken('maxLength', `maxLength does not apply to ${t} fields`, 'definition.text_only', t);
  }
  if (t === 'list' && !field.list) broken('list', 'a list field names its list', 'definition.list_required');
  if (t !== 'list' && field.list)
    broken('list', `list only applies to list fields, not ${t}`, 'definition.list_only', t);
  if (t === 'select' && !(field.options && field.options.length))
    broken('options', 'a select field has options', 'definition.options_required');
  if (field.min !== undefined && field.max !== undefined && field.min > field.max)
    broken('min', 'min is above max', 'definition.min_above_max');
  if ((field.min !== undefined || field.max !== undefined || field.step !== undefined) && !numeric) {
    broken(
      'min',
      `min, max and step only apply to numeric fields, not ${t}`,
      'definition.numeric_only',
      'min, max, step',
      t,
    );
  }
  return errors;
}
