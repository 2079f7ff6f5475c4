// The JSON Schema of one record of a table, compiled from its effective fields. The server
// validates every save with it (ajv) and the runtime's forms use the same schema, so the API
// and imports cannot bypass what a form enforces.
import { decimalDigits, integerDigits, numericBound, textLength } from './field-types.ts';
import type { EffectiveField, EffectiveTable } from './layering.ts';

export const TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$';
export const DATETIME_PATTERN =
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}[T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,6})?)?$';
export const COLOR_PATTERN = '^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$';
export const DECIMAL_STRING_PATTERN = '^-?[0-9]+(\\.[0-9]+)?$';

/** The custom keyword that carries digit limits: integers before and decimals after the point. */
export const DIGITS_KEYWORD = 'x-digits';

/** True when a numeric value fits the given integer and decimal digits. */
export function digitsFit(value: number | string, integers: number, decimals: number): boolean {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  const m = /^-?([0-9]+)(?:\.([0-9]+))?(?:e([+-]?[0-9]+))?$/i.exec(text);
  if (!m) return false;
  if (m[3] !== undefined) {
    // Exponent notation: compare magnitudes, then the decimals the value really has.
    const n = Number(text);
    const intDigits = Math.abs(n) < 1 ? 1 : Math.floor(Math.log10(Math.abs(n))) + 1;
    const fixed = n.toFixed(Math.min(decimals + 1, 100));
    return intDigits <= integers && Number(fixed) === Number(n.toFixed(decimals));
  }
  const intPart = m[1].replace(/^0+(?=[0-9])/, '');
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  return intPart.length <= integers && fraction.length <= decimals;
}

export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function fieldSchema(field: EffectiveField): Record<string, unknown> {
  const nullable = (type: string | string[]) => ({ type: [...(Array.isArray(type) ? type : [type]), 'null'] });
  const bound = (s: Record<string, unknown>) => {
    const limit = numericBound(field);
    s.minimum = Math.max(field.min ?? -limit, -limit);
    s.maximum = Math.min(field.max ?? limit, limit);
    s[DIGITS_KEYWORD] = { integers: integerDigits(field), decimals: decimalDigits(field) };
    return s;
  };
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'html':
    case 'image':
    case 'file':
    case 'password': {
      const max = textLength(field);
      return { ...nullable('string'), ...(max ? { maxLength: max } : {}) };
    }
    case 'color':
      return { ...nullable('string'), maxLength: textLength(field), pattern: COLOR_PATTERN };
    case 'select':
      return { ...nullable('string'), enum: [...(field.options ?? []).map((o) => o.value), null] };
    case 'smallint':
    case 'integer':
    case 'bigint':
      return bound(nullable('integer'));
    case 'decimal':
      return bound({ ...nullable(['number', 'string']), pattern: DECIMAL_STRING_PATTERN });
    case 'list':
      return { ...nullable('integer'), minimum: 1 };
    case 'bool':
      return nullable('boolean');
    case 'date':
      return { ...nullable('string'), format: 'date' };
    case 'time':
      return { ...nullable('string'), pattern: TIME_PATTERN };
    case 'datetime':
    case 'datetime-seconds':
      return { ...nullable('string'), pattern: DATETIME_PATTERN, format: 'local-date-time' };
  }
}

/** The schema of the writable part of a record: its fields, plus Archive where archivable. */
export function recordSchema(table: EffectiveTable): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const field of table.fields)
    properties[field.name] = { title: field.label ?? field.name, ...fieldSchema(field) };
  if (table.archivable) properties.Archive = { type: 'boolean' };
  return { type: 'object', properties };
}
